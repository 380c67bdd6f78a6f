import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';

describe.each(testDialects())('page saves on %s', (dialect) => {
  let t: TestApp;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createEditor(t.app, 'editor');
    await createEditor(t.app, 'colleague');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const read = async (call: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/master/${call}`, payload: {} })).json();
  const save = (call: string, payload: unknown, who: LoggedIn = editor) =>
    t.app.inject({ method: 'POST', url: `/api/master/${call}`, headers: who.headers, payload: payload as object });

  it('stores a new revision, answers Success with it, and the public page shows it at once', async () => {
    const news = await read('getnews');
    await t.app.inject({ method: 'GET', url: '/News1' }); // warm the page cache
    news.tablelst[0].newsDetails = '<p>Fresh news from the editor.</p>';
    const response = await save('savenews', news);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Success',
      revision: news.revision + 1,
      status: 'published',
      publishAt: null,
      unscheduled: null,
    });
    expect((await read('getnews')).tablelst[0].newsDetails).toBe('<p>Fresh news from the editor.</p>');
    expect((await t.app.inject({ method: 'GET', url: '/News1' })).body).toContain('Fresh news from the editor.');
    const rows = await t.app.tenants.default.db
      .selectFrom('page_revisions')
      .select(['revision', 'saved_by_name'])
      .where('page_id', '=', 7)
      .orderBy('revision')
      .execute();
    expect(rows).toEqual([
      { revision: 1, saved_by_name: 'Folio demo content' },
      { revision: 2, saved_by_name: 'editor' },
    ]);
  });

  it.each([
    [
      'a too-long skill name',
      (d: any) => (d.skillList[0].skillName = 'x'.repeat(301)),
      'Skill 1: the skill name must be at most 300 characters.',
      'skillList.0.skillName',
    ],
    [
      'a skill value that is text',
      (d: any) => (d.skillList[1].skillValue = 'ninety'),
      'Skill 2: the skill value must be a number.',
      'skillList.1.skillValue',
    ],
    [
      'a missing news title',
      (d: any) => delete d.newsList[1].newsTitle,
      'News item 2: the news title is required.',
      'newsList.1.newsTitle',
    ],
    ['a missing page-level heading', (d: any) => delete d.exprtshead, 'The expertise title is required.', 'exprtshead'],
  ])("refuses %s with a sentence in the editor's words, content unchanged", async (_what, mutate, message, field) => {
    const before = await read('gethomepages');
    const changed = structuredClone(before);
    mutate(changed);
    const response = await save('saveHome', changed);
    expect(response.statusCode).toBe(400);
    // docs/design.md §25: a refusal about one field names it, {message, field}.
    expect(response.json()).toEqual({ message, field });
    expect(await read('gethomepages')).toEqual(before);
  });

  it('names entries of nested lists by their place', async () => {
    const expertise = await read('getexprts');
    expertise.sectionlst[2].list[0].data = 'x'.repeat(5001);
    const response = await save('saveexprts', expertise);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Section 3, list item 1 must be at most 5000 characters\.$/);
  });

  it('refuses a save based on an older revision with 409 naming who saved in between', async () => {
    const colleague = await logIn(t.app, 'colleague', EDITOR_PASSWORD);
    const mine = await read('getLang');
    const theirs = await read('getLang');
    theirs.sectionlst[0].title = 'Colleague was here';
    expect((await save('saveLang', theirs, colleague)).statusCode).toBe(200);
    mine.sectionlst[0].title = 'My late edit';
    const stale = await save('saveLang', mine);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^colleague saved this page/);
    expect((await read('getLang')).sectionlst[0].title).toBe('Colleague was here');
  });

  it('stores rich text clean: no script, event handler or javascript: link survives', async () => {
    const bespoke = await read('getbespoke');
    bespoke.bespokelst[0].bespokepara =
      '<p>Safe <strong>bold</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://example.in">good</a><iframe src="https://evil.example"></iframe></p>';
    expect((await save('savebespoke', bespoke)).statusCode).toBe(200);
    const stored = (await read('getbespoke')).bespokelst[0].bespokepara as string;
    expect(stored).toContain('<strong>bold</strong>');
    expect(stored).toContain('href="https://example.in"');
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe', 'alert(']) expect(stored).not.toContain(bad);
  });

  const badInputs: Array<[string, (doc: Record<string, unknown>) => unknown]> = [
    ['a number where a list belongs', (d) => ({ ...d, tablelst: 5 })],
    ['a wrong type inside an entry', (d) => ({ ...d, tablelst: [{ newsYear: 2024, newsDetails: 'x' }] })],
    ['unknown fields', (d) => ({ ...d, isAdmin: true })],
    ['unknown fields in an entry', (d) => ({ ...d, tablelst: [{ newsYear: '2024', newsDetails: 'x', extra: 1 }] })],
    [
      'a list of 10,000 entries',
      (d) => ({ ...d, tablelst: Array.from({ length: 10_000 }, () => ({ newsYear: '2024', newsDetails: 'x' })) }),
    ],
    ['a 1 MB string', (d) => ({ ...d, tablelst: [{ newsYear: '2024', newsDetails: 'x'.repeat(1_000_000) }] })],
    ['no revision', (d) => ({ ...d, revision: undefined })],
    ['not an object', () => [1, 2, 3]],
  ];
  it.each(badInputs)('refuses %s with 400 and a clear message, content unchanged', async (_what, mutate) => {
    const before = await read('getnews');
    const response = await save('savenews', mutate(structuredClone(before)));
    expect([400, 413]).toContain(response.statusCode);
    expect(response.json().message).toMatch(/\w+ \w+/);
    expect(await read('getnews')).toEqual(before);
  });

  it('refuses an editor whose own menu lacks News with 403, storing nothing', async () => {
    const db = t.app.tenants.default.db;
    const id = await createEditor(t.app, 'limited');
    // A personal menu with only the Home editor replaces the group's menu for this user.
    await db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: id,
        parent_id: null,
        page_id: 1,
        label: 'Home',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    const limited = await logIn(t.app, 'limited', EDITOR_PASSWORD);
    const before = await read('getnews');
    const refused = await save('savenews', { ...before, tablelst: [] }, limited);
    expect(refused.statusCode).toBe(403);
    expect(await read('getnews')).toEqual(before);
    const home = await read('gethomepages');
    expect((await save('saveHome', home, limited)).statusCode).toBe(200);
  });

  it('has a save call for every page, each behind its editing twin', () => {
    const saves = t.app.screenRoutes.filter((r) => CONTENT_PAGES.some((p) => r.url === `/api/master/${p.saveCall}`));
    expect(saves.map((r) => r.screen).sort()).toEqual(CONTENT_PAGES.map((p) => p.routing).sort());
  });
});

describe.each(testDialects())('page history and restore on %s', (dialect) => {
  let t: TestApp;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createEditor(t.app, 'historian');
    editor = await logIn(t.app, 'historian', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  it('lists revisions newest first and restores one as a new revision', async () => {
    const read = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/master/getconsult', payload: {} })).json();
    const original = await read();
    const edited = structuredClone(original);
    edited.sectionlst[0].title2 = 'Edited heading';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/saveconsult', headers: editor.headers, payload: edited }))
        .statusCode,
    ).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/master/history/Consulting',
      headers: editor.headers,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().revisions.map((r: { revision: number; savedBy: string }) => [r.revision, r.savedBy])).toEqual(
      [
        [2, 'historian'],
        [1, 'Folio demo content'],
      ],
    );
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/master/restore/Consulting',
      headers: editor.headers,
      payload: { revision: 1 },
    });
    expect(restored.json()).toEqual({
      message: 'Success',
      revision: 3,
      status: 'published',
      publishAt: null,
      unscheduled: null,
    });
    const now = await read();
    expect(now.sectionlst[0].title2).toBe(original.sectionlst[0].title2);
    expect(now.revision).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: '/Consulting1' })).body).not.toContain('Edited heading');
  });

  it('refuses a revision that does not exist and a body that is not a revision number', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/master/restore/Consulting',
      headers: editor.headers,
      payload: { revision: 999 },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/master/restore/Consulting',
      headers: editor.headers,
      payload: { revision: 'one' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs the editing twin in the caller menu', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/master/history/Consulting' })).statusCode).toBe(401);
  });
});
