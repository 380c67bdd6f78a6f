import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MESSAGES } from '../../core/masters/master-data';
import { DEMO_CONTENT } from '../../core/schemas/page-content';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

interface Option {
  id: number;
  code: string;
  name: string;
  dependsOn?: number | null;
  parentId?: number | null;
}

describe.each(testDialects())('master data on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let pageEditor: LoggedIn;
  const type: Record<string, number> = {};
  const value: Record<string, number> = {};
  let officesId: number;

  const call = (who: LoggedIn | null, name: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/master/${name}`,
      headers: who?.headers ?? {},
      payload: payload as object,
    });
  const choices = async (typeId: number, parentId?: number, who: LoggedIn = admin) => {
    const response = await call(who, 'getCommonMasterfordependancy', { typeId, ...(parentId ? { parentId } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Option[];
  };
  const typeCount = async () => (await call(admin, 'getCommasterType', { pageno: 1 })).json().totalItems as number;
  const valueCount = async (typeId?: number) =>
    (await call(admin, 'getCommonMaster', { pageno: 1, ...(typeId ? { typeId } : {}) })).json().totalItems as number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    await createEditor(t.app, 'plain-editor');
    editor = await logIn(t.app, 'plain-editor', EDITOR_PASSWORD);

    const types = (await call(admin, 'getCommasterTypefordropdown')).json() as Option[];
    for (const option of types) type[option.code] = option.id;
    const named = async (typeId: number) => {
      for (const option of (await call(admin, 'getCommonMaster', { typeId, pageno: 1 })).json().items as Option[])
        value[option.name] = option.id;
    };
    for (const code of ['COUNTRY', 'STATE']) await named(type[code]!);
    for (const pageno of [1, 2]) {
      for (const option of (await call(admin, 'getCommonMaster', { typeId: type.CITY, pageno })).json()
        .items as Option[])
        value[option.name] = option.id;
    }
  });
  afterAll(async () => t?.close());

  // ---- Seeded data

  it("seeds Country ← State ← City for India and the Expertise page's industry segments", async () => {
    const list = await call(admin, 'getCommasterType', { pageno: 1 });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalItems).toBe(4);
    expect(list.json().items).toEqual([
      {
        srno: 1,
        id: type.COUNTRY,
        code: 'COUNTRY',
        name: 'Country',
        dependsOn: null,
        dependsOnName: null,
        activeStatus: 'Y',
      },
      {
        srno: 2,
        id: type.STATE,
        code: 'STATE',
        name: 'State',
        dependsOn: type.COUNTRY,
        dependsOnName: 'Country',
        activeStatus: 'Y',
      },
      {
        srno: 3,
        id: type.CITY,
        code: 'CITY',
        name: 'City',
        dependsOn: type.STATE,
        dependsOnName: 'State',
        activeStatus: 'Y',
      },
      {
        srno: 4,
        id: type['INDUSTRY-SEGMENT'],
        code: 'INDUSTRY-SEGMENT',
        name: 'Industry Segment',
        dependsOn: null,
        dependsOnName: null,
        activeStatus: 'Y',
      },
    ]);
    expect((await choices(type.COUNTRY!)).map((c) => [c.code, c.name])).toEqual([['IN', 'India']]);
    expect((await choices(type.STATE!, value.India)).map((c) => [c.code, c.name])).toEqual([
      ['MH', 'Maharashtra'],
      ['KA', 'Karnataka'],
      ['TN', 'Tamil Nadu'],
      ['GJ', 'Gujarat'],
      ['DL', 'Delhi'],
    ]);
    const cities = async (state: string) => (await choices(type.CITY!, value[state])).map((c) => c.name);
    expect(await cities('Maharashtra')).toEqual(['Pune', 'Mumbai', 'Nagpur']);
    expect(await cities('Karnataka')).toEqual(['Bengaluru', 'Mysuru']);
    expect(await cities('Tamil Nadu')).toEqual(['Chennai', 'Coimbatore']);
    expect(await cities('Gujarat')).toEqual(['Ahmedabad', 'Surat']);
    expect(await cities('Delhi')).toEqual(['New Delhi']);
    expect((await choices(type.CITY!)).find((c) => c.name === 'New Delhi')).toMatchObject({
      code: 'NEW-DELHI',
      parentId: value.Delhi,
    });
    const segments = await choices(type['INDUSTRY-SEGMENT']!);
    expect(segments.map((s) => s.name)).toEqual(DEMO_CONTENT.expertise.tablelst.map((row) => row.segment));
    expect(segments.find((s) => s.name === 'Engineering services')?.code).toBe('ENGINEERING-SERVICES');
  });

  it('gives administrators the two screens in their Administration menu', async () => {
    const menu = (
      await t.app.inject({ method: 'POST', url: '/api/menu/menuofUserforjosn', headers: admin.headers, payload: {} })
    ).json();
    const administration = menu.find((entry: { mainmenulabel: string }) => entry.mainmenulabel === 'Administration');
    const links = administration.lstsubmenu.map((item: { submenulabel: string; submenulink: string }) => [
      item.submenulabel,
      item.submenulink,
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Master Types', '/commonMasterType'],
        ['Master Values', '/commonMaster'],
      ]),
    );
  });

  // ---- Types

  it('creates, reads and updates a type', async () => {
    const created = await call(admin, 'savecommonmastertype', { code: 'OFFICE', name: 'Office' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'Success', message: MASTER_MESSAGES.saved });
    type.OFFICE = created.json().id;
    const updated = await call(admin, 'savecommonmastertype', {
      id: type.OFFICE,
      code: 'OFFICE',
      name: 'Office Location',
    });
    expect(updated.json()).toEqual({ status: 'Success', message: MASTER_MESSAGES.saved, id: type.OFFICE });
    expect((await call(admin, 'getcommasterTypeByID', { id: type.OFFICE })).json()).toEqual({
      id: type.OFFICE,
      code: 'OFFICE',
      name: 'Office Location',
      dependsOn: null,
      dependsOnName: null,
      activeStatus: 'Y',
    });
    const searched = (await call(admin, 'getCommasterType', { pageno: 1, searchText: 'LOCAT' })).json();
    expect(searched.items.map((i: Option) => i.code)).toEqual(['OFFICE']);
  });

  it('refuses a duplicate type code regardless of case with a sentence, nothing changed', async () => {
    const before = await typeCount();
    const refused = await call(admin, 'savecommonmastertype', { code: 'office', name: 'Another office' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.duplicateTypeCode('office') });
    const renamed = await call(admin, 'savecommonmastertype', { id: type.CITY, code: 'Country', name: 'City' });
    expect(renamed.json().message).toBe(MASTER_MESSAGES.duplicateTypeCode('Country'));
    expect(await typeCount()).toBe(before);
    expect((await call(admin, 'getcommasterTypeByID', { id: type.CITY })).json().code).toBe('CITY');
  });

  it('refuses a type that would depend on itself or close a cycle, nothing changed', async () => {
    for (const [id, dependsOn] of [
      [type.COUNTRY, type.COUNTRY],
      [type.COUNTRY, type.CITY],
      [type.STATE, type.CITY],
    ]) {
      const refused = await call(admin, 'savecommonmastertype', {
        id,
        code: id === type.COUNTRY ? 'COUNTRY' : 'STATE',
        name: 'x',
        dependsOn,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.cycle });
    }
    expect((await call(admin, 'getcommasterTypeByID', { id: type.COUNTRY })).json()).toMatchObject({
      name: 'Country',
      dependsOn: null,
    });
    expect(
      (await call(admin, 'savecommonmastertype', { code: 'X1', name: 'x', dependsOn: 99999 })).json().message,
    ).toBe(MASTER_MESSAGES.unknownType);
  });

  it('offers as dependencies every active type but the type itself and those that depend on it', async () => {
    const forState = (await call(admin, 'getCommasterTypefordependacy', { id: type.STATE })).json() as Option[];
    expect(forState.map((o) => o.code).sort()).toEqual(['COUNTRY', 'INDUSTRY-SEGMENT', 'OFFICE']);
    const forCountry = (await call(admin, 'getCommasterTypefordependacy', { id: type.COUNTRY })).json() as Option[];
    expect(forCountry.map((o) => o.code).sort()).toEqual(['INDUSTRY-SEGMENT', 'OFFICE']);
    const forNew = (await call(admin, 'getCommasterTypefordependacy', {})).json() as Option[];
    expect(forNew).toHaveLength(5);
    expect(forNew.find((o) => o.code === 'CITY')).toEqual({
      id: type.CITY,
      code: 'CITY',
      name: 'City',
      dependsOn: type.STATE,
    });
    expect((await call(admin, 'getCommasterTypefordependacy', { id: 99999 })).statusCode).toBe(404);
  });

  it('keeps the type a type depends on while its values have parents', async () => {
    const refused = await call(admin, 'savecommonmastertype', {
      id: type.CITY,
      code: 'CITY',
      name: 'City',
      dependsOn: type.COUNTRY,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status).toBe('error');
    expect((await call(admin, 'getcommasterTypeByID', { id: type.CITY })).json().dependsOn).toBe(type.STATE);
  });

  it('deactivates a type: out of the dropdown, no new values, back when reactivated', async () => {
    const off = await call(admin, 'changeStatusForCommonMasterType', { id: type.OFFICE, activeStatus: 'N' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'Success' });
    expect(Object.keys(off.json()).sort()).toEqual(['message', 'status']);
    expect(((await call(admin, 'getCommasterTypefordropdown')).json() as Option[]).map((o) => o.code)).not.toContain(
      'OFFICE',
    );
    const refused = await call(admin, 'savecommonmaster', { typeId: type.OFFICE, code: 'BANER', name: 'Baner' });
    expect(refused.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.inactiveType });
    const depends = await call(admin, 'savecommonmastertype', { code: 'DESK', name: 'Desk', dependsOn: type.OFFICE });
    expect(depends.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.inactiveType });
    expect(
      (await call(admin, 'changeStatusForCommonMasterType', { id: type.OFFICE, activeStatus: 'Y' })).json().status,
    ).toBe('Success');
    expect(((await call(admin, 'getCommasterTypefordropdown')).json() as Option[]).map((o) => o.code)).toContain(
      'OFFICE',
    );
    expect((await call(admin, 'changeStatusForCommonMasterType', { id: 99999, activeStatus: 'N' })).json()).toEqual({
      status: 'error',
      message: MASTER_MESSAGES.notFound,
    });
  });

  // ---- Values

  it('creates, reads and updates values; a value of a type without dependency has no parent', async () => {
    const created = await call(admin, 'savecommonmaster', {
      typeId: type.OFFICE,
      code: 'BANER',
      name: 'Baner',
      sequence: 2,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'Success', message: MASTER_MESSAGES.saved });
    value.Baner = created.json().id;
    const read = (await call(admin, 'getcommasterByID', { id: value.Baner })).json();
    expect(read).toEqual({
      id: value.Baner,
      typeId: type.OFFICE,
      typeName: 'Office Location',
      code: 'BANER',
      name: 'Baner',
      sequence: 2,
      parentId: null,
      parentName: null,
      activeStatus: 'Y',
    });
    const updated = await call(admin, 'savecommonmaster', {
      id: value.Baner,
      typeId: type.OFFICE,
      code: 'BANER',
      name: 'Baner Office',
      sequence: 1,
    });
    expect(updated.json()).toEqual({ status: 'Success', message: MASTER_MESSAGES.saved, id: value.Baner });
    expect((await call(admin, 'getcommasterByID', { id: value.Baner })).json()).toMatchObject({
      name: 'Baner Office',
      sequence: 1,
    });
    expect((await call(admin, 'gettypeformasterByID', { id: value.Baner })).json()).toMatchObject({
      id: type.OFFICE,
      code: 'OFFICE',
    });

    const withParent = await call(admin, 'savecommonmaster', {
      typeId: type.OFFICE,
      code: 'HINJEWADI',
      name: 'Hinjewadi',
      parentId: value.Pune,
    });
    expect(withParent.statusCode).toBe(400);
    expect(withParent.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.noParent('Office Location') });
    const moved = await call(admin, 'savecommonmaster', {
      id: value.Baner,
      typeId: type.CITY,
      code: 'BANER',
      name: 'Baner',
      parentId: value.Maharashtra,
    });
    expect(moved.statusCode).toBe(400);
  });

  it('reads a value with its type and parent', async () => {
    expect((await call(admin, 'getcommasterByID', { id: value.Pune })).json()).toEqual({
      id: value.Pune,
      typeId: type.CITY,
      typeName: 'City',
      code: 'PUNE',
      name: 'Pune',
      sequence: 1,
      parentId: value.Maharashtra,
      parentName: 'Maharashtra',
      activeStatus: 'Y',
    });
    expect((await call(admin, 'gettypeformasterByID', { id: value.Pune })).json()).toEqual({
      id: type.CITY,
      code: 'CITY',
      name: 'City',
      dependsOn: type.STATE,
      dependsOnName: 'State',
      activeStatus: 'Y',
    });
  });

  it('checks parents: needed for a dependent type, an active value of the type it depends on', async () => {
    const before = await valueCount(type.CITY);
    const city = { typeId: type.CITY, code: 'THANE', name: 'Thane' };
    const cases: Array<[unknown, string]> = [
      [{ ...city }, MASTER_MESSAGES.parentNeeded('City', 'State')],
      [{ ...city, parentId: value.India }, MASTER_MESSAGES.parentWrongType('State')],
      [{ ...city, parentId: value.Pune }, MASTER_MESSAGES.parentWrongType('State')],
      [{ ...city, parentId: 99999 }, MASTER_MESSAGES.parentWrongType('State')],
    ];
    for (const [body, message] of cases) {
      const refused = await call(admin, 'savecommonmaster', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ status: 'error', message });
    }
    expect(
      (await call(admin, 'changeStatusForCommonMaster', { id: value.Delhi, activeStatus: 'N' })).json().status,
    ).toBe('Success');
    expect((await call(admin, 'savecommonmaster', { ...city, parentId: value.Delhi })).json().message).toBe(
      MASTER_MESSAGES.parentWrongType('State'),
    );
    // New Delhi keeps its (now inactive) parent when edited.
    const kept = await call(admin, 'savecommonmaster', {
      id: value['New Delhi'],
      typeId: type.CITY,
      code: 'NEW-DELHI',
      name: 'New Delhi',
      sequence: 1,
      parentId: value.Delhi,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await call(admin, 'changeStatusForCommonMaster', { id: value.Delhi, activeStatus: 'Y' });
    expect(await valueCount(type.CITY)).toBe(before);

    const saved = await call(admin, 'savecommonmaster', { ...city, sequence: 4, parentId: value.Karnataka });
    expect(saved.statusCode).toBe(200);
    value.Thane = saved.json().id;
  });

  it("sets a value's parent with savecommonmasterdependancy, checked the same way", async () => {
    const moved = await call(admin, 'savecommonmasterdependancy', {
      valueId: value.Thane,
      parentId: value.Maharashtra,
    });
    expect(moved.json()).toEqual({ status: 'Success', message: MASTER_MESSAGES.saved, id: value.Thane });
    expect((await call(admin, 'getcommasterByID', { id: value.Thane })).json()).toMatchObject({
      parentId: value.Maharashtra,
      parentName: 'Maharashtra',
    });
    expect((await choices(type.CITY!, value.Maharashtra)).map((c) => c.name)).toEqual([
      'Pune',
      'Mumbai',
      'Nagpur',
      'Thane',
    ]);
    const wrong = await call(admin, 'savecommonmasterdependancy', { valueId: value.Thane, parentId: value.Pune });
    expect(wrong.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.parentWrongType('State') });
    const none = await call(admin, 'savecommonmasterdependancy', { valueId: value.Baner, parentId: value.Pune });
    expect(none.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.noParent('Office Location') });
    expect((await call(admin, 'savecommonmasterdependancy', { valueId: 99999, parentId: value.Pune })).statusCode).toBe(
      404,
    );
    expect((await call(admin, 'getcommasterByID', { id: value.Thane })).json().parentId).toBe(value.Maharashtra);
  });

  it('refuses a duplicate code within a type regardless of case; the same code in another type is fine', async () => {
    const before = await valueCount();
    const refused = await call(admin, 'savecommonmaster', {
      typeId: type.CITY,
      code: 'pune',
      name: 'Pune again',
      parentId: value.Maharashtra,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 'error', message: MASTER_MESSAGES.duplicateValueCode('pune', 'City') });
    expect(await valueCount()).toBe(before);
    const other = await call(admin, 'savecommonmaster', { typeId: type.OFFICE, code: 'PUNE', name: 'Pune office' });
    expect(other.statusCode).toBe(200);
  });

  it('lists values 10 a page, by type; searches the words of code and name, % and _ never wildcards', async () => {
    const cities = (await call(admin, 'getCommonMaster', { typeId: type.CITY, pageno: 1 })).json();
    expect(cities.totalItems).toBe(11);
    expect(cities.items).toHaveLength(10);
    expect(cities.items[0]).toMatchObject({ srno: 1, typeName: 'City', parentName: 'Maharashtra' });
    const second = (await call(admin, 'getCommonMaster', { typeId: type.CITY, pageno: 2 })).json();
    expect(second.items.map((i: { srno: number }) => i.srno)).toEqual([11]);

    await call(admin, 'savecommonmaster', { typeId: type.OFFICE, code: 'REMOTE', name: '100% Remote' });
    await call(admin, 'savecommonmaster', { typeId: type.OFFICE, code: 'HOT_DESK', name: 'Hot desk' });
    const search = async (searchText: string, typeId?: number) =>
      (
        (await call(admin, 'getSearchForcommonMaster', { searchText, pageno: 1, ...(typeId ? { typeId } : {}) })).json()
          .items as Option[]
      ).map((i) => i.name);
    // Words are searched (full text): '%' and '_' are no words, so they find nothing, and are never wildcards.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('100%')).toEqual(['100% Remote']);
    expect(await search('hot_desk')).toEqual(['Hot desk']);
    expect((await search('pun')).sort()).toEqual(['Pune', 'Pune office']);
    expect(await search('PUN', type.CITY)).toEqual(['Pune']);
    expect(await search('ka', type.STATE)).toEqual(['Karnataka']);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect((await call(admin, 'getCommonMaster', { pageno: 1 })).json().totalItems).toBe(await valueCount());
  });

  it('deactivates a value: no longer offered, still readable; answers unknown ids with 404', async () => {
    const off = await call(admin, 'changeStatusForCommonMaster', { id: value.Nagpur, activeStatus: 'N' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'Success' });
    expect((await choices(type.CITY!, value.Maharashtra)).map((c) => c.name)).toEqual(['Pune', 'Mumbai', 'Thane']);
    expect((await call(admin, 'getcommasterByID', { id: value.Nagpur })).json().activeStatus).toBe('N');
    for (const [name, body] of [
      ['getcommasterByID', { id: 99999 }],
      ['gettypeformasterByID', { id: 99999 }],
      ['getcommasterTypeByID', { id: 99999 }],
      ['changeStatusForCommonMaster', { id: 99999, activeStatus: 'N' }],
      ['savecommonmaster', { id: 99999, typeId: type.OFFICE, code: 'X', name: 'X' }],
      ['savecommonmastertype', { id: 99999, code: 'X', name: 'X' }],
      ['getCommonMasterfordependancy', { typeId: 99999 }],
    ] as const) {
      expect((await call(admin, name, body)).statusCode, name).toBe(404);
    }
    expect((await call(admin, 'savecommonmaster', { typeId: 99999, code: 'X', name: 'X' })).json()).toEqual({
      status: 'error',
      message: MASTER_MESSAGES.unknownType,
    });
  });

  it("refuses bad input with the contract's sentences", async () => {
    const badCode = await call(admin, 'savecommonmastertype', { code: 'two words', name: 'x' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe(MASTER_MESSAGES.code);
    expect((await call(admin, 'savecommonmaster', { typeId: type.OFFICE, code: 'OK', name: '' })).json().message).toBe(
      MASTER_MESSAGES.name,
    );
  });

  it('lets only callers whose menu holds the screens use them: 401, 403, nothing changed', async () => {
    const types = await typeCount();
    const values = await valueCount();
    const calls: Array<[string, unknown]> = [
      ['savecommonmastertype', { code: 'SNEAKY', name: 'Sneaky' }],
      ['getCommasterType', { pageno: 1 }],
      ['getcommasterTypeByID', { id: type.CITY }],
      ['changeStatusForCommonMasterType', { id: type.CITY, activeStatus: 'N' }],
      ['getCommasterTypefordropdown', {}],
      ['getCommasterTypefordependacy', {}],
      ['savecommonmaster', { typeId: type.OFFICE, code: 'SNEAKY', name: 'Sneaky' }],
      ['getCommonMaster', { pageno: 1 }],
      ['getSearchForcommonMaster', { searchText: 'a', pageno: 1 }],
      ['getcommasterByID', { id: value.Pune }],
      ['gettypeformasterByID', { id: value.Pune }],
      ['changeStatusForCommonMaster', { id: value.Pune, activeStatus: 'N' }],
      ['savecommonmasterdependancy', { valueId: value.Thane, parentId: value.Karnataka }],
    ];
    for (const [name, body] of calls) {
      expect((await call(null, name, body)).statusCode, name).toBe(401);
      expect((await call(editor, name, body)).statusCode, name).toBe(403);
    }
    expect(await typeCount()).toBe(types);
    expect(await valueCount()).toBe(values);
    expect((await call(admin, 'getcommasterTypeByID', { id: type.CITY })).json().activeStatus).toBe('Y');
    expect((await call(admin, 'getcommasterByID', { id: value.Pune })).json().activeStatus).toBe('Y');
    expect((await call(admin, 'getcommasterByID', { id: value.Thane })).json().parentId).toBe(value.Maharashtra);
  });

  // ---- Choices in pages

  it('sets up an Autowired page with a State and a City parameter', async () => {
    officesId = (
      await call(admin, 'savePageCreation', {
        filename: 'Offices',
        dspname: 'Our offices',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    const choice = (parameterName: string, sequence: number, commonmastertype: number) => ({
      parameterName,
      sequence,
      type: 'Dropdown',
      unittype: 'MasterData',
      validator: 'User Selection',
      pagecreationtype: 'Detail',
      commonmastertype,
    });
    const saved = await call(admin, 'saveParameters', {
      id: officesId,
      parameters: [
        {
          parameterName: 'office',
          sequence: 1,
          mandatory: 'Y',
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Detail',
          maxlength: 80,
        },
        choice('state', 2, type.STATE!),
        choice('city', 3, type.CITY!),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const editorId = await createEditor(t.app, 'offices-editor');
    await t.app.tenants.default.db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: editorId,
        parent_id: null,
        page_id: officesId,
        label: 'Offices',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    pageEditor = await logIn(t.app, 'offices-editor', EDITOR_PASSWORD);
  });

  it("offers a type's values to the editors of a page using it, never to the public or other editors", async () => {
    expect((await call(null, 'getCommonMasterfordependancy', { typeId: type.CITY })).statusCode).toBe(401);
    expect((await call(editor, 'getCommonMasterfordependancy', { typeId: type.CITY })).statusCode).toBe(403);
    expect((await choices(type.CITY!, value.Karnataka, pageEditor)).map((c) => c.name)).toEqual([
      'Bengaluru',
      'Mysuru',
    ]);
    expect((await choices(type.STATE!, undefined, pageEditor)).map((c) => c.code)).toEqual([
      'MH',
      'KA',
      'TN',
      'GJ',
      'DL',
    ]);
    expect((await call(pageEditor, 'getCommonMasterfordependancy', { typeId: type.OFFICE })).statusCode).toBe(403);
  });

  const content = async () => (await call(null, 'getpagecontent', { commonrouting: 'Offices' })).json();
  const save = (rows: unknown[], revision: number) =>
    call(pageEditor, 'savepagecontent', { commonrouting: 'Offices', document: { header: {}, rows, revision } });

  it('refuses a city outside the chosen state, or a value of another type, naming the field; content unchanged', async () => {
    const before = await content();
    const outside = await save([{ office: 'Head office', state: value.Karnataka, city: value.Pune }], before.revision);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Please choose a city of the chosen state in city');
    const otherType = await save(
      [{ office: 'Head office', state: value.Maharashtra, city: value.Maharashtra }],
      before.revision,
    );
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json().message).toBe('Please choose an active city in city');
    const notAnId = await save([{ office: 'Head office', state: 'Maharashtra', city: value.Pune }], before.revision);
    expect(notAnId.json().message).toBe('Please choose an active state in state');
    expect(await content()).toEqual(before);
  });

  it('saves Pune under Maharashtra as ids, and the public page shows their names', async () => {
    const saved = await save(
      [
        { office: 'Head office', state: value.Maharashtra, city: value.Pune },
        { office: 'South', state: String(value.Karnataka), city: String(value.Bengaluru) },
      ],
      0,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await content();
    expect(stored.rows).toEqual([
      { office: 'Head office', state: value.Maharashtra, city: value.Pune },
      { office: 'South', state: value.Karnataka, city: value.Bengaluru },
    ]);
    const html = (await t.app.inject({ method: 'GET', url: '/Offices1' })).body;
    expect(html).toContain('<dt class="autowired-field__name">city</dt><dd class="autowired-field__value">Pune</dd>');
    expect(html).toContain(
      '<dt class="autowired-field__name">state</dt><dd class="autowired-field__value">Maharashtra</dd>',
    );
    expect(html).toContain(
      '<dt class="autowired-field__name">city</dt><dd class="autowired-field__value">Bengaluru</dd>',
    );
    expect(html).not.toContain(
      `<dt class="autowired-field__name">city</dt><dd class="autowired-field__value">${value.Pune}</dd>`,
    );
  });

  it('keeps a deactivated city on the saved page and no longer offers it; a new choice of an inactive value is refused', async () => {
    expect((await call(admin, 'changeStatusForCommonMaster', { id: value.Pune, activeStatus: 'N' })).statusCode).toBe(
      200,
    );
    const current = await content();
    const again = await save(current.rows, current.revision);
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/Offices1' })).body).toContain(
      '<dt class="autowired-field__name">city</dt><dd class="autowired-field__value">Pune</dd>',
    );
    expect((await choices(type.CITY!, value.Maharashtra, pageEditor)).map((c) => c.name)).not.toContain('Pune');

    const latest = await content();
    const before = latest;
    const inactive = await save(
      [...latest.rows, { office: 'Nagpur desk', state: value.Maharashtra, city: value.Nagpur }],
      latest.revision,
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('Please choose an active city in city');
    expect(await content()).toEqual(before);
  });

  it('answers the values a document holds when asked to include them, inactive ones flagged, only of the asked type', async () => {
    const include = [value.Pune!, value.Bengaluru!, value.Maharashtra!];
    const response = await call(pageEditor, 'getCommonMasterfordependancy', {
      typeId: type.CITY,
      parentId: value.Maharashtra,
      include,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json() as Array<Option & { active?: boolean }>;
    // Maharashtra's active cities (Nagpur and Pune are inactive by now), Pune and Bengaluru asked for; in sequence order.
    expect(answered.map((c) => c.name).sort()).toEqual(['Bengaluru', 'Mumbai', 'Pune', 'Thane']);
    expect(answered.find((c) => c.name === 'Pune')).toMatchObject({
      id: value.Pune,
      parentId: value.Maharashtra,
      active: false,
    });
    expect(answered.find((c) => c.name === 'Bengaluru')).toMatchObject({ id: value.Bengaluru, active: true });
    expect(answered.some((c) => c.id === value.Maharashtra)).toBe(false);
    expect(
      answered
        .filter((c) => c.name !== 'Pune' && c.name !== 'Bengaluru')
        .every((c) => c.active === true && c.parentId === value.Maharashtra),
    ).toBe(true);
    // Without include, the inactive value is not offered; every answered value says it is active.
    const offered = await choices(type.CITY!, value.Maharashtra, pageEditor);
    expect(offered.map((c) => c.name)).not.toContain('Pune');
    expect(offered.every((c) => (c as { active?: boolean }).active === true)).toBe(true);
    // The same access rules, and a bounded list.
    expect(
      (await call(editor, 'getCommonMasterfordependancy', { typeId: type.CITY, include: [value.Pune] })).statusCode,
    ).toBe(403);
    expect(
      (await call(null, 'getCommonMasterfordependancy', { typeId: type.CITY, include: [value.Pune] })).statusCode,
    ).toBe(401);
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(
      (await call(pageEditor, 'getCommonMasterfordependancy', { typeId: type.CITY, include: tooMany })).statusCode,
    ).toBe(400);
    expect(
      (await call(pageEditor, 'getCommonMasterfordependancy', { typeId: type.CITY, include: ['x'] })).statusCode,
    ).toBe(400);
  });

  it('shows a renamed value by its new name at once', async () => {
    await call(admin, 'savecommonmaster', {
      id: value.Pune,
      typeId: type.CITY,
      code: 'PUNE',
      name: 'Pune City',
      sequence: 1,
      parentId: value.Maharashtra,
    });
    const html = (await t.app.inject({ method: 'GET', url: '/Offices1' })).body;
    expect(html).toContain(
      '<dt class="autowired-field__name">city</dt><dd class="autowired-field__value">Pune City</dd>',
    );
  });
});
