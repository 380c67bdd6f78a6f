import type { FastifyInstance } from 'fastify';
import * as visits from '../../core/api/visits';
import { typed } from '../http/contract';
import { sendCsv } from '../http/csv';
import { readVisits, VISITS_CSV_COLUMNS, visitsCsvRecords } from './visits.service';

/** The visits screen's calls and the editor's Visits panel (docs/design.md §31). Nothing here changes anything. */
export async function visitRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(visits.getVisits, async (request) => readVisits(request.tenant, request.query));
  api.route(visits.exportVisits, async (request, reply) =>
    sendCsv(reply, 'visits', VISITS_CSV_COLUMNS, visitsCsvRecords(request.tenant, request.query)),
  );
  api.route(visits.getPageVisits, async (request) =>
    readVisits(request.tenant, { ...request.query, routing: request.params.routing }),
  );
}
