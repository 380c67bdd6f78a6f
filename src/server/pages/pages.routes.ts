import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AnyDocumentSchema, PageContentRequestSchema, RestorePageContentSchema, SavePageContentSchema } from '../../core/page-defs/autowired-document';
import { PageRecordSchema } from '../../core/page-defs/page-definition';
import { ParameterSchema } from '../../core/page-defs/parameter';
import { CONTENT_PAGES } from '../../core/pages';
import { CONTENT_SCHEMAS } from '../../core/schemas/page-content';
import {
  CompareQuerySchema,
  CompareSchema,
  EditStateSchema,
  PageHistorySchema,
  RestoreRevisionSchema,
  SavedRevisionSchema,
  UnscheduledSchema,
} from '../../core/schemas/revision';
import { AnyBodySchema, ErrorBodySchema, replies, screenReplies, typed } from '../http/contract';
import { SitePageListSchema } from '../../core/schemas/site-pages';
import { compareRevisions } from './page-compare';
import { listSitePages } from './site-pages.service';
import type { SaveTools } from './page-kind';
import { resolvePage } from './resolve-page';
import { LocaleQuerySchema, TranslationDocumentSchema } from '../../core/schemas/locale';
import { publicDocument, publishedIn, readPageIn, translationDocument } from './translations.service';
import { editDocument, pageDefinition, pageHistory, restorePage, savePage, unscheduleRevision } from './page.service';

/**
 * The spec's calls of every page with content (spec 000 §7, spec 001, docs/design.md §13, §19), each a thin alias onto
 * the one page service (docs/design.md §25). Who may call an editing call is declared on it (`editsPage`: the page is
 * named by the call, a path parameter or a body field) and checked by the access layer, which hands the page on.
 */
export async function pageRoutes(app: FastifyInstance, options: SaveTools & { publicBaseUrl: string }): Promise<void> {
  const { publicBaseUrl, ...tools } = options;
  builtInPageCalls(app, tools);
  pageContentCalls(app, tools);
  publishingCalls(app, publicBaseUrl);
  publicContentCall(app);
  sitePagesCall(app);
}

/**
 * The site's pages by title (docs/design.md §34): the rich-text link dialog's picker. Any session gets this far; the service
 * lets in whoever edits a page (their menu says which, pages made without code included).
 */
function sitePagesCall(app: FastifyInstance): void {
  typed(app).get('/api/master/sitepages', { config: { access: { signedIn: true } }, schema: { response: screenReplies(SitePageListSchema) } }, async (request) =>
    listSitePages(request.tenant, request.session!),
  );
}

