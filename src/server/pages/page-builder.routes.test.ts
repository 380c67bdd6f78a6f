import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { captureLogs } from '../test-support/logs';
import { createUser } from '../users/users.service';

const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const past = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

describe.each(testDialects())('Autowired pages on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let outsider: LoggedIn;
  let pageId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (name: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload: payload as object });
    pageId = (
      await master('savePageCreation', {
        filename: 'Careers',
        dspname: 'Careers <at> Innovo',
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
        { parameterName: 'intro', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
        // A table needs a heading per column (docs/design.md §34): the job title's name is shown to visitors.
        {
          parameterName: 'jobTitle',
          sequence: 3,
          mandatory: 'Y',
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Detail',
          maxlength: 80,
          showName: true,
        },
        {
          parameterName: 'closingDate',
          sequence: 4,
          type: 'Date',
          unittype: 'Date',
          pagecreationtype: 'Detail',
          greatthncurrentdate: 'true',
        },
        {
          parameterName: 'salary',
          sequence: 5,
          type: 'number',
          unittype: 'Float',
          pagecreationtype: 'Detail',
          decimalplaces: 2,
        },
        {
          parameterName: 'fullTime',
          sequence: 6,
          type: 'Checkbox',
          unittype: 'Boolean',
          pagecreationtype: 'Detail',
          booleanyes: 'Yes',
          booleanno: 'No',
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An editor whose own menu holds Careers, and one whose menu does not.
    const editorId = await createEditor(t.app, 'careers-editor');
    await t.app.tenants.default.db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: editorId,
        parent_id: null,
        page_id: pageId,
        label: 'Careers',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    editor = await logIn(t.app, 'careers-editor', EDITOR_PASSWORD);
    await createEditor(t.app, 'outsider');
    outsider = await logIn(t.app, 'outsider', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const content = (who: LoggedIn | null = null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/master/getpagecontent',
      headers: who?.headers ?? {},
      payload: { commonrouting: 'Careers' },
    });
  const save = (document: unknown, who: LoggedIn = editor) =>
    t.app.inject({
      method: 'POST',
      url: '/api/master/savepagecontent',
      headers: who.headers,
      payload: { commonrouting: 'Careers', document },
    });
  const good = () => ({
    header: { title: 'Work with us', intro: '<p>We hire <strong>engineers</strong>.</p><script>alert(1)</script>' },
    rows: [
      { jobTitle: 'Java developer', closingDate: future(), salary: '1200000.50', fullTime: true },
      { jobTitle: 'Tester', closingDate: future(), salary: 800000, fullTime: false },
    ],
    revision: 0,
  });

  it('answers an empty document at revision 0 for a new page, to anyone while it is public', async () => {
    const response = await content();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ header: {}, rows: [], revision: 0 });
  });

  it('shows a new public page as its display name with an empty state, escaped', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/Careers1' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Careers &lt;at&gt; Innovo');
    expect(html.body).not.toContain('Careers <at> Innovo');
    expect(html.body).toContain('Nothing has been published on this page yet');
  });

  it('saves a document, cleans its rich text, and the public page shows the values', async () => {
    const saved = await save(good());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: 'Success',
      revision: 1,
      status: 'published',
      publishAt: null,
      unscheduled: null,
    });
    const stored = (await content()).json();
    expect(stored.revision).toBe(1);
    expect(stored.header.intro).toBe('<p>We hire <strong>engineers</strong>.</p>');
    expect(stored.rows).toHaveLength(2);
    const html = (await t.app.inject({ method: 'GET', url: '/Careers1' })).body;
    expect(html).toContain('Java developer');
    expect(html).toContain('12,00,000.50');
    expect(html).toMatch(/<td data-label="fullTime">Yes<\/td>/);
    expect(html).toContain('<title>Careers &lt;at&gt; Innovo · ');
    expect(html).toContain('<meta name="description" content="Work with us"');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  // An Autowired page's parameter name is its label (docs/design.md §24): field-rule refusals name it as it is.
  it.each([
    ['a title that is too short', (d: any) => (d.header.title = 'Hey'), 'Please enter at least 5 characters in title'],
    ['a missing mandatory job title', (d: any) => delete d.rows[1].jobTitle, 'Please enter jobTitle'],
    [
      'a closing date in the past',
      (d: any) => (d.rows[0].closingDate = past()),
      'Please enter a future date in closingDate',
    ],
    [
      'a salary with one decimal place',
      (d: any) => (d.rows[0].salary = '10.5'),
      'Please enter 2 decimal places in salary',
    ],
    ['an unknown field', (d: any) => (d.rows[0].bonus = 'yes'), 'Entry 1 has unknown fields: bonus.'],
    ['a wrong type', (d: any) => (d.rows[1].fullTime = 'sometimes'), 'Entry 2: the fullTime must be a boolean.'],
    [
      '10,000 rows',
      (d: any) => (d.rows = Array.from({ length: 10_000 }, () => d.rows[0])),
      'The list of entries must have at most 200 entries.',
    ],
  ])('refuses %s with 400 and a sentence, content unchanged', async (_what, mutate, message) => {
    const before = (await content()).json();
    const document = { ...good(), revision: before.revision };
    mutate(document);
    const refused = await save(document);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
    expect((await content()).json()).toEqual(before);
  });

  // docs/design.md §25: a refusal about one field names its place in the save's body, so the editor marks that field.
  it.each([
    ['a field rule of the header', (d: any) => (d.header.title = 'Hey'), 'document.header.title'],
    ['a field rule of an entry', (d: any) => delete d.rows[1].jobTitle, 'document.rows.1.jobTitle'],
    ['the schema of an entry', (d: any) => (d.rows[1].fullTime = 'sometimes'), 'document.rows.1.fullTime'],
  ])('names the field of %s in the refusal', async (_what, mutate, field) => {
    const document = { ...good(), revision: (await content()).json().revision };
    mutate(document);
    const refused = await save(document);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe(field);
  });

  it("reads well (docs/design.md §24): values under their names, column headings, the firm's dates and numbers, yes/no labels, alt texts", async () => {
    const master = (name: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });
    const team = (
      await master('savePageCreation', {
        filename: 'Team',
        dspname: 'Our team',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    const parameters = await master('saveParameters', {
      id: team,
      parameters: [
        { parameterName: 'Founded', sequence: 1, type: 'Date', unittype: 'Date', pagecreationtype: 'Header' },
        { parameterName: 'Head count', sequence: 2, type: 'number', unittype: 'Integer', pagecreationtype: 'Header' },
        {
          parameterName: 'Hiring',
          sequence: 3,
          type: 'Checkbox',
          unittype: 'Boolean',
          pagecreationtype: 'Header',
          booleanyes: 'We are hiring',
          booleanno: 'Not hiring',
        },
        { parameterName: 'Team photo', sequence: 4, type: 'Image', unittype: 'Image', pagecreationtype: 'Header' },
        // Text shows no name unless asked (docs/design.md §34); a table needs a heading per column.
        {
          parameterName: 'Name',
          sequence: 5,
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Detail',
          showName: true,
        },
        { parameterName: 'Joined', sequence: 6, type: 'Date', unittype: 'Date', pagecreationtype: 'Detail' },
        { parameterName: 'Share', sequence: 7, type: 'number', unittype: 'Float', pagecreationtype: 'Detail' },
        {
          parameterName: 'Remote',
          sequence: 8,
          type: 'Radio',
          unittype: 'Boolean',
          pagecreationtype: 'Detail',
          booleanyes: 'Works remotely',
          booleanno: 'In the office',
        },
      ],
    });
    expect(parameters.statusCode, parameters.body).toBe(200);
    const document = {
      header: { Founded: '2004-06-01', 'Head count': 1250, Hiring: false, 'Team photo': '/demo/logo.png' },
      rows: [
        { Name: 'Asha', Joined: '2019-01-15', Share: '12.50', Remote: true },
        { Name: 'Ravi', Joined: '2021-11-02', Share: 1234567.125, Remote: false },
      ],
      revision: 0,
    };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/savepagecontent',
      headers: admin.headers,
      payload: { commonrouting: 'Team', document },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = (await t.app.inject({ method: 'GET', url: '/Team1' })).body;
    const field = (name: string, value: string) =>
      `<dl class="autowired-field"><dt class="autowired-field__name">${name}</dt><dd class="autowired-field__value">${value}</dd></dl>`;
    // The Header fields: a value that is not text, under its parameter's name (a description list of one term).
    expect(html).toContain(
      `<div class="autowired-fields">${field('Founded', '<time dateTime="2004-06-01">1 Jun 2004</time>')}${field('Head count', '1,250')}${field('Hiring', 'Not hiring')}`,
    );
    expect(html).toMatch(
      /<dt class="autowired-field__name">Team photo<\/dt><dd class="autowired-field__value"><img class="autowired-image" src="\/demo\/logo.png" alt="Team photo"/,
    );
    // The entries: a table with a heading per column, each cell named for the phone's stacked cards.
    expect(html).toContain(
      '<thead><tr><th scope="col">Name</th><th scope="col">Joined</th><th scope="col">Share</th><th scope="col">Remote</th></tr></thead>',
    );
    expect(html).toContain(
      '<tr><td data-label="Name"><p class="autowired-text">Asha</p></td><td data-label="Joined"><time dateTime="2019-01-15">15 Jan 2019</time></td><td data-label="Share">12.50</td><td data-label="Remote">Works remotely</td></tr>',
    );
    // Without decimal places set, a number keeps those it was typed with; grouped the Indian way.
    expect(html).toContain('<td data-label="Share">12,34,567.125</td><td data-label="Remote">In the office</td>');
    // No image of the page's own goes without a text (the header's logo stands beside the company's name).
    expect(html.slice(html.indexOf('<main'))).not.toMatch(/alt=""/);
  });

  it('refuses a stale save with 409, and a save without a revision with 400', async () => {
    const stale = await save({ ...good(), revision: 0 });
    expect(stale.statusCode).toBe(409);
    const { revision: _r, ...withoutRevision } = good();
    expect((await save(withoutRevision)).statusCode).toBe(400);
  });

  it('keeps the history and restores an earlier revision as a new one', async () => {
    const current = (await content()).json();
    expect((await save({ ...current, header: { ...current.header, title: 'Join our team' } })).statusCode).toBe(200);
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/master/getpagehistory',
      headers: editor.headers,
      payload: { commonrouting: 'Careers' },
    });
    expect(history.json().revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/master/restorepage',
      headers: editor.headers,
      payload: { commonrouting: 'Careers', revision: 1 },
    });
    expect(restored.json()).toEqual({
      message: 'Success',
      revision: 3,
      status: 'published',
      publishAt: null,
      unscheduled: null,
    });
    expect((await content()).json().header.title).toBe('Work with us');
  });

  it('gives the editor the page and its parameters, and nobody outside its menu', async () => {
    const definition = await t.app.inject({
      method: 'POST',
      url: '/api/master/getpagedefinition',
      headers: editor.headers,
      payload: { commonrouting: 'careers' },
    });
    expect(definition.statusCode).toBe(200);
    expect(definition.json().parameters.map((p: { parameterName: string }) => p.parameterName)).toEqual([
      'title',
      'intro',
      'jobTitle',
      'closingDate',
      'salary',
      'fullTime',
    ]);
    const before = (await content()).json();
    expect((await save({ ...before }, outsider)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/getpagedefinition',
          headers: outsider.headers,
          payload: { commonrouting: 'Careers' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/savepagecontent',
          payload: { commonrouting: 'Careers', document: before },
        })
      ).statusCode,
    ).toBe(401);
    expect((await content()).json()).toEqual(before);
  });

  it('serves the editing twin as the staff app, and answers other spellings with the canonical address', async () => {
    const twin = await t.app.inject({ method: 'GET', url: '/Careers' });
    expect(twin.statusCode).toBe(200);
    expect(twin.body).toContain('<div id="app">');
    expect((await t.app.inject({ method: 'GET', url: '/careers1' })).headers.location).toBe('/Careers1');
    expect((await t.app.inject({ method: 'GET', url: '/CAREERS' })).headers.location).toBe('/Careers');
  });

  it('is in the sitemap while active; deactivated it answers 404, leaves the sitemap and keeps its content for its editors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('/Careers1</loc>');
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/master/activitydelstatus',
      headers: admin.headers,
      payload: { id: pageId, activeStatus: 'N' },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/Careers1' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/Careers1');
    expect((await content()).statusCode).toBe(404);
    const forAdmin = await content(admin);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().header.title).toBe('Work with us');
    await t.app.inject({
      method: 'POST',
      url: '/api/master/activitydelstatus',
      headers: admin.headers,
      payload: { id: pageId, activeStatus: 'Y' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/Careers1' })).statusCode).toBe(200);
  });

  it('answers getpagecontent for the twelve pages too, and 404 for a screen or an unknown page', async () => {
    const news = await t.app.inject({
      method: 'POST',
      url: '/api/master/getpagecontent',
      payload: { commonrouting: 'News' },
    });
    expect(news.json().commonrouting).toBe('News');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/getpagecontent',
          payload: { commonrouting: 'userHomepage' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/getpagecontent', payload: { commonrouting: 'Nope' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the twins of an Autowired page answer once', () => {
  it('sends each answer once: no second reply is attempted (logged as FST_ERR_REP_ALREADY_SENT)', async () => {
    const { lines, stream } = captureLogs();
    const t = await createTestApp('sqlite', { LOG_LEVEL: 'warn' }, { logStream: stream });
    try {
      await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
      const admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
      await t.app.inject({
        method: 'POST',
        url: '/api/master/savePageCreation',
        headers: admin.headers,
        payload: { filename: 'Team', dspname: 'Team', module: 1, type: 'Autowired', homepage: 'Y' },
      });
      const answers = await Promise.all(
        ['/Team1', '/Team1', '/Team', '/team1', '/TEAM'].map((url) => t.app.inject({ method: 'GET', url })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 301, 301]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines.filter((line) => /already sent|FST_ERR_REP_ALREADY_SENT/.test(line))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
