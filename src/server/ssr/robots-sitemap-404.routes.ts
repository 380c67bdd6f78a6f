import type { FastifyInstance } from 'fastify';
import { getActivePublicPaths } from '../pages/page.service';
import { publicPagesOf } from '../pages/resolve-page';
import { hreflangAlternates, pageAlternates, X_DEFAULT } from '../pages/languages/shown-language';
import { escapeHtml } from './document';
import { redirectAt, servedRedirectsOf, writeRedirect } from '../redirects/served-redirects';
import { countNotFound } from '../redirects/redirects.service';
import { serveNotFound, servePageAddress, type PageServing } from './page-addresses.routes';
import { redirectTarget, safeDecode } from './public-addresses';

/** robots.txt and sitemap.xml for search engines, and the 404 handler with its redirects. */
export function robotsSitemapAndNotFound(app: FastifyInstance, serving: PageServing, publicBaseUrl: string): void {
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('sitemap.xml', publicBaseUrl).href}\n`),
  );

  // A page in several languages is listed in each, every entry with the same alternates as its head (docs/design.md §28).
  app.get('/sitemap.xml', async (request, reply) => {
    const { tenant } = request;
    const [paths, pages] = await Promise.all([getActivePublicPaths(tenant), publicPagesOf(tenant)]);
    const href = (path: string) => escapeHtml(new URL(path.slice(1), publicBaseUrl).href);
    let translated = false;
    const urls: string[] = [];
    for (const path of paths) {
      const page = pages.get(path);
      const alternates = page ? hreflangAlternates(await pageAlternates(tenant, page)) : [];
      if (alternates.length === 0) {
        urls.push(`<url><loc>${href(path)}</loc><changefreq>weekly</changefreq></url>`);
        continue;
      }
      translated = true;
      const links = alternates
        .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${href(a.path)}"/>`)
        .join('');
      for (const alternate of alternates)
        if (alternate.hreflang !== X_DEFAULT)
          urls.push(`<url><loc>${href(alternate.path)}</loc>${links}<changefreq>weekly</changefreq></url>`);
    }
    const xhtml = translated ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>${urls.join('')}</urlset>\n`,
      );
  });

  // Another spelling of a fixed address or an old short route: 301. An API address or another method: a
  // sentence. Else a page's address (a page made in page creation: its twins), a redirect (docs/design.md §27: for what
  // the hot path leaves to Fastify: every request while all are logged, app.inject), or the site's 404 page, counted
  // in the 404 log.
  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://folio.invalid');
    const path = safeDecode(url.pathname)
      .replace(/(.)\/+$/, '$1')
      .toLowerCase();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const target = redirectTarget(path);
      if (target) return reply.redirect(`${target}${url.search}`, 301);
    }
    if (path.startsWith('/api/') || !(request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(404).send({ message: 'There is nothing at this address.' });
    }
    if (await servePageAddress(serving, request, reply, safeDecode(url.pathname).replace(/(.)\/+$/, '$1'), url.search))
      return reply;
    // As the hot path reads it: the path as sent, and the query after it.
    const at = request.url.indexOf('?');
    const redirect = redirectAt(
      await servedRedirectsOf(request.tenant, serving.site.securityHeaders),
      at === -1 ? request.url : request.url.slice(0, at),
    );
    if (redirect) {
      reply.hijack();
      writeRedirect(request.tenant, reply.raw, redirect, at === -1 ? '' : request.url.slice(at));
      return reply;
    }
    if (request.method === 'GET') countNotFound(request.tenant, safeDecode(url.pathname), request.headers.referer);
    return serveNotFound(serving.site, request, reply, url.pathname);
  });
}
