import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import { demoDisplayName } from '../db/seed/seed';
import { createUser } from '../users/users.service';
import { metaOf, unescapeHtml } from '../test-support/page-html';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

const titleOf = (html: string) => unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

/** Each page's title, description and sharing card (docs/design.md §20). */
describe.each(testDialects())('titles, descriptions and sharing cards on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  // As staff (a session cookie), who never get the copy from before a save (three saves in 500 ms make a page busy).
  const get = async (url: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url, headers })).body;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
  const edit = async (routing: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/master/edit/${routing}`, headers: admin.headers })).json();

  it.each(CONTENT_PAGES.map((page) => [page.publicPath, page] as const))(
    '%s has the default title, description and card',
    async (path, page) => {
      const html = await get(path);
      const company = 'Innovo Software Pvt. Ltd.';
      expect(titleOf(html)).toBe(`${demoDisplayName(page)} · ${company}`);
      expect(metaOf(html, 'property', 'og:title')).toBe(`${demoDisplayName(page)} · ${company}`);
      expect(metaOf(html, 'property', 'og:site_name')).toBe(company);
      expect(metaOf(html, 'name', 'twitter:title')).toBe(`${demoDisplayName(page)} · ${company}`);
      // The description is the page's first paragraph as plain text, at most 160 characters.
      const description = metaOf(html, 'name', 'description') ?? '';
      expect(description.length).toBeGreaterThan(20);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(description).not.toMatch(/[<>]/);
      expect(metaOf(html, 'property', 'og:description')).toBe(description);
      expect(metaOf(html, 'property', 'og:url')).toBe(`http://localhost:3000${path}`);
      // The company's logo is the card's image when the page has none of its own.
      expect(metaOf(html, 'property', 'og:image')).toBe('http://localhost:3000/demo/logo.png');
      expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
      // The editor's placeholders are the same defaults; its image as stored, a path, which shows wherever the
      // back office is reached (docs/design.md §24).
      const { seoDefaults, seo } = await edit(page.routing);
      expect(seo).toEqual({ title: '', description: '', image: '' });
      expect(seoDefaults).toEqual({
        title: `${demoDisplayName(page)} · ${company}`,
        description,
        image: '/demo/logo.png',
        url: `http://localhost:3000${path}`,
      });
    },
  );

  it("takes a page's own title, description and image, escaped, and keeps them through a save without seo", async () => {
    const home = await edit('Home');
    const seo = {
      title: 'Software "that fits" <your> work',
      description: 'Our own words for search results & cards.',
      image: '/demo/slides/home-1.svg',
    };
    const saved = await post('/api/master/saveHome', { ...home, seo });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = await get('/Home1');
    expect(html).toContain('<title>Software &quot;that fits&quot; &lt;your&gt; work</title>');
    expect(titleOf(html)).toBe(seo.title);
    expect(metaOf(html, 'name', 'description')).toBe(seo.description);
    expect(metaOf(html, 'property', 'og:image')).toBe('http://localhost:3000/demo/slides/home-1.svg');
    expect(metaOf(html, 'property', 'og:site_name')).toBe('Innovo Software Pvt. Ltd.');

    // A client of the spec's calls sends no seo: the page keeps its own.
    const { seo: _kept, ...withoutSeo } = (
      await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })
    ).json();
    expect((await post('/api/master/saveHome', withoutSeo)).statusCode).toBe(200);
    expect((await edit('Home')).seo).toEqual(seo);
    expect(titleOf(await get('/Home1'))).toBe(seo.title);

    // Emptied again: the defaults come back.
    const emptied = await post('/api/master/saveHome', {
      ...(await edit('Home')),
      seo: { title: '', description: '', image: '' },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await edit('Home')).seo).toEqual({ title: '', description: '', image: '' });
    expect(titleOf(await get('/Home1', admin.headers))).toBe('Home · Innovo Software Pvt. Ltd.');
  });

  it.each([
    ['a title over 70 characters', { title: 'x'.repeat(71) }, /70 characters/],
    ['a description over 160 characters', { description: 'x'.repeat(161) }, /160 characters/],
    ['an image that is a script', { image: 'javascript:alert(1)' }, /http\(s\) address or a path on this site/],
  ])('refuses %s with 400 and a sentence', async (_what, seo, message) => {
    const about = await edit('About');
    const response = await post('/api/master/saveabout', {
      ...about,
      seo: { title: '', description: '', image: '', ...seo },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await edit('About')).revision).toBe(about.revision);
  });

  it('renaming the company changes every title, og:site_name and the footer at once; the old name stays nowhere in them', async () => {
    const company = (await post('/api/master/getCompanyDetails', {})).json();
    const renamed = await post('/api/master/saveCompanyDetails', { ...company, companyName: 'Acme Widgets' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const page of CONTENT_PAGES) {
      const html = await get(page.publicPath);
      const title = titleOf(html);
      expect(title).toBe(`${demoDisplayName(page)} · Acme Widgets`);
      expect(metaOf(html, 'property', 'og:site_name')).toBe('Acme Widgets');
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
      expect(footer).toContain('Acme Widgets');
      for (const text of [
        title,
        metaOf(html, 'property', 'og:title'),
        metaOf(html, 'property', 'og:site_name'),
        footer,
      ]) {
        expect(text).not.toMatch(/Innovo Software/);
      }
    }
  });
});
