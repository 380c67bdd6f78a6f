import type { FastifyInstance } from 'fastify';
import * as calendar from '../../core/api/calendar';
import { typed } from '../http/contract';
import { documentStrategy } from '../pages/languages/translations.service';
import { readCalendar, reschedule } from './calendar.service';

/** The calendar screen's calls (docs/design.md §32): what goes live when, and a move to another time. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(calendar.getCalendar, async (request) => readCalendar(request.tenant, request.session!, request.query));
  api.route(calendar.reschedule, async (request) =>
    reschedule(
      request.tenant,
      request.editedPage!,
      await documentStrategy(request.tenant, request.body.locale),
      request.body,
      request.session!,
    ),
  );
}
