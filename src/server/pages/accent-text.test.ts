import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationDocument } from '../../core/schemas/locale';
import { demoDocument } from '../../core/content/home';
import { createUser } from '../users/users.service';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/** Home's accented headings (docs/design.md §34): stored as text and bare spans whatever is sent, in every language. */
describe.each(testDialects())('accented headings on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload !== undefined ? { payload } : {}) });
  const home = async () => (await inject('POST', '/api/master/gethomepages', {})).json();
  /** The public page's block headings, as visitors' HTML holds them. */
  const headings = async (path: string) => {
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    return [
      ...response.body.matchAll(
        /<h2 class="(?:section__title section__title--center|home-column__title)"[^>]*>.*?<\/h2>/g,
      ),
    ].map((match) => match[0]);
  };

  it('renders the demo headings as they always were, before and after a save through the accent cleaner', async () => {
    const before = await headings('/Home1');
    expect(before).toHaveLength(4);
    // The markup the public pages have always had for the demo's headings: the accent a bare span.
    expect(before.map((html) => html.replace(/^<h2[^>]*>|<\/h2>$/g, ''))).toEqual([
      demoDocument.exprtshead,
      demoDocument.skillhead,
      demoDocument.abouthead,
      demoDocument.newshead,
    ]);
    expect(before[0]).toContain('>Our <span>Expertise</span></h2>');
    const saved = await inject('POST', '/api/master/saveHome', await home());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await headings('/Home1')).toEqual(before);
  });

  it('stores a heading sent with attributes, other tags or a script as its text and bare spans only', async () => {
    const document = await home();
    document.exprtshead =
      'Our <span onclick="alert(1)" class="x" style="color:red" data-x="1">Expertise</span><script>alert(2)</script>';
    document.skillhead =
      '<b>Our</b> <i>Skill</i> <a href="https://example.com">Set</a><img src="/x.png" onerror="alert(3)">';
    document.abouthead = '<p>About</p>\n<div><span><em>Us</em></span></div>';
    document.newshead = '&lt;b&gt;News&lt;/b&gt; &amp; more';
    const saved = await inject('POST', '/api/master/saveHome', document);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await home();
    expect([stored.exprtshead, stored.skillhead, stored.abouthead, stored.newshead]).toEqual([
      'Our <span>Expertise</span>',
      'Our Skill Set',
      'About <span>Us</span>',
      // Typed text that reads like a tag stays text.
      '&lt;b&gt;News&lt;/b&gt; &amp; more',
    ]);
    const html = (await headings('/Home1')).join('\n');
    expect(html).not.toMatch(/onclick|<script|<b>|<img|<a |style=/);
    expect(html).toContain('&lt;b&gt;News&lt;/b&gt; &amp; more');
  });

  it('gives each translated text its field’s kind, and cleans a translated heading as strictly', async () => {
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
    };
    expect((await inject('POST', '/api/master/locales', languages)).statusCode).toBe(200);
    const read = async () =>
      (await inject('GET', '/api/master/translate/Home?locale=de')).json() as Promise<TranslationDocument>;
    const kinds = Object.fromEntries((await read()).units.map((unit) => [unit.path, unit.kind]));
    expect(kinds).toMatchObject({
      exprtshead: 'accent',
      'slideList.0.heading': 'text',
      'slideList.0.caption': 'textarea',
      'expertiseList.0.exprtsParagraph': 'richtext',
    });
    const texts = {
      exprtshead: 'Unsere <span onclick="alert(1)" style="color:red">Kompetenz</span> <b>heute</b>',
      skillhead: '&lt;i&gt;Können',
    };
    const saved = await inject('POST', '/api/master/translate/Home', { locale: 'de', revision: 0, texts });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = Object.fromEntries((await read()).units.map((unit) => [unit.path, unit.target]));
    expect(stored.exprtshead).toBe('Unsere <span>Kompetenz</span> heute');
    expect(stored.skillhead).toBe('&lt;i&gt;Können');
    const german = await headings('/de/Home1');
    expect(german[0]).toContain('>Unsere <span>Kompetenz</span> heute</h2>');
  });
});
