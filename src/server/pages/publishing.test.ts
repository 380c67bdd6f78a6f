import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users/users.service';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { publishDueRevisions, pruneAllRevisions } from './page.service';

/** When the history says a revision was saved. */
const historySavedAt = (
  response: { json: () => { revisions: Array<{ revision: number; savedAt: string }> } },
  revision: number,
) => response.json().revisions.find((r) => r.revision === revision)?.savedAt;

/** Drafts, scheduled publishing, preview, compare and retention (docs/design.md §19), through the real API. */
describe.each(testDialects())('drafts, scheduling, preview and compare on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let outsider: LoggedIn;
  const HOUR = 3_600_000;

  beforeAll(async () => {
    t = await createTestApp(dialect, { REVISIONS_PER_PAGE: '4' });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (name: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload: payload as object });
    await master('savePageCreation', {
      filename: 'Careers',
      dspname: 'Careers',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    const careers = await t.app.tenants.default.db
      .selectFrom('pages')
      .select('id')
      .where('routing', '=', 'Careers')
      .executeTakeFirstOrThrow();
    const saved = await master('saveParameters', {
      id: careers.id,
      parameters: [
        {
          parameterName: 'title',
          sequence: 1,
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
          maxlength: 80,
        },
        { parameterName: 'intro', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An Editors-group user: the twelve pages are in the group's menu, Careers is not.
    await createEditor(t.app, 'outsider');
    outsider = await logIn(t.app, 'outsider', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, who: LoggedIn | null = admin, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const edit = async (routing: string, who: LoggedIn = admin) => {
    const response = await inject('GET', `/api/master/edit/${routing}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const publicNews = async () => (await inject('POST', '/api/master/getnews', null, {})).json();
  const saveNews = (document: object, publish?: string) =>
    inject('POST', '/api/master/savenews', admin, { ...document, ...(publish ? { publish } : {}) });
  const newsPage = async () => (await inject('GET', '/News1', null)).body;
  const db = () => t.app.tenants.default.db;

  it('a draft changes nothing public; the editor reads it with its state, and publishing makes it live', async () => {
    const live = await publicNews();
    expect(await newsPage()).toContain(live.tablelst[0].newsHeading ?? '');
    const draft = {
      ...(await edit('News')),
      tablelst: live.tablelst.map((row: object, i: number) =>
        i === 0 ? { ...row, newsDetails: '<p>Draft words nobody sees yet.</p>' } : row,
      ),
    };
    // What the editor read goes back as it is: status, publishAt, published, scheduled and seoDefaults are ignored.
    const saved = await saveNews(draft, 'draft');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: 'Success',
      revision: live.revision + 1,
      status: 'draft',
      publishAt: null,
      unscheduled: null,
    });
    expect(await publicNews()).toEqual(live);
    expect((await inject('GET', '/api/pages/News1', null)).json().revision).toBe(live.revision);
    expect(await newsPage()).not.toContain('Draft words nobody sees yet.');
    const read = await edit('News');
    expect(read).toMatchObject({
      revision: live.revision + 1,
      status: 'draft',
      publishAt: null,
      published: live.revision,
      scheduled: null,
    });
    expect(read.savedAt).toBe(historySavedAt(await inject('GET', '/api/master/history/News'), live.revision + 1));
    expect(read.tablelst[0].newsDetails).toBe('<p>Draft words nobody sees yet.</p>');
    const history = (await inject('GET', '/api/master/history/News')).json();
    expect(history.published).toBe(live.revision);
    expect(history.revisions[0]).toMatchObject({ revision: live.revision + 1, status: 'draft', publishAt: null });

    // Publishing the draft as it is ("now" or no publish at all: the spec's behaviour).
    const published = await saveNews(read);
    expect(published.json()).toMatchObject({ status: 'published', revision: live.revision + 2 });
    expect((await publicNews()).tablelst[0].newsDetails).toBe('<p>Draft words nobody sees yet.</p>');
    expect(await newsPage()).toContain('Draft words nobody sees yet.');
    const entries = await db()
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target_id', '=', 'News')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['page.draft', 'page.publish']);
  });

  it('refuses a stale revision with 409 for drafts too', async () => {
    const read = await edit('Language');
    expect((await inject('POST', '/api/master/saveLang', admin, { ...read, publish: 'draft' })).statusCode).toBe(200);
    const stale = await inject('POST', '/api/master/saveLang', admin, { ...read, publish: 'draft' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/saved this page .* after you opened it/);
  });

  it.each([
    [
      'a time in the past',
      () => new Date(Date.now() - 60_000).toISOString(),
      'The publishing time has already passed: choose a time in the future.',
    ],
    [
      'a time more than a year ahead',
      () => new Date(Date.now() + 367 * 24 * HOUR).toISOString(),
      'The publishing time is more than a year ahead: choose a time within a year.',
    ],
    ['a date without a time', () => '2027-01-05', /^publish must be "now", "draft" or a date and time in ISO 8601/],
    [
      'a time without its offset',
      () => '2027-01-05T09:00:00',
      /^publish must be "now", "draft" or a date and time in ISO 8601/,
    ],
    ['words', () => 'tomorrow', /^publish must be "now", "draft" or a date and time in ISO 8601/],
  ])('refuses %s as publish with 400 and a sentence, nothing stored', async (_what, time, message) => {
    const read = await edit('Consulting');
    const response = await inject('POST', '/api/master/saveconsult', admin, { ...read, publish: time() });
    expect(response.statusCode).toBe(400);
    if (typeof message === 'string') expect(response.json().message).toBe(message);
    else expect(response.json().message).toMatch(message);
    expect((await edit('Consulting')).revision).toBe(read.revision);
  });

  it('schedules a revision, publishes it at its time once (two passes at once), and drops the page caches', async () => {
    const read = await edit('Customers');
    const at = new Date(Date.now() + 2 * HOUR);
    const heading = 'Scheduled customer words';
    const changed = {
      ...read,
      tablelst: read.tablelst.map((row: object, i: number) => (i === 0 ? { ...row, custname: heading } : row)),
    };
    const saved = await inject('POST', '/api/master/savecust', admin, {
      ...changed,
      publish: at.toISOString().replace('Z', '+00:00'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString(), unscheduled: null });
    expect((await edit('Customers')).scheduled).toEqual({ revision: read.revision + 1, publishAt: at.toISOString() });
    const before = (await inject('GET', '/Customers1', null)).body;
    expect(before).not.toContain(heading);

    // Not yet: a pass a minute early publishes nothing.
    expect(await publishDueRevisions(t.app.tenants.default, new Date(at.getTime() - 60_000))).toEqual([]);
    // Two passes at its time, as two instances would run them: one publishes it.
    const passes = await Promise.all([
      publishDueRevisions(t.app.tenants.default, at),
      publishDueRevisions(t.app.tenants.default, at),
    ]);
    expect(passes.flat()).toEqual([{ pageId: 8, revision: read.revision + 1 }]);
    expect((await inject('GET', '/Customers1', null)).body).toContain(heading);
    expect((await inject('POST', '/api/master/getcust', null, {})).json().revision).toBe(read.revision + 1);
    const state = await edit('Customers');
    expect(state).toMatchObject({ status: 'published', published: read.revision + 1, scheduled: null });
    const entries = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_name', 'summary'])
      .where('target_id', '=', 'Customers')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['page.schedule', 'page.publish']);
    expect(entries[1]!.summary).toBe(`Published Customers (revision ${read.revision + 1}) as scheduled by boss`);
  });

  it('the job runner publishes a due revision on its own pass', async () => {
    const read = await edit('Bespoke');
    const at = new Date(Date.now() + HOUR);
    expect(
      (await inject('POST', '/api/master/savebespoke', admin, { ...read, publish: at.toISOString() })).statusCode,
    ).toBe(200);
    await t.app.jobs.tick(() => new Date(at.getTime() + 1_000));
    expect(await edit('Bespoke')).toMatchObject({ status: 'published', published: read.revision + 1 });
  });

  it('a later publication cancels the schedule and says so; unschedule cancels one; neither twice', async () => {
    const read = await edit('Expertise');
    const at = new Date(Date.now() + 5 * HOUR).toISOString();
    const scheduled = (await inject('POST', '/api/master/saveexprts', admin, { ...read, publish: at })).json();
    expect(scheduled.status).toBe('scheduled');
    // A draft on top leaves the schedule waiting.
    const draft = (
      await inject('POST', '/api/master/saveexprts', admin, { ...(await edit('Expertise')), publish: 'draft' })
    ).json();
    expect(draft).toMatchObject({ status: 'draft', unscheduled: null });
    expect(await edit('Expertise')).toMatchObject({
      status: 'draft',
      scheduled: { revision: scheduled.revision, publishAt: at },
    });
    const published = (await inject('POST', '/api/master/saveexprts', admin, await edit('Expertise'))).json();
    expect(published).toMatchObject({
      status: 'published',
      unscheduled: { revision: scheduled.revision, publishAt: at },
    });
    expect(
      (await inject('GET', '/api/master/history/Expertise'))
        .json()
        .revisions.find((r: { revision: number }) => r.revision === scheduled.revision),
    ).toMatchObject({
      status: 'draft',
      publishAt: null,
    });
    expect(await publishDueRevisions(t.app.tenants.default, new Date(Date.parse(at) + 1_000))).toEqual([]);

    const again = (
      await inject('POST', '/api/master/saveexprts', admin, { ...(await edit('Expertise')), publish: at })
    ).json();
    const cancel = await inject('POST', '/api/master/unschedule/Expertise', admin, { revision: again.revision });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ message: 'Success', revision: again.revision, status: 'draft' });
    expect((await edit('Expertise')).scheduled).toBeNull();
    const twice = await inject('POST', '/api/master/unschedule/Expertise', admin, { revision: again.revision });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^Revision \d+ is not scheduled/);
    expect((await inject('POST', '/api/master/unschedule/Expertise', admin, { revision: 99_999 })).statusCode).toBe(
      404,
    );
    expect(
      (await inject('POST', '/api/master/unschedule/Expertise', null, { revision: again.revision })).statusCode,
    ).toBe(401);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', 'Expertise')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'page.schedule',
      'page.draft',
      'page.publish',
      'page.schedule',
      'page.unschedule',
    ]);
  });

  it('previews the newest revision for staff whose menu holds its editor, and 404 for anyone else', async () => {
    const read = await edit('About');
    const words = 'Preview-only words about us';
    const draft = { ...read, abtmainlst: [{ mainpara: `<p>${words}</p>` }, ...read.abtmainlst.slice(1)] };
    expect((await inject('POST', '/api/master/saveabout', admin, { ...draft, publish: 'draft' })).statusCode).toBe(200);

    for (const headers of [admin.headers, { authorization: `Bearer ${admin.token}` }]) {
      const preview = await t.app.inject({ method: 'GET', url: '/preview/About1', headers });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['cache-control']).toBe('no-store');
      expect(preview.body).toContain('<meta name="robots" content="noindex">');
      expect(preview.body).toContain('Preview, not published.');
      expect(preview.body).toContain('href="/About"');
      expect(preview.body).toContain(words);
    }
    expect((await inject('GET', '/About1', null)).body).not.toContain(words);
    // Another spelling of the address, and an earlier revision by number.
    expect((await t.app.inject({ method: 'GET', url: '/preview/about1', headers: admin.headers })).body).toContain(
      words,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/preview/About1?revision=${read.revision}`, headers: admin.headers }))
        .body,
    ).not.toContain(words);

    for (const headers of [{}, { cookie: 'folio_session=forged' }]) {
      const refused = await t.app.inject({ method: 'GET', url: '/preview/About1', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(words);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/preview/NoSuchPage1', headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/preview/Careers1', headers: outsider.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/preview/About1?revision=x', headers: admin.headers })).statusCode,
    ).toBe(400);
  });

  it('drafts, previews and schedules an Autowired page too', async () => {
    const read = await edit('Careers');
    expect(read).toMatchObject({ revision: 0, header: {}, rows: [], published: null, scheduled: null });
    const document = {
      ...read,
      header: { title: 'We are hiring', intro: '<p>Join a small team that ships every week.</p>' },
    };
    const saved = await inject('POST', '/api/master/savepagecontent', admin, {
      commonrouting: 'Careers',
      document,
      publish: 'draft',
    });
    expect(saved.json()).toMatchObject({ status: 'draft', revision: 1 });
    expect(
      (await inject('POST', '/api/master/getpagecontent', null, { commonrouting: 'Careers' })).json().revision,
    ).toBe(0);
    const preview = await t.app.inject({ method: 'GET', url: '/preview/Careers1', headers: admin.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('We are hiring');
    expect(preview.body).toContain('href="/Careers"');
    expect((await inject('GET', '/api/master/edit/Careers', outsider)).statusCode).toBe(403);
    const live = await inject('POST', '/api/master/savepagecontent', admin, {
      commonrouting: 'Careers',
      document: await edit('Careers'),
    });
    expect(live.json()).toMatchObject({ status: 'published', revision: 2 });
    expect((await inject('GET', '/Careers1', null)).body).toContain('We are hiring');
  });

  it("compares two revisions field by field in the editor's words", async () => {
    const read = await edit('Home');
    const changed = structuredClone(read);
    changed.skillList[1].skillName = 'Changed skill';
    changed.skillList.push({ skillName: 'Rust', skillValue: 60 });
    changed.abtLst[0].homeAbtPara = '<p>We build software that fits.</p>';
    changed.seo = { title: 'Our own title', description: '', image: '' };
    const saved = (await inject('POST', '/api/master/saveHome', admin, { ...changed, publish: 'draft' })).json();
    const response = await inject('GET', `/api/master/compare/Home?from=${read.revision}&to=${saved.revision}`);
    expect(response.statusCode, response.body).toBe(200);
    const { changes } = response.json();
    expect(changes).toContainEqual({
      path: 'skillList[1].skillName',
      label: 'Skill 2: the skill name',
      kind: 'changed',
      before: read.skillList[1].skillName,
      after: 'Changed skill',
      richText: false,
    });
    expect(changes).toContainEqual({
      path: `skillList[${read.skillList.length}]`,
      label: `Skill ${read.skillList.length + 1}`,
      kind: 'added',
      before: null,
      after: { skillName: 'Rust', skillValue: 60 },
      richText: false,
    });
    expect(changes).toContainEqual(
      expect.objectContaining({
        path: 'abtLst[0].homeAbtPara',
        kind: 'changed',
        after: '<p>We build software that fits.</p>',
        richText: true,
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ path: 'seo.title', label: 'Search title', before: '', after: 'Our own title' }),
    );
    expect(changes).toHaveLength(4);
    // The other way round, the added item is removed.
    const back = (await inject('GET', `/api/master/compare/Home?from=${saved.revision}&to=${read.revision}`)).json();
    expect(back.changes).toContainEqual(
      expect.objectContaining({ path: `skillList[${read.skillList.length}]`, kind: 'removed', after: null }),
    );
    expect((await inject('GET', `/api/master/compare/Home?from=${read.revision}&to=99999`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/master/compare/Home?from=a&to=2')).statusCode).toBe(400);
    expect((await inject('GET', '/api/master/compare/NoSuchPage?from=1&to=2')).statusCode).toBe(404);
    expect((await inject('GET', `/api/master/compare/Careers?from=1&to=2`, outsider)).statusCode).toBe(403);
  });

  it('compares rich text as a visitor sees it: a page published unchanged has no changes, a real change is still one (docs/design.md §24)', async () => {
    // About as seeded (revision 1, still the published one): its management details hold <br>, which the
    // cleaner stores as <br />. Published again unchanged, on top of the draft an earlier test left.
    const seeded = (await inject('GET', '/api/pages/About1', null)).json();
    expect(seeded.revision).toBe(1);
    expect(seeded.managementlst[0].mngdetails).toContain('<br>');
    const republished = (
      await inject('POST', '/api/master/saveabout', admin, { ...seeded, revision: (await edit('About')).revision })
    ).json();
    expect(republished.status).toBe('published');
    const stored = (await edit('About')).managementlst[0].mngdetails;
    expect(stored).toContain('<br />');
    const unchanged = await inject('GET', `/api/master/compare/About?from=1&to=${republished.revision}`);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toEqual({ from: 1, to: republished.revision, changes: [] });

    // Markup written another way (attributes reordered, whitespace between blocks, &nbsp;) is still no change.
    const first = structuredClone(await edit('About'));
    first.managementlst[1].mngdetails = first.managementlst[1].mngdetails
      .replace(/<\/p><p>/g, '</p>\n  <p>')
      .replace(/<br \/>/g, '<br>');
    first.managementlst[2].mngdetails =
      '<p>Areas&nbsp;of focus: <a href="/Contact1" target="_blank">contact us</a></p>';
    const withLink = (await inject('POST', '/api/master/saveabout', admin, first)).json();
    const second = structuredClone(await edit('About'));
    second.managementlst[2].mngdetails =
      '<p>Areas\u00a0of focus: <a target="_blank" rel="noopener noreferrer" href="/Contact1">contact us</a></p>';
    const reordered = (await inject('POST', '/api/master/saveabout', admin, second)).json();
    expect(
      (await inject('GET', `/api/master/compare/About?from=${withLink.revision}&to=${reordered.revision}`)).json()
        .changes,
    ).toEqual([]);
    expect(
      (await inject('GET', `/api/master/compare/About?from=${republished.revision}&to=${withLink.revision}`))
        .json()
        .changes.map((c: { path: string }) => c.path),
    ).toEqual(['managementlst[2].mngdetails']);

    // A real change, in a field with <br />, is reported with the values as stored.
    const changed = structuredClone(await edit('About'));
    changed.managementlst[0].mngdetails = stored.replace('Dr. Anil Deshpande founded', 'Dr. Anil Deshpande started');
    const saved = (await inject('POST', '/api/master/saveabout', admin, { ...changed, publish: 'draft' })).json();
    // (Revision 1 is pruned by now: REVISIONS_PER_PAGE is 4 here.)
    const { changes } = (
      await inject('GET', `/api/master/compare/About?from=${republished.revision}&to=${saved.revision}`)
    ).json();
    expect(changes.map((c: { path: string }) => c.path)).toEqual([
      'managementlst[0].mngdetails',
      'managementlst[2].mngdetails',
    ]);
    expect(changes[0]).toMatchObject({
      kind: 'changed',
      richText: true,
      before: stored,
      after: changed.managementlst[0].mngdetails,
    });
  });

  it('keeps REVISIONS_PER_PAGE revisions, and always the published and a scheduled one', async () => {
    const count = async () =>
      (
        await db()
          .selectFrom('page_revisions')
          .select('revision')
          .where('page_id', '=', 10)
          .orderBy('revision')
          .execute()
      ).map((r) => r.revision);
    const published = (await edit('RelationwareCRM-Pharma')).published;
    const scheduled = (
      await inject('POST', '/api/master/saveprod2', admin, {
        ...(await edit('RelationwareCRM-Pharma')),
        publish: new Date(Date.now() + HOUR).toISOString(),
      })
    ).json();
    for (let i = 0; i < 6; i += 1) {
      expect(
        (
          await inject('POST', '/api/master/saveprod2', admin, {
            ...(await edit('RelationwareCRM-Pharma')),
            publish: 'draft',
          })
        ).statusCode,
      ).toBe(200);
    }
    const kept = await count();
    const newest = kept.at(-1)!;
    // The newest four, the published one and the scheduled one: at once, as the save answered.
    expect(kept).toEqual([published, scheduled.revision, newest - 3, newest - 2, newest - 1, newest]);
    // The catch-up job has nothing more to do at this setting.
    expect(await pruneAllRevisions(t.app.tenants.default, 4)).toBe(0);
    // After the setting is lowered, the job prunes what a save has not.
    expect(await pruneAllRevisions(t.app.tenants.default, 2)).toBeGreaterThan(0);
    expect(await count()).toEqual([published, scheduled.revision, newest - 1, newest]);
  });
});
