import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { builtIn } from '../../core/api/built-in-pages';
import * as pageEditing from '../../core/api/page-editing';
import { getPageDefinition } from '../../core/api/page-definition-call';
import * as pages from '../../core/api/pages';
import { publicContent } from '../../core/api/public-content';
import { CONTENT_PAGES } from '../../core/pages';
import { typed } from '../http/contract';
import { compareRevisions } from './revisions/page-compare';
import { listSitePages } from './site-pages.service';
import type { SaveTools } from './page-kind';
import { resolvePage } from './resolve-page';
import { documentStrategy, publicDocument, publishedIn, readPageIn } from './languages/translations.service';
import { SOURCE_DOCUMENTS } from './revisions/source-documents';
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
  typed(app).route(pages.sitePages, async (request) => listSitePages(request.tenant, request.session!));
}

/** Each built-in page's own get and save calls (a save publishes, stores a draft or schedules as its `publish` says), history and restore. */
function builtInPageCalls(app: FastifyInstance, tools: SaveTools): void {
  const api = typed(app);
  for (const page of CONTENT_PAGES) {
    const calls = builtIn[page.key];
    // `{locale}` in the body reads the page in another language (docs/design.md §28); without it, the default.
    api.route(
      calls.get,
      async (request) =>
        publishedIn(request.tenant, await resolvePage(request.tenant, page.routing), request.body?.locale) as Promise<
          z.infer<typeof calls.get.reply>
        >,
    );
    // The save call belongs to the page's editing twin: only callers who may edit it may save.
    api.route(calls.save, async (request) =>
      savePage(
        request.tenant,
        request.editedPage!,
        SOURCE_DOCUMENTS,
        request.body,
        request.body.publish,
        request.session!,
        tools,
      ),
    );
    api.route(calls.history, async (request) => pageHistory(request.tenant, request.editedPage!, SOURCE_DOCUMENTS));
    api.route(calls.restore, async (request) =>
      restorePage(
        request.tenant,
        request.editedPage!,
        SOURCE_DOCUMENTS,
        request.body.revision,
        request.session!,
        tools.keepRevisions,
      ),
    );
  }
}

/** Any page's content by its routing name in the body (docs/design.md §13): getpagecontent, savepagecontent, its editor's definition, history, restore. */
function pageContentCalls(app: FastifyInstance, tools: SaveTools): void {
  const api = typed(app);
  api.route(
    pages.getPageContent,
    async (request) =>
      readPageIn(
        request.tenant,
        await resolvePage(request.tenant, request.body.commonrouting),
        request.session,
        request.body.locale,
      ) as Promise<{ revision: number }>,
  );
  api.route(pages.savePageContent, async (request) =>
    savePage(
      request.tenant,
      request.editedPage!,
      SOURCE_DOCUMENTS,
      request.body.document,
      request.body.publish,
      request.session!,
      tools,
    ),
  );
  api.route(getPageDefinition, async (request) => pageDefinition(request.tenant, request.editedPage!));
  api.route(pages.getPageHistory, async (request) =>
    pageHistory(request.tenant, request.editedPage!, SOURCE_DOCUMENTS),
  );
  api.route(pages.restorePage, async (request) =>
    restorePage(
      request.tenant,
      request.editedPage!,
      SOURCE_DOCUMENTS,
      request.body.revision,
      request.session!,
      tools.keepRevisions,
    ),
  );
}

/** Drafts, scheduling and compare (docs/design.md §19) for every page with content, by routing name in the address. */
function publishingCalls(app: FastifyInstance, publicBaseUrl: string): void {
  const api = typed(app);
  // `?locale=de`: the page's translation in that language, as `GET /api/master/translate/:routing` answers (docs/design.md §28).
  api.route(
    pageEditing.editDocument,
    async (request) =>
      editDocument(
        request.tenant,
        request.editedPage!,
        await documentStrategy(request.tenant, request.query.locale),
        publicBaseUrl,
      ) as Promise<z.infer<typeof pageEditing.editDocument.reply>>,
  );
  api.route(pageEditing.unschedule, async (request) =>
    unscheduleRevision(request.tenant, request.editedPage!, SOURCE_DOCUMENTS, request.body.revision),
  );
  api.route(pageEditing.compare, async (request) =>
    compareRevisions(request.tenant, request.editedPage!, SOURCE_DOCUMENTS, request.query.from, request.query.to),
  );
}

/**
 * docs/design.md §4: public content as GET with an ETag, for caches and CDNs, by the page's name or its public twin's
 * (`About`, `About1`). Untyped reply: the body goes out as the exact bytes its ETag was computed from.
 */
function publicContentCall(app: FastifyInstance): void {
  typed(app).route(publicContent, async (request, reply) => {
    const body = JSON.stringify(await publicDocument(request.tenant, request.params.routing, request.query.locale));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
