import { PageVisitsQuerySchema, VisitsQuerySchema, VisitsSchema } from '../schemas/visits';
import { RoutingParamsSchema, fileReply, route, screenErrors } from './route';

/** The visits screen's calls (docs/design.md §31): staff whose menu holds the screen `visits`. */
export const getVisits = route({
  method: 'GET',
  path: '/api/master/visits',
  query: VisitsQuerySchema,
  reply: VisitsSchema,
  errors: screenErrors(),
  access: { screen: 'visits' },
});

/** The figures of the range as CSV: each day of the whole site, then of each page in each language. */
export const exportVisits = route({
  method: 'GET',
  path: '/api/master/visits.csv',
  query: VisitsQuerySchema,
  reply: fileReply(
    'text/csv; the columns Date, Page, Language, Views, Visitors; UTF-8 with BOM, CRLF, every field quoted.',
  ),
  replyType: 'text/csv',
  errors: screenErrors(),
  access: { screen: 'visits' },
});

/** One page's visits, for the Visits panel of its editor: any editor of the page may read them. */
export const getPageVisits = route({
  method: 'GET',
  path: '/api/master/visits/pages/:routing',
  params: RoutingParamsSchema,
  query: PageVisitsQuerySchema,
  reply: VisitsSchema,
  errors: [400, 401, 403, 404],
  access: { editsPage: { param: 'routing' } },
});
