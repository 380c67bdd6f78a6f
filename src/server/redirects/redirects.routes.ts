import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { databaseId } from '../../core/schemas/ids';
import {
  NotFoundListSchema,
  REDIRECT_CSV_COLUMNS,
  REDIRECT_MESSAGES,
  RedirectImportSchema,
  RedirectListSchema,
  RedirectSchema,
  SaveRedirectSchema,
} from '../../core/schemas/redirect';
import { sendCsv } from '../http/csv';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import { deleteRedirect, importRedirects, listNotFound, listRedirects, redirectCsvRecords, saveRedirect } from './redirects.service';

const IdParamsSchema = z.strictObject({ id: databaseId() });

/** The redirects screen's calls (docs/design.md §27): redirects, their CSV, and the 404 log. Administrators' screen `redirects`. */
export async function redirectRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const screen = { access: { screen: 'redirects' } } as const;
  api.get('/api/master/redirects', { config: screen, schema: { response: screenReplies(RedirectListSchema) } }, async (request) => listRedirects(request.tenant));
  api.post('/api/master/redirects', { config: screen, schema: { body: SaveRedirectSchema, response: screenReplies(RedirectSchema, [404, 409]) } }, async (request) =>
    saveRedirect(request.tenant, request.body, request.session!),
  );
  api.delete('/api/master/redirects/:id', { config: screen, schema: { params: IdParamsSchema, body: AnyBodySchema, response: screenReplies(RedirectSchema, [404]) } }, async (request) =>
    deleteRedirect(request.tenant, request.params.id),
  );
  api.get(
    '/api/master/redirects.csv',
    { config: screen, schema: { response: screenReplies(z.string().meta({ description: 'text/csv; the columns from, to, status; UTF-8 with BOM, CRLF, every field quoted.' })) } },
    async (request, reply) => sendCsv(reply, 'redirects', REDIRECT_CSV_COLUMNS, redirectCsvRecords(request.tenant)),
  );
  api.get('/api/master/notfound', { config: screen, schema: { response: screenReplies(NotFoundListSchema) } }, async (request) => listNotFound(request.tenant));
  await app.register(redirectImportRoute);
}

/** The import takes the CSV as it is (text/csv), in a context of its own: the other calls take JSON only. */
async function redirectImportRoute(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  typed(app).post(
    '/api/master/redirects.csv',
    {
      config: { access: { screen: 'redirects' } },
      schema: {
        // Any other body (JSON) is refused with the sentence of this call, not zod's "must be a string".
        body: z
          .unknown()
          .refine((body) => typeof body === 'string', { message: REDIRECT_MESSAGES.csvType })
          .meta({ type: 'string', description: 'text/csv: a header line from,to,status, then a line per redirect (status 301 when left empty).' }),
        response: screenReplies(RedirectImportSchema, [415]),
      },
    },
    async (request) => importRedirects(request.tenant, request.body as string, request.session!),
  );
}
