import { z } from 'zod';
import { databaseId } from '../schemas/ids';
import {
  NotFoundListSchema,
  REDIRECT_MESSAGES,
  RedirectImportSchema,
  RedirectListSchema,
  RedirectSchema,
  SaveRedirectSchema,
} from '../schemas/redirect';
import { AnyBodySchema, fileReply, route, screenErrors } from './route';

/** The redirects screen's calls (docs/design.md §27): redirects, their CSV, and the 404 log. Administrators' screen `redirects`. */
const access = { screen: 'redirects' } as const;

export const listRedirects = route({
  method: 'GET',
  path: '/api/master/redirects',
  reply: RedirectListSchema,
  errors: screenErrors(),
  access,
});
export const saveRedirect = route({
  method: 'POST',
  path: '/api/master/redirects',
  body: SaveRedirectSchema,
  reply: RedirectSchema,
  errors: screenErrors(404, 409),
  access,
});
export const deleteRedirect = route({
  method: 'DELETE',
  path: '/api/master/redirects/:id',
  params: z.strictObject({ id: databaseId() }),
  body: AnyBodySchema,
  reply: RedirectSchema,
  errors: screenErrors(404),
  access,
});
export const exportRedirects = route({
  method: 'GET',
  path: '/api/master/redirects.csv',
  reply: fileReply('text/csv; the columns from, to, status; UTF-8 with BOM, CRLF, every field quoted.'),
  replyType: 'text/csv',
  errors: screenErrors(),
  access,
});
/** The import takes the CSV as it is (text/csv); any other body (JSON) is refused with the sentence of this call. */
export const importRedirects = route({
  method: 'POST',
  path: '/api/master/redirects.csv',
  body: z
    .unknown()
    .refine((body) => typeof body === 'string', { message: REDIRECT_MESSAGES.csvType })
    .meta({
      type: 'string',
      description: 'text/csv: a header line from,to,status, then a line per redirect (status 301 when left empty).',
    }),
  bodyType: 'text/csv',
  reply: RedirectImportSchema,
  errors: screenErrors(415),
  access,
});
export const listNotFound = route({
  method: 'GET',
  path: '/api/master/notfound',
  reply: NotFoundListSchema,
  errors: screenErrors(),
  access,
});
