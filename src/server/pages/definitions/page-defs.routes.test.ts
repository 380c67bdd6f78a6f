import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MESSAGES } from '../../../core/page-defs/page-definition';
import { CONTENT_PAGES, SCREEN_PAGES } from '../../../core/pages';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../../test-support/test-app';
import { createUser } from '../../users/users.service';

const careers = { filename: 'Careers', dspname: 'Careers', module: 1, type: 'Autowired', homepage: 'Y' };

describe.each(testDialects())('page definitions and parameters on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let careersId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    await createEditor(t.app, 'pd-editor');
    editor = await logIn(t.app, 'pd-editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (who: LoggedIn | null, name: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/master/${name}`,
      headers: who?.headers ?? {},
      payload: payload as object,
    });

  it('lists every page, the twelve content pages and the back-office screens as wired, 10 a page', async () => {
    const first = await call(admin, 'getFormCreatedData', { pageno: 1 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.items).toHaveLength(10);
    // The twelve content pages and every back-office screen.
    expect(body.totalItems).toBe(CONTENT_PAGES.length + SCREEN_PAGES.length);
    expect(body.items[0]).toEqual({
      srno: 1,
      id: 1,
      code: 'Home',
      name: 'Home',
      filename: 'Home',
      dspname: 'Home',
      module: 1,
      modulename: 'Website',
      type: 'wired',
      homepage: 'Y',
      activeStatus: 'Y',
    });
    const third = (await call(admin, 'getFormCreatedData', { pageno: 3 })).json();
    expect(third.items.map((p: { srno: number }) => p.srno)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    const fourth = (await call(admin, 'getFormCreatedData', { pageno: 4 })).json();
    const total = CONTENT_PAGES.length + SCREEN_PAGES.length;
    expect(fourth.items.map((p: { srno: number }) => p.srno)).toEqual(
      Array.from({ length: total - 30 }, (_, i) => 31 + i),
    );
    expect(third.items.every((p: { type: string; homepage: string }) => p.type === 'wired' && p.homepage === 'N')).toBe(
      true,
    );
  });

  it('offers the seeded modules', async () => {
    const modules = (await call(admin, 'getallmodeules')).json();
    expect(modules.map((m: { name: string }) => m.name)).toEqual(['Website', 'Services', 'Products', 'Administration']);
  });

  it('creates an Autowired page with an id from 1000 and reads it back for editing', async () => {
    const created = await call(admin, 'savePageCreation', careers);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'OK', message: PAGE_MESSAGES.saved, id: 1000 });
    careersId = created.json().id;
    const edit = (await call(admin, 'getpageedit', { id: careersId })).json();
    expect(edit).toEqual({
      id: 1000,
      filename: 'Careers',
      dspname: 'Careers',
      module: 1,
      modulename: 'Website',
      type: 'Autowired',
      homepage: 'Y',
      activeStatus: 'Y',
    });
    const next = await call(admin, 'savePageCreation', { ...careers, filename: 'Events', dspname: 'Events' });
    expect(next.json().id).toBe(1001);
  });

  it.each([
    ['a reserved route', 'login', /used by Folio itself/],
    ['a back-office screen', 'userHomepage', /used by Folio itself/],
    ['an old short route', 'niws', /used by Folio itself/],
    ['a public twin', 'News1', /used by Folio itself/],
    ['the word of a call (previewshare/revoke)', 'Revoke', /used by Folio itself/],
    ['an existing page in another case', 'careers', /already exists/],
    ['the twin of a created page', 'Careers1', /public address of the page Careers/],
    ['a slash', 'Jobs/Open', /letters, digits and hyphens/],
    ['a dot', 'Jobs.html', /letters, digits and hyphens/],
    ['a space', 'Open Jobs', /letters, digits and hyphens/],
    ['two dots', '..', /letters, digits and hyphens/],
    ['26 characters', 'A'.repeat(26), /1 to 25 characters/],
    ['a leading digit', '2Jobs', /letters, digits and hyphens/],
  ])('refuses a page name that is %s with a sentence, nothing created', async (_what, filename, message) => {
    const before = (await call(admin, 'getFormCreatedData', { pageno: 1 })).json().totalItems;
    const refused = await call(admin, 'savePageCreation', { ...careers, filename });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().status).toBe('No');
    expect(refused.json().message).toMatch(message);
    expect((await call(admin, 'getFormCreatedData', { pageno: 1 })).json().totalItems).toBe(before);
  });

  it('keeps a wired page wired, with its name; its display name and module may change', async () => {
    expect(
      (await call(admin, 'savePageCreation', { ...careers, type: 'wired', filename: 'Jobs' })).json().message,
    ).toBe(PAGE_MESSAGES.newWired);
    const rename = await call(admin, 'savePageCreation', {
      id: 7,
      filename: 'Newsroom',
      dspname: 'News',
      module: 1,
      type: 'wired',
      homepage: 'Y',
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(PAGE_MESSAGES.wiredName);
    const retitle = await call(admin, 'savePageCreation', {
      id: 7,
      filename: 'News',
      dspname: 'Newsroom',
      module: 1,
      type: 'wired',
      homepage: 'Y',
    });
    expect(retitle.statusCode).toBe(200);
    expect((await call(admin, 'getpageedit', { id: 7 })).json().dspname).toBe('Newsroom');
    await call(admin, 'savePageCreation', {
      id: 7,
      filename: 'News',
      dspname: 'News',
      module: 1,
      type: 'wired',
      homepage: 'Y',
    });
  });

  it('stores a display name with HTML as text', async () => {
    const page = await call(admin, 'savePageCreation', {
      ...careers,
      filename: 'Odd',
      dspname: '<img src=x onerror=alert(1)>',
    });
    expect(page.statusCode).toBe(200);
    expect((await call(admin, 'getpageedit', { id: page.json().id })).json().dspname).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });

  it("saves a page's parameters as a whole, applies them to getParamconf at once, and reads them back", async () => {
    const parameters = [
      {
        parameterName: 'jobTitle',
        sequence: 1,
        mandatory: 'Y',
        type: 'Textarea',
        unittype: 'Character',
        pagecreationtype: 'Detail',
        minlength: 3,
        maxlength: 80,
      },
      {
        parameterName: 'closingDate',
        sequence: 2,
        type: 'Date',
        unittype: 'Date',
        pagecreationtype: 'Detail',
        greatthncurrentdate: 'true',
      },
      {
        parameterName: 'salary',
        sequence: 3,
        type: 'number',
        unittype: 'Float',
        pagecreationtype: 'Detail',
        decimalplaces: 2,
      },
      {
        parameterName: 'fullTime',
        sequence: 4,
        type: 'Checkbox',
        unittype: 'Boolean',
        pagecreationtype: 'Detail',
        booleanyes: 'Yes',
        booleanno: 'No',
      },
    ];
    const saved = await call(admin, 'saveParameters', { id: careersId, parameters });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Success' });
    const read = (await call(admin, 'getActivityParametersByid', { id: careersId })).json();
    expect(read.page.filename).toBe('Careers');
    expect(read.parameters.map((p: { parameterName: string }) => p.parameterName)).toEqual([
      'jobTitle',
      'closingDate',
      'salary',
      'fullTime',
    ]);
    expect(read.parameters[3]).toMatchObject({
      booleanyes: 'Yes',
      booleanno: 'No',
      mandatory: 'N',
      validator: 'User Entry',
    });
    const rules = (
      await t.app.inject({ method: 'POST', url: '/api/master/getParamconf', payload: { id: careersId } })
    ).json().activeList;
    expect(rules[0]).toMatchObject({
      parameterName: 'jobTitle',
      type: 'Textarea',
      minlength: 3,
      maxlength: 80,
      mandatory: 'Y',
    });
    expect(rules[1]).toMatchObject({ parameterName: 'closingDate', greatthncurrentdate: 'true' });
    const labels = (await call(admin, 'getactivityforparamconf', { id: careersId })).json();
    expect(labels.map((l: { name: string }) => l.name)).toEqual(['jobTitle', 'closingDate', 'salary', 'fullTime']);
  });

  it.each([
    [
      'min over max',
      [{ parameterName: 'a', sequence: 1, type: 'Textarea', unittype: 'Character', minlength: 9, maxlength: 3 }],
      /minimum length is more than the maximum/,
    ],
    [
      'two date rules',
      [
        {
          parameterName: 'd',
          sequence: 1,
          type: 'Date',
          unittype: 'Date',
          currentdate: 'true',
          lessthncurrentdate: 'true',
        },
      ],
      /one date rule at most/,
    ],
    [
      'MasterData without a type',
      [{ parameterName: 'm', sequence: 1, type: 'Dropdown', unittype: 'MasterData', validator: 'User Selection' }],
      /master type/,
    ],
    [
      'duplicate names',
      [
        { parameterName: 'x', sequence: 1, type: 'Textarea', unittype: 'Character' },
        { parameterName: 'X', sequence: 2, type: 'Textarea', unittype: 'Character' },
      ],
      /there twice/,
    ],
    [
      'a type and kind that do not match',
      [{ parameterName: 'n', sequence: 1, type: 'number', unittype: 'Date' }],
      /do not go together/,
    ],
  ])('refuses contradictory parameters (%s) with a sentence, nothing saved', async (_what, parameters, message) => {
    const before = (await call(admin, 'getActivityParametersByid', { id: careersId })).json().parameters;
    const refused = await call(admin, 'saveParameters', { id: careersId, parameters });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(message);
    expect((await call(admin, 'getActivityParametersByid', { id: careersId })).json().parameters).toEqual(before);
  });

  it("offers a wired page's fields with their labels and refuses a parameter that is not one of them", async () => {
    const labels = (await call(admin, 'getactivityforparamconf', { id: 1 })).json();
    expect(labels).toEqual(
      expect.arrayContaining([
        { name: 'skillName', label: 'Skill Name (skill)' },
        { name: 'exprtshead', label: 'The expertise title' },
      ]),
    );
    const refused = await call(admin, 'saveParameters', {
      id: 1,
      parameters: [{ parameterName: 'notAField', sequence: 1, type: 'Textarea', unittype: 'Character' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/notAField is not a field of the page Home/);
  });

  it('applies a tightened rule of a wired page to the next save at once', async () => {
    const home = (await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    const current = (await call(admin, 'getActivityParametersByid', { id: 1 })).json().parameters;
    const tightened = current.map((p: { parameterName: string }) =>
      p.parameterName === 'skillName' ? { ...p, maxlength: 3 } : p,
    );
    expect((await call(admin, 'saveParameters', { id: 1, parameters: tightened })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveHome',
      headers: admin.headers,
      payload: home,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Please enter less than 3 characters in Skill Name$/);
    expect((await call(admin, 'saveParameters', { id: 1, parameters: current })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/saveHome', headers: admin.headers, payload: home }))
        .statusCode,
    ).toBe(200);
  });

  it('deactivates and reactivates a page', async () => {
    const off = await call(admin, 'activitydelstatus', { id: careersId, activeStatus: 'N' });
    expect(off.json()).toEqual({ status1: 'Success', message: PAGE_MESSAGES.deactivated });
    expect((await call(admin, 'getpageedit', { id: careersId })).json().activeStatus).toBe('N');
    expect((await call(admin, 'activitydelstatus', { id: careersId, activeStatus: 'Y' })).json().status1).toBe(
      'Success',
    );
    expect((await call(admin, 'activitydelstatus', { id: 16, activeStatus: 'N' })).statusCode).toBe(400);
  });

  it('lets only callers whose menu holds homepages change anything: 401, 403, nothing changed', async () => {
    const calls: Array<[string, unknown]> = [
      ['getFormCreatedData', { pageno: 1 }],
      ['savePageCreation', { ...careers, filename: 'Sneaky' }],
      ['activitydelstatus', { id: 1, activeStatus: 'N' }],
      ['saveParameters', { id: 1, parameters: [] }],
      ['getActivityParametersByid', { id: 1 }],
    ];
    for (const [name, body] of calls) {
      expect((await call(null, name, body)).statusCode, name).toBe(401);
      expect((await call(editor, name, body)).statusCode, name).toBe(403);
    }
    expect((await call(admin, 'getpageedit', { id: 1 })).json().activeStatus).toBe('Y');
    expect((await call(admin, 'getActivityParametersByid', { id: 1 })).json().parameters.length).toBeGreaterThan(0);
  });
});
