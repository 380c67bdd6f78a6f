import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '../../core/schemas/group';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';

describe.each(testDialects())('user groups on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    await createEditor(t.app, 'editor');
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (who: LoggedIn, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/menu/${url}`, headers: who.headers, payload });
  const groups = async () =>
    (await call(admin, 'getAllgroup')).json() as Array<{ srno: number; id: number; groupname: string }>;

  it('lists the built-in groups with srno', async () => {
    const list = await groups();
    expect(list.slice(0, 3)).toMatchObject([
      { srno: 1, id: 1, groupname: 'Administrators' },
      { srno: 2, id: 2, groupname: 'Public' },
      { srno: 3, id: 3, groupname: 'Editors' },
    ]);
  });

  it('creates and renames a group; a duplicate name (any case) is refused with NO and a sentence', async () => {
    const created = await call(admin, 'SaveUserGroup', { groupname: 'Writers' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'OK' });
    const id = (await groups()).find((g) => g.groupname === 'Writers')?.id;
    expect(id).toBeGreaterThan(3);

    const duplicate = await call(admin, 'SaveUserGroup', { groupname: 'writers' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ status: 'NO', message: GROUP_MESSAGES.duplicate });

    const renamed = await call(admin, 'SaveUserGroup', { id, updategroupname: 'Authors' });
    expect(renamed.json()).toMatchObject({ status: 'OK' });
    expect((await groups()).find((g) => g.id === id)?.groupname).toBe('Authors');
    const clash = await call(admin, 'SaveUserGroup', { id, updategroupname: 'Editors' });
    expect(clash.json()).toMatchObject({ status: 'NO', message: GROUP_MESSAGES.duplicate });
    expect((await call(admin, 'SaveUserGroup', { groupname: '  ' })).statusCode).toBe(400);
  });

  it('refuses to delete built-in groups and groups with users; deletes an empty one', async () => {
    for (const id of [1, 2, 3]) {
      const refused = await call(admin, 'deletegroup', { id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: 'NO', message: GROUP_MESSAGES.builtin });
    }
    await call(admin, 'SaveUserGroup', { groupname: 'Staffed' });
    const staffed = (await groups()).find((g) => g.groupname === 'Staffed')!.id;
    await createEditor(t.app, 'staffer', staffed);
    expect((await call(admin, 'deletegroup', { id: staffed })).json()).toEqual({
      status: 'NO',
      message: GROUP_MESSAGES.hasUsers,
    });

    await call(admin, 'SaveUserGroup', { groupname: 'Empty' });
    const empty = (await groups()).find((g) => g.groupname === 'Empty')!.id;
    expect((await call(admin, 'deletegroup', { id: empty })).json()).toMatchObject({ status: 'OK' });
    expect((await groups()).some((g) => g.id === empty)).toBe(false);
  });

  it('answers 403 to a non-admin and changes nothing', async () => {
    const before = await groups();
    for (const [url, payload] of [
      ['getAllgroup', {}],
      ['SaveUserGroup', { groupname: 'Hackers' }],
      ['deletegroup', { id: before.at(-1)!.id }],
    ] as const) {
      expect((await call(editor, url, payload)).statusCode).toBe(403);
    }
    expect(await groups()).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/menu/getAllgroup', payload: {} })).statusCode).toBe(401);
  });
});
