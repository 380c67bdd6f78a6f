import type { FastifyInstance } from 'fastify';
import { mayEditPage, resolveSession } from '../access/access';
import { ValidationError } from '../errors';
import { previewRevision, previewRevisionOf } from '../pages/page.service';
import { findPreviewedPage, inLocale } from '../pages/resolve-page';
import { previewTranslationRevision } from '../pages/translations.service';
import { sharedPreviewLocale } from '../preview-shares/preview-shares.service';
import { renderNotFound, renderPage, type RenderSite } from './render-page';

/**
 * A staff preview (docs/design.md §19): `/preview/Home1` renders the page's newest revision (or `?revision=N`) through
 * the same rendering as the public page, with the bar, noindex and no-store; never cached. Anyone whose menu
 * lacks the page's editor (a visitor, a forged cookie) gets the site's 404, as for a page that does not exist.
 * A shared link (docs/design.md §26, `?share=<token>`) decides alone, without a session: a live link of this very page
 * shows its newest revision in the language it was made for, at the address made for it (`?locale=de&share=…`
 * for a translation's), without the way back to the editor; any other token, or another language, gets the 404.
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
      // language (docs/design.md §28).
      if (typeof locale === 'string') {
        // A language the site does not have is a page that does not exist, as for any other wrong address here.
        const document = await previewTranslationRevision(tenant, page, locale, asked).catch((error: unknown) => {
          if (error instanceof ValidationError) return null;
          throw error;
        });
        if (!document)
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send((await renderNotFound(site, tenant, request.url)).html);
        const shown = inLocale(page, locale);
        const editorPath = share === undefined ? `/${page.routing}?locale=${encodeURIComponent(locale)}` : null;
        const { html } = await renderPage(site, tenant, shown, { mode: 'preview', document, editorPath });
        return reply.code(200).type('text/html; charset=utf-8').send(html);
      }
      const revision = await previewRevision(tenant, page, asked);
      const editorPath = share === undefined ? `/${page.routing}` : null;
      const { html } = await renderPage(site, tenant, page, {
        mode: 'preview',
        document: revision.document,
        editorPath,
      });
      return reply.code(200).type('text/html; charset=utf-8').send(html);
    },
  );
}
