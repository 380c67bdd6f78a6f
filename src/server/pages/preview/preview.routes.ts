import type { FastifyInstance } from 'fastify';
import { mayEditPage, resolveSession } from '../../access/access';
import { ValidationError } from '../../errors';
import { previewRevision, previewRevisionOf } from '../page.service';
import { findPreviewedPage, inLocale } from '../resolve-page';
import { documentStrategy } from '../languages/translations.service';
import { sharedPreviewLocale } from './preview-shares.service';
import { renderNotFound, renderPage, type RenderSite } from '../../ssr/render-page';

/**
 * A staff preview (docs/design.md §19): `/preview/Home1` renders the page's newest revision (or `?revision=N`) through
 * the same rendering as the public page, with the bar, noindex and no-store; never cached. Anyone whose menu
 * lacks the page's editor (a visitor, a forged cookie) gets the site's 404, as for a page that does not exist.
 * A shared link (docs/design.md §26, `?share=<token>`) decides alone, without a session: a live link of this very page
 * shows its newest revision in the language it was made for, at the address made for it (`?locale=de&share=…`
 * for a translation's), without the way back to the editor; any other token, or another language, gets the 404.
 * A staff preview with `&checks=1` carries the preview pane's bridge (docs/design.md §26): the releases screen runs the
 * checks of a revision in a sandboxed frame with it (§32).
 */
export function previewRoutes(app: FastifyInstance, site: RenderSite): void {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    '/preview/:name',
    async (request, reply) => {
      const { tenant } = request;
      const { share, locale } = request.query;
      const page = await findPreviewedPage(tenant, request.params.name);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const allowed =
        page !== null &&
        (share === undefined
          ? await mayEditPage(tenant, await resolveSession(request), page.routing)
          : (await sharedPreviewLocale(tenant, page, share)) === (locale === undefined ? '' : locale));
      if (!page || !allowed) {
        const notFound = await renderNotFound(site, tenant, request.url);
        return reply.code(404).type('text/html; charset=utf-8').send(notFound.html);
      }
      const asked = share === undefined ? previewRevisionOf(request.query.revision) : null;
      // `?locale=de` (staff, or a link made for German): the newest revision of the page's translation in that
      // language (docs/design.md §28). A language the site does not have is a page that does not exist, as for any
      // other wrong address here.
      const documents = await documentStrategy(tenant, typeof locale === 'string' ? locale : undefined).catch(
        (error: unknown) => {
          if (error instanceof ValidationError) return null;
          throw error;
        },
      );
      if (!documents)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send((await renderNotFound(site, tenant, request.url)).html);
      const document = await previewRevision(tenant, page, documents, asked);
      const editorPath = share === undefined ? `/${page.routing}${documents.editorQuery}` : null;
      // `&checks=1` (staff only): with the pane's bridge, so that the releases screen runs the §26 checks on a revision.
      const checks = share === undefined && request.query.checks === '1';
      const { html } = await renderPage(site, tenant, inLocale(page, documents.locale), {
        mode: 'preview',
        document,
        editorPath,
        ...(checks ? { pane: { editorOrigin: `${request.protocol}://${request.host}` } } : {}),
      });
      return reply.code(200).type('text/html; charset=utf-8').send(html);
    },
  );
}