/** Each built-in page's own get and save calls (a save publishes, stores a draft or schedules as its `publish` says), history and restore. */
function builtInPageCalls(app: FastifyInstance, tools: SaveTools): void {
  const api = typed(app);
  for (const page of CONTENT_PAGES) {
    const schema = CONTENT_SCHEMAS[page.key];
    // The body (commonrouting, menupageid) is accepted but not needed: the call names the page.
    api.post(
      `/api/master/${page.getCall}`,
      { config: { access: { public: true } }, schema: { body: AnyBodySchema, response: replies(schema, [404]) } },
      // `{locale}` in the body reads the page in another language (docs/design.md §28); without it, the default.
      async (request) =>
        publishedIn(request.tenant, await resolvePage(request.tenant, page.routing), request.body?.locale) as Promise<z.infer<typeof schema>>,
    );
    // The save call belongs to the page's editing twin: only callers who may edit it may save.
    const editor = { access: { editsPage: { fixed: page.routing } } } as const;
    api.post(
      `/api/master/${page.saveCall}`,
      { config: editor, schema: { body: schema, response: screenReplies(SavedRevisionSchema, [409]) } },
      async (request) => savePage(request.tenant, request.editedPage!, request.body, request.body.publish, request.session!, tools),
    );
    api.get(`/api/master/history/${page.routing}`, { config: editor, schema: { response: screenReplies(PageHistorySchema) } }, async (request) =>
      pageHistory(request.tenant, request.editedPage!),
    );
    api.post(
      `/api/master/restore/${page.routing}`,
      { config: editor, schema: { body: RestoreRevisionSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
      async (request) => restorePage(request.tenant, request.editedPage!, request.body.revision, request.session!, tools.keepRevisions),
    );
  }
}

/** Any page's content by its routing name in the body (docs/design.md §13): getpagecontent, savepagecontent, its editor's definition, history, restore. */
function pageContentCalls(app: FastifyInstance, tools: SaveTools): void {
  const api = typed(app);
  const editor = { access: { editsPage: { body: 'commonrouting' } } } as const;
  api.post(
    '/api/master/getpagecontent',
    { config: { access: { public: true } }, schema: { body: PageContentRequestSchema, response: replies(AnyDocumentSchema, [400, 404]) } },
    async (request) => readPageIn(request.tenant, await resolvePage(request.tenant, request.body.commonrouting), request.session, request.body.locale) as Promise<{ revision: number }>,
  );
  api.post(
    '/api/master/savepagecontent',
    { config: editor, schema: { body: SavePageContentSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
    async (request) => savePage(request.tenant, request.editedPage!, request.body.document, request.body.publish, request.session!, tools),
  );
  api.post(
    '/api/master/getpagedefinition',
    { config: editor, schema: { body: PageContentRequestSchema, response: screenReplies(z.object({ page: PageRecordSchema, parameters: z.array(ParameterSchema) }), [404]) } },
    async (request) => pageDefinition(request.tenant, request.editedPage!),
  );
  api.post(
    '/api/master/getpagehistory',
    { config: editor, schema: { body: PageContentRequestSchema, response: screenReplies(PageHistorySchema, [404]) } },
    async (request) => pageHistory(request.tenant, request.editedPage!),
  );
  api.post(
    '/api/master/restorepage',
    { config: editor, schema: { body: RestorePageContentSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
    async (request) => restorePage(request.tenant, request.editedPage!, request.body.revision, request.session!, tools.keepRevisions),
  );
}

const RoutingParamsSchema = z.strictObject({ routing: z.string().min(1).max(100) });

/** The editor's document with its publishing state (docs/design.md §19): any page's document shape, plus EditState. */
const EditDocumentSchema = EditStateSchema.extend({ revision: z.number().int() }).loose();

/** Drafts, scheduling and compare (docs/design.md §19) for every page with content, by routing name in the address. */
function publishingCalls(app: FastifyInstance, publicBaseUrl: string): void {
  const api = typed(app);
  const editor = { access: { editsPage: { param: 'routing' } } } as const;
  // `?locale=de`: the page's translation in that language, as `GET /api/master/translate/:routing` answers (docs/design.md §28).
  api.get(
    '/api/master/edit/:routing',
    {
      config: editor,
      schema: { params: RoutingParamsSchema, querystring: LocaleQuerySchema, response: screenReplies(z.union([EditDocumentSchema, TranslationDocumentSchema]), [404]) },
    },
    async (request) =>
      request.query.locale === undefined
        ? (editDocument(request.tenant, request.editedPage!, publicBaseUrl) as Promise<z.infer<typeof EditDocumentSchema>>)
        : translationDocument(request.tenant, request.editedPage!, request.query.locale),
  );
  api.post(
    '/api/master/unschedule/:routing',
    { config: editor, schema: { params: RoutingParamsSchema, body: RestoreRevisionSchema, response: screenReplies(UnscheduledSchema, [404, 409]) } },
    async (request) => unscheduleRevision(request.tenant, request.editedPage!, request.body.revision),
  );
  api.get(
    '/api/master/compare/:routing',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: CompareQuerySchema, response: screenReplies(CompareSchema, [404]) } },
    async (request) => compareRevisions(request.tenant, request.editedPage!, request.query.from, request.query.to),
  );
}

const PublicRoutingParamsSchema = z.object({ routing: z.string().max(200) });
/** `?locale=de`: the page in another language visitors can read (docs/design.md §28); checked with a sentence by the service. */
const PublicLocaleQuerySchema = z.object({ locale: z.string().max(40).optional() });

/**
 * docs/design.md §4: public content as GET with an ETag, for caches and CDNs, by the page's name or its public twin's
 * (`About`, `About1`). Untyped reply: the body goes out as the exact bytes its ETag was computed from.
 */
function publicContentCall(app: FastifyInstance): void {
  app.get<{ Params: z.infer<typeof PublicRoutingParamsSchema>; Querystring: z.infer<typeof PublicLocaleQuerySchema> }>(
    '/api/pages/:routing',
    {
      config: { access: { public: true } },
      schema: {
        params: PublicRoutingParamsSchema,
        querystring: PublicLocaleQuerySchema,
        response: {
          200: z.union([...CONTENT_PAGES.map((p) => CONTENT_SCHEMAS[p.key]), AnyDocumentSchema]),
          304: z.null().meta({ description: 'Not modified (If-None-Match).' }),
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const body = JSON.stringify(await publicDocument(request.tenant, request.params.routing, request.query.locale));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
