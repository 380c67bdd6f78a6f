import { z } from 'zod';
import { LocaleQuerySchema } from '../schemas/locale';
import { RoutingParamsSchema, route } from './route';

/**
 * The editor's preview pane (docs/design.md §26): the page's unsaved working copy → the page as visitors would see it
 * (HTML, noindex, never stored). `?locale=de`: the working copy is a translation's (its save's body, docs/design.md §28).
 */
export const previewPane = route({
  method: 'POST',
  path: '/api/master/preview/:routing',
  params: RoutingParamsSchema,
  query: LocaleQuerySchema,
  body: z.record(z.string(), z.unknown()).meta({
    description:
      "The page's working copy: the document its save takes (a built-in page's save body; a page made without code's `document`).",
  }),
  reply: z.string().meta({ description: 'The page as HTML (text/html), noindex, never stored.' }),
  replyType: 'text/html',
  errors: [400, 401, 403, 404, 429],
  access: { editsPage: { param: 'routing' } },
});
