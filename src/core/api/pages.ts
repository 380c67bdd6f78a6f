import {
  AnyDocumentSchema,
  PageContentRequestSchema,
  RestorePageContentSchema,
  SavePageContentSchema,
} from '../page-defs/autowired-document';
import { PageHistorySchema, SavedRevisionSchema } from '../schemas/revision';
import { SitePageListSchema } from '../schemas/site-pages';
import { route, screenErrors } from './route';

/**
 * The spec's calls of every page with content (spec 000 §7, spec 001, docs/design.md §13, §19). Who may call an editing
 * call is declared on it (`editsPage`: the page is named by the call, a path parameter or a body field). The calls every
 * editor makes on its first screen (a built-in page's own, edit, unschedule, compare) are in page-editing.ts.
 */

// Any page's content by its routing name in the body (docs/design.md §13).
const byBody = { editsPage: { body: 'commonrouting' } } as const;
export const getPageContent = route({
  method: 'POST',
  path: '/api/master/getpagecontent',
  body: PageContentRequestSchema,
  reply: AnyDocumentSchema,
  errors: [400, 404],
  access: { public: true },
});
export const savePageContent = route({
  method: 'POST',
  path: '/api/master/savepagecontent',
  body: SavePageContentSchema,
  reply: SavedRevisionSchema,
  errors: screenErrors(404, 409),
  access: byBody,
  scope: 'content:write',
});
export const getPageHistory = route({
  method: 'POST',
  path: '/api/master/getpagehistory',
  body: PageContentRequestSchema,
  reply: PageHistorySchema,
  errors: screenErrors(404),
  access: byBody,
});
export const restorePage = route({
  method: 'POST',
  path: '/api/master/restorepage',
  body: RestorePageContentSchema,
  reply: SavedRevisionSchema,
  errors: screenErrors(404, 409),
  access: byBody,
});

/** The site's pages by title (docs/design.md §34): the rich-text link dialog's picker; the server lets in whoever edits a page. */
export const sitePages = route({
  method: 'GET',
  path: '/api/master/sitepages',
  reply: SitePageListSchema,
  errors: screenErrors(),
  access: { signedIn: true },
});
