import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_GROUP_ID } from '../../../core/groups';
import { PARAMETER_MESSAGES } from '../../../core/page-defs/parameter';
import { PUBLIC_MENU_MESSAGES } from '../../../core/page-defs/public-menu';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../../test-support/test-app';
import { createUser } from '../../users/users.service';

/**
 * Plain words for pages made without code (docs/design.md §34): visitors read content (a field's name shows only where
 * "Show its name to visitors" is on; text kinds are off unless set), a heading is a heading, and a page goes into
 * the public menu from its own screen with the menu editor's access, rules and audit.
 */
describe.each(testDialects())('pages made without code, in plain words, on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let pagesOnly: LoggedIn;
  let pageId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    pageId = (
      await post(admin, '/api/master/savePageCreation', {
        filename: 'Welcome',
        dspname: 'Welcome to Berlin',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    // Someone who may define pages (the list of pages in their own menu) but not edit menus.
    const userId = await createEditor(t.app, 'pages-only');
    const homepages = await t.app.tenants.default.db
      .selectFrom('pages')
      .select('id')
      .where('routing', '=', 'homepages')
      .executeTakeFirstOrThrow();
    await t.app.tenants.default.db
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: userId,
        parent_id: null,
        page_id: homepages.id,
        label: 'Pages',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    pagesOnly = await logIn(t.app, 'pages-only', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  function post(who: LoggedIn, url: string, payload: unknown) {
    return t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
  }
  const parameters = (more: Record<string, Record<string, unknown>> = {}) => [
    {
      parameterName: 'Heading',
      sequence: 1,
      type: 'Textarea',
      unittype: 'Character',
      pagecreationtype: 'Header',
      asHeading: true,
      ...more.Heading,
    },
    {
      parameterName: 'Introduction',
      sequence: 2,
      type: 'Textarea',
      unittype: 'Character',
      pagecreationtype: 'Header',
      ...more.Introduction,
    },
    {
      parameterName: 'Founded',
      sequence: 3,
      type: 'number',
      unittype: 'Integer',
      pagecreationtype: 'Header',
      ...more.Founded,
    },
  ];
  const saveParameters = (list: unknown[], who = admin) =>
    post(who, '/api/master/saveParameters', { id: pageId, parameters: list });
  const stored = async () =>
    (await post(admin, '/api/master/getActivityParametersByid', { id: pageId })).json().parameters as Array<
      Record<string, unknown>
    >;
  const publicPage = async () => (await t.app.inject({ method: 'GET', url: '/Welcome1' })).body;

  it('stores "Show its name to visitors" per parameter: unset follows the kind, and a heading is a line of text', async () => {
    expect((await saveParameters(parameters({ Founded: { showName: false } }))).statusCode).toBe(200);
    const [heading, introduction, founded] = await stored();
    expect(heading).toMatchObject({ parameterName: 'Heading', showName: null, asHeading: true });
    expect(introduction).toMatchObject({ parameterName: 'Introduction', showName: null, asHeading: false });
    expect(founded).toMatchObject({ parameterName: 'Founded', showName: false, asHeading: false });
    const refused = await saveParameters(parameters({ Founded: { asHeading: true } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PARAMETER_MESSAGES.heading('Founded'));
  });

  it('shows visitors only the content of text fields by default, the heading as a heading; a number keeps its name', async () => {
    expect((await saveParameters(parameters())).statusCode).toBe(200);
    const document = {
      header: { Heading: 'Willkommen', Introduction: 'We build software in Berlin.', Founded: 1999 },
      rows: [],
      revision: 0,
    };
    const saved = await post(admin, '/api/master/savepagecontent', { commonrouting: 'Welcome', document });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = await publicPage();
    expect(html).toContain('<h2 class="autowired-heading">Willkommen</h2>');
    expect(html).toContain('<p class="autowired-text">We build software in Berlin.</p>');
    expect(html).not.toMatch(/autowired-field__name">(Heading|Introduction)</);
    expect(html).toContain('<dt class="autowired-field__name">Founded</dt>');
  });

  it('shows a name to visitors once it is turned on, at the next public view (the save clears the cached page)', async () => {
    expect(await publicPage()).not.toContain('autowired-field__name">Introduction<');
    expect(
      (await saveParameters(parameters({ Introduction: { showName: true }, Founded: { showName: false } }))).statusCode,
    ).toBe(200);
    expect((await stored())[1]).toMatchObject({ showName: true });
    const html = await publicPage();
    expect(html).toContain('<dt class="autowired-field__name">Introduction</dt>');
    expect(html).not.toContain('autowired-field__name">Founded<');
  });

  const place = (payload: Record<string, unknown>, who = admin) =>
    post(who, '/api/menu/placeinpublicmenu', { pageId, ...payload });
  const where = async () => (await post(admin, '/api/menu/publicmenuplace', { pageId })).json();
  const publicTopLevel = async () =>
    (
      await t.app.tenants.default.db
        .selectFrom('menu_items')
        .select(['label', 'sequence', 'page_id'])
        .where('owner_kind', '=', 'group')
        .where('owner_id', '=', PUBLIC_GROUP_ID)
        .where('parent_id', 'is', null)
        .orderBy('sequence')
        .execute()
    ).map((row) => row.label);

  it('puts the page into the public menu from its screen: at the top level in a position, then under an entry; audited; in the public header', async () => {
    expect((await where()).placed).toBeNull();
    const top = await place({ parentId: null, position: 2 });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json()).toMatchObject({ status: 'OK', message: PUBLIC_MENU_MESSAGES.placed('Welcome to Berlin') });
    expect(await publicTopLevel()).toEqual([
      'Home',
      'Welcome to Berlin',
      'About',
      'Services',
      'Products',
      'News',
      'Customers',
      'Contact',
    ]);
    expect(await publicPage()).toMatch(/<a [^>]*href="\/Welcome1"[^>]*>Welcome to Berlin<\/a>/);

    const { entries } = await where();
    const services = entries.find((entry: { label: string }) => entry.label === 'Services');
    expect(services).toMatchObject({ depth: 1, holdsEntries: true });
    const moved = await place({ parentId: services.id, position: 99 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await where()).placed).toEqual({ menuId: top.json().menuId, parentId: services.id, position: 5 });
    expect(await publicTopLevel()).not.toContain('Welcome to Berlin');

    const audit = await t.app.tenants.default.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('summary', 'like', '%page Welcome%menu%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'menu.create',
        summary: 'Added page Welcome to the menu of group Public, at the top level, position 2',
      },
      { action: 'menu.update', summary: 'Moved page Welcome in the menu of group Public, under Services, position 5' },
    ]);
  });

  it('refuses a place under an entry that holds no entries, and a page that is not on the public website', async () => {
    const { entries } = await where();
    const about = entries.find((entry: { label: string }) => entry.label === 'About');
    const refused = await place({ parentId: about.id, position: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: PUBLIC_MENU_MESSAGES.parent, field: 'parentId' });
    const internal = (
      await post(admin, '/api/master/savePageCreation', {
        filename: 'StaffNotes',
        dspname: 'Staff notes',
        module: 1,
        type: 'Autowired',
        homepage: 'N',
      })
    ).json().id;
    const notPublic = await post(admin, '/api/menu/placeinpublicmenu', {
      pageId: internal,
      parentId: null,
      position: 1,
    });
    expect(notPublic.statusCode).toBe(400);
    expect(notPublic.json().message).toBe(PUBLIC_MENU_MESSAGES.notPublic);
  });

  it('answers 403 to someone who may define pages but not edit menus', async () => {
    expect((await post(pagesOnly, '/api/master/getpageedit', { id: pageId })).statusCode).toBe(200);
    expect((await post(pagesOnly, '/api/menu/publicmenuplace', { pageId })).statusCode).toBe(403);
    const refused = await place({ parentId: null, position: 1 }, pagesOnly);
    expect(refused.statusCode).toBe(403);
    expect((await where()).placed.position).toBe(5);
  });
});
