import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import { DEMO_CONTENT } from '../../core/schemas/page-content';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/** Text as it appears in the HTML: tags removed, entities of the usual characters decoded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
const plain = (html: string) => textOf(html).trim();

describe.each(testDialects())('public pages rendered on the server (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each(CONTENT_PAGES.map((p) => [p.publicPath, p] as const))(
    '%s is complete HTML with title, description and its content',
    async (path, page) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html).toMatch(/^<!doctype html><html lang="en-IN"/);
      expect(html).toContain(`<meta name="description" content="`);
      expect(html).toMatch(new RegExp(`<title>[^<]*Innovo Software Pvt\\. Ltd\\.[^<]*</title>`));
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
      expect(html.match(/<h1[\s>]/g)?.length).toBe(1);
      // The header's menu and the footer are there before any script runs.
      expect(html).toContain('href="/Bespoke1"');
      expect(html).toContain('We would love to hear from you!');
      expect(html).toContain('Get In Touch');
      // No page data is embedded for the browser: its islands work on the markup alone (decision 011).
      expect(html).not.toContain('application/json');
      // A sample of the page's own text, from its content document, is in the HTML.
      const text = textOf(html);
      for (const sample of samplesOf(page.key)) expect(text).toContain(sample);
    },
  );

  // docs/design.md §24, spec 000 §2: the heading of each page is its display name, seeded as the spec gives it.
  it.each([
    ['/About1', 'About us'],
    ['/Customers1', 'Our Customers'],
    ['/News1', 'News'],
  ])("%s has the spec's heading, %s", async (path, heading) => {
    const html = (await get(path)).body;
    expect(plain(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')).toBe(heading);
  });

  it('renders Home1 with three slides, six expertise cards, six skill bars and two news items', async () => {
    const html = (await get('/Home1')).body;
    expect(html.match(/aria-roledescription="slide"/g)?.length).toBe(3);
    expect(html.match(/class="expertise-card/g)?.length).toBe(6);
    const widths = [...html.matchAll(/skill-bar__fill"[^>]*style="width:\s*(\d+)%/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([90, 85, 80, 75, 70, 65]);
    expect(textOf(html)).toContain('2023');
    expect(textOf(html)).toContain('2022');
  });

  it('renders the 18-row industry table, 20 customer logos and the Pune address', async () => {
    const expertise = (await get('/Expertise1')).body;
    const table = expertise.match(/<table[\s\S]*?<\/table>/)?.[0] ?? '';
    expect(table.match(/<tr/g)?.length).toBe(19);
    const customers = (await get('/Customers1')).body;
    expect(customers.match(/<figure/g)?.length).toBe(20);
    const contact = textOf((await get('/Contact1')).body);
    expect(contact).toContain('Pune');
    expect(contact).toContain('Reach Us');
  });

  it('shows a change in the database on the next request once the cache is cleared', async () => {
    const db = t.app.tenants.default.db;
    const row = await db
      .selectFrom('page_revisions')
      .select('document')
      .where('page_id', '=', 5)
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(row.document);
    doc.sectionlst[0].title = 'Freshly edited heading';
    await db
      .updateTable('page_revisions')
      .set({ document: JSON.stringify(doc) })
      .where('page_id', '=', 5)
      .execute();
    t.app.tenants.default.cache.clear();
    expect(textOf((await get('/Language1')).body)).toContain('Freshly edited heading');
  });

  it('matches routes case-insensitively by redirecting to the canonical spelling', async () => {
    const response = await get('/home1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/Home1');
    expect((await get('/RELATIONWARECRM-PHARMA1/?a=1')).headers.location).toBe('/RelationwareCRM-Pharma1?a=1');
  });

  it.each([
    ['/', '/Home1'],
    ['/hom', '/Home1'],
    ['/abot', '/About1'],
    ['/bspok', '/Bespoke1'],
    ['/exprts', '/Expertise1'],
    ['/cstmrs', '/Customers1'],
    ['/niws', '/News1'],
    ['/cntct', '/Contact1'],
    ['/prd1', '/RelationwareCRM-Manufacturing1'],
    ['/prd2', '/RelationwareCRM-Pharma1'],
    ['/prd3', '/InnovoCare1'],
  ])('old route %s answers 301 to %s', async (from, to) => {
    const response = await get(from);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('answers unknown paths with a real 404 page, and unknown API paths with JSON', async () => {
    const page = await get('/no/such/page');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Page not found');
    expect(page.body).toContain('href="/Home1"');
    const api = await t.app.inject({ method: 'POST', url: '/api/master/nosuchcall', payload: {} });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBeTruthy();
  });

  it('serves robots.txt and a sitemap of the active public pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(CONTENT_PAGES.map((p) => `http://localhost:3000${p.publicPath}`));
  });

  it('sends compressed pages and revalidates with the ETag', async () => {
    const plainPage = await get('/About1');
    const br = await get('/About1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plainPage.body);
    const gz = await get('/About1', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plainPage.body);
    const again = await get('/About1', { 'if-none-match': plainPage.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('sends security headers with every page', async () => {
    const response = await get('/Home1');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });
});

/** A few texts of each page's demo content that must appear in its HTML. */
function samplesOf(key: keyof typeof DEMO_CONTENT): string[] {
  const c = DEMO_CONTENT[key] as unknown as Record<string, unknown>;
  const firstOf = (list: string, field: string) =>
    plain(String((c[list] as Record<string, string>[])[0]?.[field] ?? ''));
  switch (key) {
    case 'home':
      return [
        firstOf('expertiseList', 'exprtsHeading'),
        firstOf('skillList', 'skillName'),
        firstOf('newsList', 'newsTitle'),
      ];
    case 'about':
      return ['About', firstOf('abtcontentlst', 'contenttitle'), firstOf('managementlst', 'mngprofname')];
    case 'bespoke':
      return ['99.5%', 'Tier I'];
    case 'expertise':
      return [
        'Industry Segment & Bespoke Development',
        firstOf('sectionlst', 'heading'),
        firstOf('tablelst', 'segment'),
      ];
    case 'language':
      return ['English to German', firstOf('sectionlst', 'title')];
    case 'consulting':
      return [firstOf('sectionlst', 'title2')];
    case 'news':
      return [firstOf('tablelst', 'newsYear')];
    case 'customers':
      return ['Customers', firstOf('tablelst', 'custname')];
    case 'prod1':
      return ['Sales Force Automation', 'Service Management', firstOf('section1lst', 'title1')];
    case 'prod2':
      return [firstOf('moduleslst', 'moduledata')];
    case 'prod3':
      return [firstOf('benefitslst', 'title')];
    case 'contact':
      return ['Reach Us', 'Contact Person', String(c.email)];
  }
}
