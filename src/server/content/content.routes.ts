import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGES } from '../../core/pages';
import { NotFoundError } from '../errors';
import { pageHistory, restoreRevision } from './content-history.service';
import { getPageContent, savePageContent } from './content.service';

/** The spec's get calls (spec 000 §7): POST /api/master/<getCall> answers the page's content document. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  for (const page of CONTENT_PAGES) {
    // The body (commonrouting, menupageid) is accepted but not needed: the call names the page.
    app.post(`/api/master/${page.getCall}`, { config: { access: { public: true } } }, async (request) => getPageContent(request.tenant, page.key));
    // The save call belongs to the page's editing twin: only callers whose menu holds it may save.
    app.post(`/api/master/${page.saveCall}`, { config: { access: { screen: page.routing } } }, async (request) => {
      const revision = await savePageContent(request.tenant, page.key, request.body, request.session!);
      return { message: 'Success', revision };
    });
    // History and restore (DESIGN §4): part of the same editing twin.
    const editor = { config: { access: { screen: page.routing } } } as const;
    app.get(`/api/master/history/${page.routing}`, editor, async (request) => pageHistory(request.tenant, page.key));
    app.post(`/api/master/restore/${page.routing}`, editor, async (request) => {
      const revision = await restoreRevision(request.tenant, page.key, request.body, request.session!);
      return { message: 'Success', revision };
    });
  }

  const byRouting = new Map(CONTENT_PAGES.map((p) => [p.routing.toLowerCase(), p]));
  // DESIGN §4: public content as GET with an ETag, for caches and CDNs.
  app.get<{ Params: { routing: string } }>('/api/pages/:routing', { config: { access: { public: true } } }, async (request, reply) => {
    const page = byRouting.get(request.params.routing.toLowerCase().replace(/1$/, ''));
    if (!page) throw new NotFoundError('There is no page of that name.');
    const body = JSON.stringify(await getPageContent(request.tenant, page.key));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
