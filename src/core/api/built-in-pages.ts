import { CONTENT_PAGES, type ContentPage, type ContentPageKey } from '../pages';
import { CONTENT_SCHEMAS } from '../schemas/page-content';
import { PageHistorySchema, RestoreRevisionSchema, SavedRevisionSchema } from '../schemas/revision';
import { AnyBodySchema, route, screenErrors } from './route';

// The built-in pages' own calls (spec 000 §7, docs/design.md §13, §19), made from the one list of them (CONTENT_PAGES):
// a file of its own, since their schemas are every built-in page's document (an Autowired page's editor needs none).

/** One built-in page's own get and save calls (a save publishes, stores a draft or schedules as its `publish` says), history and restore. */
function builtInCalls<K extends ContentPageKey>(page: ContentPage & { key: K }) {
  const schema = CONTENT_SCHEMAS[page.key];
  // The save call belongs to the page's editing twin: only callers who may edit it may save.
  const editor = { editsPage: { fixed: page.routing } };
  return {
    /** The body (commonrouting, menupageid, `locale` for another language) is accepted but not needed: the call names the page. */
    get: route({
      method: 'POST',
      path: `/api/master/${page.getCall}`,
      body: AnyBodySchema,
      reply: schema,
      errors: [404],
      access: { public: true },
    }),
    save: route({
      method: 'POST',
      path: `/api/master/${page.saveCall}`,
      body: schema,
      reply: SavedRevisionSchema,
      errors: screenErrors(409),
      access: editor,
      scope: 'content:write',
    }),
    history: route({
      method: 'GET',
      path: `/api/master/history/${page.routing}`,
      reply: PageHistorySchema,
      errors: screenErrors(),
      access: editor,
    }),
    restore: route({
      method: 'POST',
      path: `/api/master/restore/${page.routing}`,
      body: RestoreRevisionSchema,
      reply: SavedRevisionSchema,
      errors: screenErrors(404, 409),
      access: editor,
    }),
  };
}

/** Each built-in page's calls, by page key. */
export const builtIn = Object.fromEntries(CONTENT_PAGES.map((page) => [page.key, builtInCalls(page)])) as {
  readonly [K in ContentPageKey]: ReturnType<typeof builtInCalls<K>>;
};
