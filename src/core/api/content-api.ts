import { z } from 'zod';
import { LocaleQuerySchema } from '../schemas/locale';
import { ErrorBodySchema } from './errors';
import { route } from './route';

/**
 * The content API (docs/design.md §33): the published document of every page visitors can reach, built-in or made without
 * code, for the firm's other systems. A `content:read` token reads it (or a staff session), or anyone once the
 * company details open it; `ETag` and 304, `Cache-Control: public, max-age=60`. Image addresses are absolute, from the
 * site's public address.
 */
const ContentPageSchema = z.object({
  /** The page's routing name (its editor's address). */
  routing: z.string(),
  /** The language of `document`, a BCP 47 code: the one asked for, or the site's default where no translation is published. */
  locale: z.string(),
  /** The page's public address in that language. */
  url: z.string(),
  /** The published document, as the page's get call answers it. */
  document: z.record(z.string(), z.unknown()),
});

const notModified = z.null().meta({ description: 'Not modified (If-None-Match).' });

export const contentPages = route({
  method: 'GET',
  path: '/api/content/pages',
  query: LocaleQuerySchema,
  reply: z.object({ items: z.array(ContentPageSchema) }),
  errors: [400, 401, 403],
  answers: { 304: notModified },
  access: { contentApi: true },
  scope: 'content:read',
});

export const contentPage = route({
  method: 'GET',
  path: '/api/content/pages/:routing',
  params: z.strictObject({ routing: z.string().min(1).max(200) }),
  query: LocaleQuerySchema,
  reply: ContentPageSchema,
  errors: [400, 401, 403, 404],
  answers: { 304: notModified, 404: ErrorBodySchema },
  access: { contentApi: true },
  scope: 'content:read',
});
