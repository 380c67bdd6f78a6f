import { z } from 'zod';
import { AnyDocumentSchema } from '../page-defs/autowired-document';
import { CONTENT_PAGES } from '../pages';
import { LocaleQuerySchema } from '../schemas/locale';
import { CONTENT_SCHEMAS } from '../schemas/page-content';
import { ErrorBodySchema } from './errors';
import { route } from './route';

/**
 * docs/design.md §4: public content as GET with an ETag, for caches and CDNs, by the page's name or its public twin's
 * (`About`, `About1`); `?locale=de` reads it in another language visitors can read (docs/design.md §28).
 */
export const publicContent = route({
  method: 'GET',
  path: '/api/pages/:routing',
  params: z.object({ routing: z.string().max(200) }),
  query: LocaleQuerySchema,
  reply: z.union([...CONTENT_PAGES.map((page) => CONTENT_SCHEMAS[page.key]), AnyDocumentSchema]),
  answers: { 304: z.null().meta({ description: 'Not modified (If-None-Match).' }), 404: ErrorBodySchema },
  access: { public: true },
});
