import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNTRANSLATED_NOTICE, UNTRANSLATED_NOTICE_IN } from '../../core/site-texts';
import type { TranslationDocument } from '../../core/schemas/locale';
import { metaOf } from '../test-support/page-html';
import { overRealHttp } from '../test-support/raw-http';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

/**
 * A visitor stays in their language (docs/design.md §34): a German page's links lead to German addresses, and once German
 * has a published page, a page not translated yet is shown at its German address in the original, under a notice,
 * kept out of search engines; with nothing published in German it still redirects (docs/design.md §28). Every request of a
 * visitor is made without a session: it gets what the cache of rendered pages holds.
 */
describe.each(testDialects())('pages in a language they are not translated into (%s)', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let http: Awaited<ReturnType<typeof overRealHttp>>;
  const BASE = 'http://localhost:3000';
  const ABOUT_TEXT = 'Founded in Pune in 2001';
  const ABOUT_PARA = `<p>${ABOUT_TEXT}. <a href="/Contact1">Write to us</a>, read <a href="/abot">about us</a> or <a href="/expertise1#crm">our work</a>; <a href="https://example.com/About1">elsewhere</a>, <a href="/login">staff</a>.</p>`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    http = await overRealHttp(t.app);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
        { code: 'hi', name: 'हिन्दी', enabled: true },
      ],
    };
    expect((await post('/api/master/locales', languages)).statusCode).toBe(200);
    const about = (await inject('/api/master/edit/About', admin)).json();
    const saved = await post('/api/master/saveabout', {
      ...about,
      abtmainlst: [{ mainpara: ABOUT_PARA }, ...about.abtmainlst.slice(1)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const inject = (url: string, who: LoggedIn | null = null) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
  const translate = async (routing: string, texts: Record<string, string>) => {
    const doc = (await inject(`/api/master/translate/${routing}?locale=de`, admin)).json() as TranslationDocument;
    const saved = await post(`/api/master/translate/${routing}`, { locale: 'de', revision: doc.revision, texts });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const hreflangs = (html: string) =>
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
  const switcher = (html: string) =>
    [
      ...(/<nav class="language-switcher"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(
        /<a [^>]*href="([^"]+)"[^>]*?(aria-current="true")?>([^<]+)<\/a>/g,
      ),
    ].map((m) => `${m[3]} ${m[1]}${m[2] ? ' (shown)' : ''}`);
  const hrefsOf = (html: string, from: string, to: string) => {
    const part = html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)));
    return [...part.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  };

  it('with nothing published in German, a German address still redirects to the original', async () => {
    const before = await inject('/de/About1');
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toBe('/About1');
    expect((await inject('/de/Home1')).headers.location).toBe('/Home1');
  });

  it("once German has a published page, an untranslated page's German address shows the original, in German chrome, out of search engines", async () => {
    // The redirect above is in the cache: the first German publication replaces it.
    await translate('Home', { 'slideList.0.heading': 'Software, die zu Ihrer Arbeit passt' });
    const page = await inject('/de/About1');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<html lang="de"');
    // The notice in German (Folio's own words until the firm translates it); the original's content, marked as its language.
    expect(html).toContain(
      `<div class="untranslated-notice" role="note" lang="de"><p class="container untranslated-notice__text">${UNTRANSLATED_NOTICE_IN.de}</p></div>`,
    );
    expect(html).toMatch(new RegExp(`<div lang="en-IN">(?:(?!</main>)[\\s\\S])*${ABOUT_TEXT}`));
    expect(switcher(html)).toEqual(['English /About1', 'Deutsch /de/About1 (shown)']);
    expect(canonical(html)).toBe(`${BASE}/About1`);
    expect(metaOf(html, 'property', 'og:url')).toBe(`${BASE}/About1`);
    expect(metaOf(html, 'name', 'robots')).toBe('noindex');
    expect(hreflangs(html)).toEqual([]);
    // Hindi has nothing published: still the redirect.
    expect((await inject('/hi/About1')).statusCode).toBe(302);
    // The German page that is translated: no notice, indexed, in its own language.
    const home = (await inject('/de/Home1')).body;
    expect(home).not.toContain('class="untranslated-notice"');
    expect(metaOf(home, 'name', 'robots')).toBeNull();
    expect(canonical(home)).toBe(`${BASE}/de/Home1`);
  });

  it('is in no hreflang and no sitemap', async () => {
    for (const path of ['/Home1', '/de/Home1'])
      expect(hreflangs((await inject(path)).body)).toEqual([
        `en-IN ${BASE}/Home1`,
        `de ${BASE}/de/Home1`,
        `x-default ${BASE}/Home1`,
      ]);
    expect(hreflangs((await inject('/About1')).body)).toEqual([]);
    expect(switcher((await inject('/About1')).body)).toEqual([]);
    const sitemap = (await inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${BASE}/de/Home1</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}/About1</loc>`);
    expect(sitemap).not.toContain('/de/About1');
  });

  it("links in a German page lead to German addresses: the menu, the footer, buttons and the content's; others stay", async () => {
    const about = (await inject('/de/About1')).body;
    const menu = hrefsOf(about, '<nav id="site-nav"', '</nav>');
    expect(menu).toEqual(expect.arrayContaining(['/de/Home1', '/de/About1', '/de/Contact1']));
    expect(menu.filter((href) => href.startsWith('/') && !href.startsWith('/de/'))).toEqual([]);
    expect(about).toContain('<a class="brand" href="/de/Home1">');
    expect(hrefsOf(about, '<footer', '</footer>').filter((href) => href.startsWith('/'))).toEqual([
      '/de/Contact1',
      '/de/Home1',
      '/de/About1',
      '/de/Expertise1',
      '/de/News1',
      '/de/Contact1',
    ]);
    // The original's rich text: a page's address in any case, an old short route, a fragment kept; another site's and the sign-in page's unchanged.
    expect(about).toContain(
      `${ABOUT_TEXT}. <a href="/de/Contact1">Write to us</a>, read <a href="/de/About1">about us</a> or <a href="/de/Expertise1#crm">our work</a>; <a href="https://example.com/About1">elsewhere</a>, <a href="/login">staff</a>.`,
    );
    expect(about).toContain('class="login-link" href="/login"');
    // The German home page's buttons, and a translated text's own links.
    await translate('Home', {
      'slideList.0.heading': 'Software, die zu Ihrer Arbeit passt',
      'expertiseList.0.exprtsParagraph': '<p>Mehr <a href="/News1">Neuigkeiten</a>.</p>',
    });
    const home = (await inject('/de/Home1')).body;
    expect(home).toContain('<a class="text-link" href="/de/About1">');
    expect(home).toContain('<a class="text-link" href="/de/News1">');
    expect(home).toContain('Mehr <a href="/de/News1">Neuigkeiten</a>.');
    // The menu marks the page shown.
    expect(home).toMatch(/<a class="menu__link" href="\/de\/Home1" aria-current="page">/);
    // In the default language, every link stays as it is.
    const english = (await inject('/About1')).body;
    expect(english).toContain(`${ABOUT_TEXT}. <a href="/Contact1">Write to us</a>, read <a href="/abot">about us</a>`);
    expect(hrefsOf(english, '<nav id="site-nav"', '</nav>').some((href) => href.startsWith('/de/'))).toBe(false);
  });

  it('the notice is a site text: translated, it is in German', async () => {
    const doc = (await inject('/api/master/sitetexts?locale=de', admin)).json() as TranslationDocument;
    expect(doc.units.find((u) => u.path === UNTRANSLATED_NOTICE.key)).toMatchObject({
      source: UNTRANSLATED_NOTICE.source,
      label: UNTRANSLATED_NOTICE.label,
    });
    const notice = 'Diese Seite ist noch nicht übersetzt. Sie lesen das Original.';
    expect(
      (
        await post('/api/master/sitetexts', {
          locale: 'de',
          revision: doc.revision,
          texts: { [UNTRANSLATED_NOTICE.key]: notice },
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('/de/About1')).body).toContain(
      `<div class="untranslated-notice" role="note" lang="de"><p class="container untranslated-notice__text">${notice}</p></div>`,
    );
  });

  it('a warm German page not translated is sent from the cache: no Fastify, no database read', async () => {
    await http.get('/de/About1');
    const db = t.app.tenants.default.db;
    const reads = vi.spyOn(db, 'selectFrom');
    try {
      expect(
        await http.fastifyCalls('/de/About1', async () => expect((await http.get('/de/About1')).status).toBe(200)),
      ).toBe(0);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('a publication of the original, then of its translation, reaches the German address at once', async () => {
    const about = (await inject('/api/master/edit/About', admin)).json();
    const changed = about.abtmainlst[0].mainpara.replace(ABOUT_TEXT, 'Founded in Pune in 2002');
    expect(
      (
        await post('/api/master/saveabout', {
          ...about,
          abtmainlst: [{ mainpara: changed }, ...about.abtmainlst.slice(1)],
        })
      ).statusCode,
    ).toBe(200);
    const original = (await inject('/de/About1')).body;
    expect(original).toContain('Founded in Pune in 2002');
    expect(original).toContain('class="untranslated-notice"');

    await translate('About', {
      'abtmainlst.0.mainpara': '<p>Gegründet 2002 in Pune. <a href="/Contact1">Schreiben Sie uns</a>.</p>',
    });
    const german = (await inject('/de/About1')).body;
    expect(german).toContain('Gegründet 2002 in Pune. <a href="/de/Contact1">Schreiben Sie uns</a>.');
    expect(german).not.toContain('class="untranslated-notice"');
    expect(metaOf(german, 'name', 'robots')).toBeNull();
    expect(canonical(german)).toBe(`${BASE}/de/About1`);
    expect(hreflangs(german)).toEqual([`en-IN ${BASE}/About1`, `de ${BASE}/de/About1`, `x-default ${BASE}/About1`]);
    expect((await inject('/sitemap.xml')).body).toContain(`<loc>${BASE}/de/About1</loc>`);
  });
});

/** The same on every instance (decision 013): German's first publication on A turns B's cached redirect into the page. */
describe.runIf(process.env.TEST_DATABASE_URL)("a language's first publication on another instance (PostgreSQL)", () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres', {}, { sameDatabaseAs: a });
    await createUser(a.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("B's /de/About1 redirects until A publishes German Home, then shows the original under the notice", async () => {
    const admin = await logIn(a.app, 'boss', ADMIN_PASSWORD);
    const post = (url: string, payload: object) =>
      a.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
    };
    expect((await post('/api/master/locales', languages)).statusCode).toBe(200);
    const onB = async (wanted: number) => {
      const end = Date.now() + 5000;
      for (;;) {
        const response = await b.app.inject({ method: 'GET', url: '/de/About1' });
        if (response.statusCode === wanted || Date.now() > end) return response;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    expect((await onB(302)).statusCode).toBe(302);
    // Kept in B's cache now: only A's notice can make B render it again.
    expect(
      (
        await post('/api/master/translate/Home', {
          locale: 'de',
          revision: 0,
          texts: { 'slideList.0.heading': 'Willkommen' },
        })
      ).statusCode,
    ).toBe(200);
    const shown = await onB(200);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('class="untranslated-notice"');
  });
});
