import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_MESSAGES, type MenuNode } from '../../core/schemas/menu-item';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';

const USERS_SCREEN = 16;
const GROUPS_SCREEN = 18;

describe.each(testDialects())('menu trees on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editorId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    editorId = await createEditor(t.app, 'editor');
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (who: LoggedIn, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/menu/${url}`, headers: who.headers, payload });
  const tree = async (userId: number, from: 'User' | 'group') =>
    (await call(admin, 'menubyuser', { userId, from })).json() as MenuNode[];
  const save = (item: object) => call(admin, 'savemenubyuserforjson', { jsonsavelist: item });

  it('lists active users and the pages a menu can hold', async () => {
    const users = (await call(admin, 'getallActiveuser')).json() as Array<{ id: number; name: string }>;
    expect(users.map((u) => u.id)).toContain(editorId);
    expect(users.map((u) => u.id)).not.toContain(1);
    const pages = (await call(admin, 'getAllitempage')).json() as Array<{ id: number; name: string }>;
    expect(pages.find((p) => p.id === 1)).toMatchObject({ name: 'Home' });
    expect(pages.find((p) => p.id === GROUPS_SCREEN)).toMatchObject({ name: 'User Groups' });
  });

  it('shows a group tree as nodes with children', async () => {
    const nodes = await tree(2, 'group');
    const services = nodes.find((n) => n.name === 'Services');
    expect(services).toMatchObject({ issub: true, pageid: null });
    expect(services?.children.map((c) => c.pageid)).toEqual([3, 4, 5, 6]);
    expect(nodes[0]).toMatchObject({ name: 'Home', pageid: 1, landPage: true, issub: false, children: [] });
    expect((await call(admin, 'menubyuser', { userId: 0, from: 'User' })).statusCode).toBe(400);
  });

  it('builds a user tree: module, items under sub menus only, the sequence rule, the landing page', async () => {
    expect(await tree(editorId, 'User')).toEqual([]);
    expect((await save({ modulename: 'Admin', sequence: 1, isSubMenu: 'Y', userId: editorId })).json()).toMatchObject({
      status: 'OK',
    });
    const module = (await tree(editorId, 'User'))[0]!;
    expect(
      (await save({ pageid: USERS_SCREEN, parentId: module.id, sequence: 1, userId: editorId, landPage: 'Y' }))
        .statusCode,
    ).toBe(200);
    const low = await save({ pageid: GROUPS_SCREEN, parentId: module.id, sequence: 0, userId: editorId });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe(MENU_MESSAGES.sequence);
    await save({ pageid: 1, parentId: module.id, sequence: 2, userId: editorId });
    const users = (await tree(editorId, 'User'))[0]!.children[0]!;
    const notSub = await save({ pageid: 2, parentId: users.id, sequence: 1, userId: editorId });
    expect(notSub.statusCode).toBe(400);
    // Someone else's node is not a parent for this tree.
    const otherGroupNode = (await tree(2, 'group')).find((n) => n.name === 'Services')!;
    expect((await save({ pageid: 2, parentId: otherGroupNode.id, sequence: 9, userId: editorId })).statusCode).toBe(
      400,
    );

    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    expect(editor.body.landpage).toBe('/userHomepage');
    const session = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: editor.headers })).json();
    expect(session.user.screens).toEqual(expect.arrayContaining(['userHomepage', 'user', 'Home']));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/getempmasterfroEmp',
          headers: editor.headers,
          payload: { pageno: 1 },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a screen removed from an editor’s menu is refused at their next call; children go with their parent', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    const list = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/master/getempmasterfroEmp',
        headers: editor.headers,
        payload: { pageno: 1 },
      });
    expect((await list()).statusCode).toBe(200);
    const module = (await tree(editorId, 'User'))[0]!;
    const deleted = await call(admin, 'deletemenubyuser', { menuId: module.id });
    expect(deleted.json()).toMatchObject({ status: 'OK' });
    expect(await tree(editorId, 'User')).toEqual([]);
    const remaining = await t.app.tenants.default.db
      .selectFrom('menu_items')
      .select('id')
      .where('owner_kind', '=', 'user')
      .where('owner_id', '=', editorId)
      .execute();
    expect(remaining).toEqual([]);
    // Back on the Editors group's menu, which has no Users screen.
    expect((await list()).statusCode).toBe(403);
    expect((await call(admin, 'deletemenubyuser', { menuId: module.id })).statusCode).toBe(404);
  });

  it('updatemenubyuser applies the group tree to every user of the group', async () => {
    await save({ pageid: 7, sequence: 1, userId: editorId });
    expect(await tree(editorId, 'User')).toHaveLength(1);
    const applied = await call(admin, 'updatemenubyuser', { groupId: 3 });
    expect(applied.json()).toEqual({ status: 'OK', message: MENU_MESSAGES.groupUpdated });
    expect(await tree(editorId, 'User')).toEqual([]);
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    const menu = (await call(editor, 'menuofUserforjosn')).json() as Array<{ mainmenulabel: string }>;
    expect(menu.map((m) => m.mainmenulabel)).toContain('Services');

    // A group change shows in the header menu of its users at once (the menu cache is cleared).
    const groupNodes = await tree(3, 'group');
    const news = groupNodes.find((n) => n.name === 'News')!;
    await save({ menuId: news.id, pageid: 7, pagename: 'Latest News', sequence: 1, resourcegroupid: 3 });
    const after = (await call(editor, 'menuofUserforjosn')).json() as Array<{ mainmenulabel: string }>;
    // News moved to sequence 1, beside the staff home (docs/design.md §23), which comes first in the seeded menu.
    expect(
      after
        .slice(0, 2)
        .map((m) => m.mainmenulabel)
        .sort(),
    ).toEqual(['Dashboard', 'Latest News']);
  });

  it('answers 403 to a non-admin for every menu call and changes nothing', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    const before = await tree(3, 'group');
    const calls: Array<[string, object]> = [
      ['getallActiveuser', {}],
      ['menubyuser', { userId: 3, from: 'group' }],
      ['getAllitempage', {}],
      ['savemenubyuserforjson', { jsonsavelist: { pageid: GROUPS_SCREEN, sequence: 99, resourcegroupid: 3 } }],
      ['deletemenubyuser', { menuId: before[0]!.id }],
      ['updatemenubyuser', { groupId: 3 }],
    ];
    for (const [url, payload] of calls) expect((await call(editor, url, payload)).statusCode).toBe(403);
    expect(await tree(3, 'group')).toEqual(before);
  });

  it("answers a tree flat, finds items by name, renames one and empties a group's tree", async () => {
    const flat = (await call(admin, 'getallmenudata', { userId: 2, from: 'group' })).json() as Array<{
      id: number;
      name: string;
      parentId: number | null;
    }>;
    expect(flat.length).toBe(15);
    const services = flat.find((i) => i.name === 'Services');
    expect(flat.filter((i) => i.parentId === services?.id).map((i) => i.name)).toEqual([
      'Bespoke Development',
      'Expertise',
      'Language Services',
      'Consulting',
    ]);

    const hits = (await call(admin, 'menubymenname', { menuname: 'crm for' })).json() as Array<{
      name: string;
      ownerKind: string;
      ownerId: number;
    }>;
    expect(hits.map((h) => h.name)).toEqual(expect.arrayContaining(['CRM for Manufacturing', 'CRM for Pharma']));
    expect(hits.every((h) => /crm for/i.test(h.name))).toBe(true);
    expect((await call(admin, 'menubymenname', { menuname: '%' })).json()).toEqual([]);

    const group = await t.app.inject({
      method: 'POST',
      url: '/api/menu/SaveUserGroup',
      headers: admin.headers,
      payload: { groupname: 'Menu test group' },
    });
    expect(group.statusCode).toBe(200);
    const groups = (await call(admin, 'getAllgroup')).json() as Array<{ id: number; groupname: string }>;
    const groupId = groups.find((g) => g.groupname === 'Menu test group')!.id;
    expect((await save({ resourcegroupid: groupId, pageid: 7, pagename: 'News', sequence: 1 })).statusCode).toBe(200);
    const [item] = await tree(groupId, 'group');
    const renamed = await call(admin, 'SaveItemname', { menuId: item!.id, menuname: 'Latest news' });
    expect(renamed.json()).toEqual({ status: 'OK', message: MENU_MESSAGES.saved });
    expect((await tree(groupId, 'group'))[0]?.name).toBe('Latest news');
    expect((await call(admin, 'SaveItemname', { menuId: item!.id, menuname: '' })).statusCode).toBe(400);

    const cleared = await call(admin, 'cleargroupall', { id: groupId });
    expect(cleared.json()).toEqual({ status: 'OK', message: MENU_MESSAGES.deleted });
    expect(await tree(groupId, 'group')).toEqual([]);
    // Nobody else's tree was touched.
    expect((await call(admin, 'getallmenudata', { userId: 2, from: 'group' })).json()).toHaveLength(15);
  });

  it('keeps the new menu calls for holders of the group screen: 403 for an editor', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    for (const [url, body] of [
      ['getallmenudata', { userId: 2, from: 'group' }],
      ['menubymenname', { menuname: 'News' }],
      ['SaveItemname', { menuId: 1, menuname: 'x' }],
      ['cleargroupall', { id: 2 }],
    ] as const) {
      expect((await call(editor, url, body)).statusCode, url).toBe(403);
    }
    expect((await call(admin, 'getallmenudata', { userId: 2, from: 'group' })).json()).toHaveLength(15);
  });
});
