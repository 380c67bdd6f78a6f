import type { FastifyInstance } from 'fastify';
import { getActivePublicPaths } from '../pages/page.service';
import { serveNotFound, servePageAddress, type PageServing } from './page-addresses.routes';
import { redirectTarget, safeDecode } from './public-addresses';

/** robots.txt and sitemap.xml for search engines, and the 404 handler with its redirects. */
export function robotsSitemapAndNotFound(app: FastifyInstance, serving: PageServing, publicBaseUrl: string): void {
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('sitemap.xml', publicBaseUrl).href}\n`),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const paths = await getActivePublicPaths(request.tenant);
    const urls = paths.map((p) => `<url><loc>${new URL(p.slice(1), publicBaseUrl).href}</loc><changefreq>weekly</changefreq></url>`).join('');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`);
  });

  // Another spelling of a fixed address or an old short route: 301. An API address or another method: a
  // sentence. Else a page's address (a page made in page creation: its twins), or the site's 404 page.
  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://folio.invalid');
    const path = safeDecode(url.pathname).replace(/(.)\/+$/, '$1').toLowerCase();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const target = redirectTarget(path);
      if (target) return reply.redirect(`${target}${url.search}`, 301);
    }
    if (path.startsWith('/api/') || !(request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(404).send({ message: 'There is nothing at this address.' });
    }
    if (await servePageAddress(serving, request, reply, safeDecode(url.pathname).replace(/(.)\/+$/, '$1'), url.search)) return reply;
    return serveNotFound(serving.site, request, reply, url.pathname);
  });
}
