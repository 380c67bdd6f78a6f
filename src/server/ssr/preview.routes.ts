import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGES } from '../../core/pages';
import { resolveSession } from '../access/access';
import { findRevisedPage, mayEditPage, previewRevision, previewRevisionOf } from '../content/publishing.service';
import { ONE_SEGMENT } from './public-addresses';
import { notFoundPage, previewedPage, renderPage, type RenderSite } from './render-page';

/**
 * A staff preview (DESIGN §19): `/preview/Home1` renders the page's newest revision (or `?revision=N`) through
 * the same rendering as the public page, with the bar, noindex and no-store; never cached. Anyone whose menu
 * lacks the page's editor (a visitor, a forged cookie) gets the site's 404, as for a page that does not exist.
 */
export function previewRoutes(app: FastifyInstance, site: RenderSite): void {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>('/preview/:name', async (request, reply) => {
    const { tenant } = request;
    const name = request.params.name;
    const builtIn = CONTENT_PAGES.find((p) => p.publicPath.toLowerCase() === `/${name.toLowerCase()}`);
    const routing = builtIn ? builtIn.routing : name.replace(/1$/, '');
    const session = await resolveSession(request);
    const page = ONE_SEGMENT.test(`/${routing}`) ? await findRevisedPage(tenant, routing) : null;
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!page || !(await mayEditPage(tenant, session, page.row.routing))) {
      const notFound = await renderPage(site, tenant, notFoundPage(request.url), { mode: 'public' });
      return reply.code(404).type('text/html; charset=utf-8').send(notFound.html);
    }
    const shown = await previewRevision(tenant, page, previewRevisionOf(request.query.revision));
    const { html } = await renderPage(site, tenant, previewedPage(page), { mode: 'preview', document: shown.document, editorPath: `/${page.row.routing}` });
    return reply.code(200).type('text/html; charset=utf-8').send(html);
  });
}
