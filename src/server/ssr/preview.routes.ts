import type { FastifyInstance } from 'fastify';
import { mayEditPage, resolveSession } from '../access/access';
import { previewRevision, previewRevisionOf } from '../pages/page.service';
import { findPreviewedPage } from '../pages/resolve-page';
import { renderNotFound, renderPage, type RenderSite } from './render-page';

/**
 * A staff preview (DESIGN §19): `/preview/Home1` renders the page's newest revision (or `?revision=N`) through
 * the same rendering as the public page, with the bar, noindex and no-store; never cached. Anyone whose menu
 * lacks the page's editor (a visitor, a forged cookie) gets the site's 404, as for a page that does not exist.
 */
export function previewRoutes(app: FastifyInstance, site: RenderSite): void {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>('/preview/:name', async (request, reply) => {
    const { tenant } = request;
    const session = await resolveSession(request);
    const page = await findPreviewedPage(tenant, request.params.name);
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!page || !(await mayEditPage(tenant, session, page.routing))) {
      const notFound = await renderNotFound(site, tenant, request.url);
      return reply.code(404).type('text/html; charset=utf-8').send(notFound.html);
    }
    const shown = await previewRevision(tenant, page, previewRevisionOf(request.query.revision));
    const { html } = await renderPage(site, tenant, page, { mode: 'preview', document: shown.document, editorPath: `/${page.routing}` });
    return reply.code(200).type('text/html; charset=utf-8').send(html);
  });
}
