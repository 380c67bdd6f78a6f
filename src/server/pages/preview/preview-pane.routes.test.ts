import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../../test-support/test-app';
import { createUser } from '../../users/users.service';

/** docs/design.md §26: the editor's pane renders the unsaved working copy; nothing is stored, access and checks as a save. */
describe.each(testDialects())('POST /api/master/preview/:routing on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let limited: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (name: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload: payload as object });
    const pageId = (
      await master('savePageCreation', {
        filename: 'Careers',
        dspname: 'Careers',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    const saved = await master('saveParameters', {
      id: pageId,
      parameters: [
        {
          parameterName: 'title',
          sequence: 1,
          mandatory: 'Y',
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
          minlength: 5,
          maxlength: 80,
        },
        {
          parameterName: 'jobTitle',
          sequence: 2,
          mandatory: 'Y',
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Detail',
          maxlength: 80,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    const limitedId = await createEditor(t.app, 'limited');
    await t.app.tenants.default.db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: limitedId,
        parent_id: null,
        page_id: 1,
        label: 'Home',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    limited = await logIn(t.app, 'limited', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const read = async (call: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/master/${call}`, payload: {} })).json();
  const preview = (
    routing: string,
    payload: unknown,
    who: LoggedIn | null = editor,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/master/preview/${routing}`,
      headers: { ...(who?.headers ?? {}), ...headers },
      payload: payload as object,
    });
  const counts = async () => {
    const db = t.app.tenants.default.db;
    const revisions = await db
      .selectFrom('page_revisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const audits = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { revisions: Number(revisions.n), audits: Number(audits.n) };
  };

  it('renders a built-in page from the unsaved document, with the bar, noindex, no-store, and stores nothing', async () => {
    const news = await read('getnews');
    news.tablelst[0].newsDetails = '<p>Typed a moment ago, never saved.</p>';
    const before = await counts();
    const response = await preview('News', news);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['server-timing']).toMatch(/^render;dur=\d+\.\d$/);
    expect(response.body).toContain('Typed a moment ago, never saved.');
    expect(response.body).toContain('Preview, not published.');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(await counts()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/News1' })).body).not.toContain('Typed a moment ago');
    expect((await read('getnews')).tablelst[0].newsDetails).not.toContain('Typed a moment ago');
  });

  it("links the bridge's data: the editor's origin and the site's addresses, escaped; a public page has neither", async () => {
    const response = await preview('Home', await read('gethomepages'), editor, { host: 'folio.example:3000' });
    const data = /<script type="application\/json" id="folio-pane">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(data).toBeDefined();
    const pane = JSON.parse(data!) as { editorOrigin: string; siteAddresses: string[] };
    expect(pane.editorOrigin).toBe('http://folio.example:3000');
    expect(pane.siteAddresses).toEqual(expect.arrayContaining(['/', '/Home1', '/Contact1', '/Careers1', '/hom']));
    const publicPage = (await t.app.inject({ method: 'GET', url: '/Home1' })).body;
    expect(publicPage).not.toContain('folio-pane');
  });

  it('gives a staff preview of a revision the bridge with `checks=1` only, and a shared link never', async () => {
    const bridge = /id="folio-pane"/;
    const staff = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
    const withChecks = await staff('/preview/Home1?checks=1');
    expect(withChecks.statusCode).toBe(200);
    expect(withChecks.body).toMatch(bridge);
    expect(withChecks.headers['cache-control']).toBe('no-store');
    expect((await staff('/preview/Home1')).body).not.toMatch(bridge);
    // Without a session the preview is the site's 404, checks or not.
    const visitor = await t.app.inject({ method: 'GET', url: '/preview/Home1?checks=1' });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toMatch(bridge);
  });

  it('cleans rich text as a save does: no script reaches the preview', async () => {
    const bespoke = await read('getbespoke');
    bespoke.bespokelst[0].bespokepara =
      '<p>Fine words for our bespoke work.</p><script>alert(1)</script><img src=x onerror="alert(2)">';
    const response = await preview('Bespoke', bespoke);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Fine words for our bespoke work.');
    expect(response.body).not.toContain('alert(');
  });

  it('refuses what a save refuses, with the sentence and the field, and stores nothing', async () => {
    const home = await read('gethomepages');
    home.skillList[1].skillValue = 'ninety';
    const before = await counts();
    const response = await preview('Home', home);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Skill 2: the skill value must be a number.',
      field: 'skillList.1.skillValue',
    });
    expect(await counts()).toEqual(before);
  });

  it('renders a page made without code from its document, and refuses a field its rules refuse', async () => {
    const document = { header: { title: 'Join our team' }, rows: [{ jobTitle: 'Tester in Pune' }], revision: 0 };
    const response = await preview('Careers', document, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Tester in Pune');
    const short = await preview('Careers', { ...document, header: { title: 'Hi' } }, admin);
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('document.header.title');
    expect((await t.app.inject({ method: 'GET', url: '/Careers1' })).body).not.toContain('Tester in Pune');
  });

  it('is allowed like a save: 401 without a session, 403 without the page in the menu, 404 for no page', async () => {
    const news = await read('getnews');
    expect((await preview('News', news, null)).statusCode).toBe(401);
    expect((await preview('News', news, limited)).statusCode).toBe(403);
    expect((await preview('Home', await read('gethomepages'), limited)).statusCode).toBe(200);
    expect((await preview('NoSuchPage', news)).statusCode).toBe(404);
  });

  it("lets the sandboxed frame load the site's public files, and nothing else: pages and the API stay same-origin", async () => {
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject({ method: 'GET', url: '/Home1' })).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
    const paneHtml = (await preview('Home', await read('gethomepages'))).body;
    // The bridge (built by npm run build, which npm test runs first) is a module script, fetched with CORS from a
    // frame of no origin.
    const script = /<script type="module" src="(\/assets\/preview-bridge-[^"]+\.js)">/.exec(paneHtml)?.[1];
    expect(script, 'the pane links the built bridge').toBeDefined();
    const served = await t.app.inject({ method: 'GET', url: script! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('holds a session past 20 renders a second with 429 and a sentence', async () => {
    const news = await read('getnews');
    const answers = await Promise.all(Array.from({ length: 24 }, () => preview('News', news, admin)));
    const limitedAnswers = answers.filter((answer) => answer.statusCode === 429);
    expect(limitedAnswers.length).toBeGreaterThan(0);
    expect(limitedAnswers[0]!.json().message).toMatch(/^Too many requests\./);
    // Another session is not held by it.
    expect((await preview('News', news, editor)).statusCode).toBe(200);
  });
});
