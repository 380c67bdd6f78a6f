import type { FastifyInstance } from 'fastify';
import * as redirects from '../../core/api/redirects';
import { REDIRECT_CSV_COLUMNS } from '../../core/schemas/redirect';
import { sendCsv } from '../http/csv';
import { typed } from '../http/contract';
import {
  deleteRedirect,
  importRedirects,
  listNotFound,
  listRedirects,
  redirectCsvRecords,
  saveRedirect,
} from './redirects.service';

/** The redirects screen's calls (docs/design.md §27): redirects, their CSV, and the 404 log. Administrators' screen `redirects`. */
export async function redirectRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(redirects.listRedirects, async (request) => listRedirects(request.tenant));
  api.route(redirects.saveRedirect, async (request) => saveRedirect(request.tenant, request.body, request.session!));
  api.route(redirects.deleteRedirect, async (request) => deleteRedirect(request.tenant, request.params.id));
  api.route(redirects.exportRedirects, async (request, reply) =>
    sendCsv(reply, 'redirects', REDIRECT_CSV_COLUMNS, redirectCsvRecords(request.tenant)),
  );
  api.route(redirects.listNotFound, async (request) => listNotFound(request.tenant));
  await app.register(redirectImportRoute);
}

/** The import takes the CSV as it is (text/csv), in a context of its own: the other calls take JSON only. */
async function redirectImportRoute(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  typed(app).route(redirects.importRedirects, async (request) =>
    importRedirects(request.tenant, request.body as string, request.session!),
  );
}
