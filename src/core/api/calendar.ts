import { CalendarQuerySchema, CalendarSchema, RescheduleSchema, RescheduledSchema } from '../schemas/calendar';
import { RoutingParamsSchema, route, screenErrors } from './route';

/** The calendar screen's calls (docs/design.md §32): staff whose menu holds the screen `calendar`. */
export const getCalendar = route({
  method: 'GET',
  path: '/api/master/calendar',
  query: CalendarQuerySchema,
  reply: CalendarSchema,
  errors: screenErrors(),
  access: { screen: 'calendar' },
});

/** Moves a scheduled publication of a page (or a review asked for a time) to another time: anyone who edits the page. */
export const reschedule = route({
  method: 'POST',
  path: '/api/master/reschedule/:routing',
  params: RoutingParamsSchema,
  body: RescheduleSchema,
  reply: RescheduledSchema,
  errors: [400, 401, 403, 404, 409],
  access: { editsPage: { param: 'routing' } },
});
