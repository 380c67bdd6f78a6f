import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPageByKey } from '../../core/pages';
import { publishedDocument } from '../pages/page.service';
import { resolvePage } from '../pages/resolve-page';
import { loadClientAssets } from './client-assets';
import { buildPage, renderNotFound, renderPage, type RenderSite } from './render-page';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/** One renderer (docs/design.md §25): the public page and its preview are the same document but for the preview's parts. */
describe.each(testDialects())('renderPage, public and preview (%s)', (dialect) => {
  let t: TestApp;
  let site: RenderSite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = {
      publicBaseUrl: t.config.publicBaseUrl,
      assets: loadClientAssets(t.config.clientDir),
      securityHeaders: t.app.securityHeaders,
    };
  });
  afterAll(async () => t?.close());

  const about = contentPageByKey('about');

  it('renders what the public route sends', async () => {
    const tenant = t.app.tenants.default;
    const page = await resolvePage(tenant, about.routing);
    const rendered = await renderPage(site, tenant, page, { mode: 'public' });
    const served = await t.app.inject({ method: 'GET', url: about.publicPath });
    expect(rendered.status).toBe(200);
    expect(served.body).toBe(rendered.html);
    const built = await buildPage(site, tenant, page);
    expect(built.html.toString('utf8')).toBe(rendered.html);
    expect(built.headers.identity['cache-control']).toBe('no-cache');
  });

  it('previews a document through the same rendering, with the bar and noindex', async () => {
    const tenant = t.app.tenants.default;
    const page = await resolvePage(tenant, about.routing);
    const document = { ...(await publishedDocument(tenant, page)) } as Record<string, unknown>;
    const publicHtml = (await renderPage(site, tenant, page, { mode: 'public' })).html;
    const preview = await renderPage(site, tenant, page, { mode: 'preview', document, editorPath: '/About' });
    expect(preview.status).toBe(200);
    expect(publicHtml).not.toContain('<meta name="robots" content="noindex">');
    expect(preview.html).toContain('<meta name="robots" content="noindex">');
    expect(preview.html).toContain('Preview, not published.');
    expect(preview.html).toContain('href="/About"');
  });

  it('renders the 404 page with status 404', async () => {
    const rendered = await renderNotFound(site, t.app.tenants.default, '/nothing-here');
    expect(rendered.status).toBe(404);
    expect(rendered.html).toContain('Page not found');
    expect(rendered.html).not.toContain('rel="canonical"');
  });
});
