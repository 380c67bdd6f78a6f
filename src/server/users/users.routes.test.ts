import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../core/schemas/user';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';

const NEW_PASSWORD = 'a-long-new-password-1';

describe.each(testDialects())('users on %s', (dialect) => {
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

  const call = (who: LoggedIn | null, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/master/${url}`, headers: who?.headers ?? {}, payload });
  const person = (over: object = {}) => ({
    employeecode: 'E001',
    salutation: 'Ms.',
    gender: 'Female',
    firstname: 'Asha',
    middlename: 'R',
    lastname: 'Kulkarni',
    address: 'Pune',
    mobile: '9876543210',
    mobile1: '',
    email: 'Asha@Example.COM',
    selfaccessforuser: 'asha',
    password: NEW_PASSWORD,
    usergroupid: 3,
    selfactive: true,
    ...over,
  });

  it('creates a user (Success) with email stored lowercase, reads it back without any password', async () => {
    const saved = await call(admin, 'saveemployeemaster', person());
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ status: 'Success', message: USER_MESSAGES.saved });
    const read = await call(admin, 'getEmployeedByid', { id: body.userID });
    expect(read.json()).toMatchObject({
      userID: body.userID,
      email: 'asha@example.com',
      firstname: 'Asha',
      mobile: '9876543210',
      usergroupid: 3,
      selfactive: true,
    });
    expect(read.body).not.toMatch(/password|argon2/i);
    expect((await logIn(t.app, 'asha', NEW_PASSWORD)).token).toBeTruthy();
  });

  it('enforces the spec rules: password on create, names ≤20, address ≤500, mobile, unique user names', async () => {
    const noPassword = await call(admin, 'saveemployeemaster', person({ selfaccessforuser: 'nopass', password: '' }));
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ status: 'error', rescoremessage: USER_MESSAGES.password });
    const bad = [
      { firstname: 'x'.repeat(21) },
      { lastname: 'x'.repeat(21) },
      { address: 'x'.repeat(501) },
      { mobile: '5876543210' },
      { mobile: '98765' },
      { email: 'not-an-email' },
      { salutation: 'Dr.' },
    ];
    for (const over of bad)
      expect(
        (await call(admin, 'saveemployeemaster', person({ selfaccessforuser: 'other', ...over }))).statusCode,
      ).toBe(400);
    const duplicate = await call(admin, 'saveemployeemaster', person({ selfaccessforuser: 'ASHA' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      status: 'error',
      message: USER_MESSAGES.duplicateUsername,
      rescoremessage: USER_MESSAGES.duplicateUsername,
    });
  });

  it('updates a user (Success1); a new password ends their sessions', async () => {
    const id = (await call(admin, 'getSearchForEmployeeMaster', { searchText: 'asha', type: 'Name' })).json().list[0]
      .id;
    const session = await logIn(t.app, 'asha', NEW_PASSWORD);
    const updated = await call(
      admin,
      'saveemployeemaster',
      person({ userID: id, lastname: 'Deshpande', password: '' }),
    );
    expect(updated.json()).toMatchObject({ status: 'Success1' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: session.headers })).json().authenticated,
    ).toBe(true);
    await call(admin, 'saveemployeemaster', person({ userID: id, password: 'another-long-password' }));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: session.headers })).json().authenticated,
    ).toBe(false);
    expect((await call(admin, 'getEmployeedByid', { id })).json().lastname).toBe('Kulkarni');
  });

  it('pages the list 10 at a time and searches by code and name with parameters only', async () => {
    for (let i = 0; i < 12; i++) {
      await call(
        admin,
        'saveemployeemaster',
        person({ selfaccessforuser: `bulk${i}`, employeecode: `B${100 + i}`, firstname: `Bulk${i}` }),
      );
    }
    const first = (await call(admin, 'getempmasterfroEmp', { pageno: 1 })).json();
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({ srno: 1 });
    const total = first.totalItems as number;
    const second = (await call(admin, 'getempmasterfroEmp', { pageno: 2 })).json();
    expect(second.list.length).toBe(Math.min(10, total - 10));
    expect(second.list[0].srno).toBe(11);
    expect(JSON.stringify([first, second])).not.toMatch(/argon2|password/i);

    expect(
      (await call(admin, 'getSearchForEmployeeMaster', { searchText: 'B105', type: 'Code' }))
        .json()
        .list.map((u: { username: string }) => u.username),
    ).toEqual(['bulk5']);
    expect(
      (await call(admin, 'getSearchForEmployeeMaster', { searchText: 'B105', type: 'Name' })).json().totalItems,
    ).toBe(0);
    expect(
      (await call(admin, 'getSearchForEmployeeMaster', { searchText: 'bulk1', type: 'All' })).json().totalItems,
    ).toBe(3);
    for (const type of ['All', 'Code', 'Name']) {
      for (const searchText of ["' OR 1=1--", "%' OR '1'='1", '%', '_']) {
        const injected = await call(admin, 'getSearchForEmployeeMaster', { searchText, type });
        expect(injected.statusCode).toBe(200);
        expect(injected.json()).toEqual({ list: [], totalItems: 0, totalCapped: false, next: null });
      }
    }
  });

  it('deactivating ends the user’s sessions and stops logins; reactivating lets them back', async () => {
    const id = (await call(admin, 'getSearchForEmployeeMaster', { searchText: 'bulk0', type: 'Name' })).json().list[0]
      .id;
    const session = await logIn(t.app, 'bulk0', NEW_PASSWORD);
    const off = await call(admin, 'Employeechangedeletstatus', { id, activeStatus: 'N' });
    expect(off.json()).toMatchObject({ status: 'Success' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: session.headers })).json().authenticated,
    ).toBe(false);
    await expect(logIn(t.app, 'bulk0', NEW_PASSWORD)).rejects.toThrow(/401/);
    expect((await call(admin, 'Employeechangedeletstatus', { id, activeStatus: 'Y' })).json()).toMatchObject({
      status: 'Success1',
    });
    expect((await logIn(t.app, 'bulk0', NEW_PASSWORD)).token).toBeTruthy();
  });

  it('never deactivates or demotes the last active administrator', async () => {
    const adminId = admin.body.id as number;
    const off = await call(admin, 'Employeechangedeletstatus', { id: adminId, activeStatus: 'N' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ status: 'error', message: USER_MESSAGES.lastAdmin });
    const demote = await call(
      admin,
      'saveemployeemaster',
      person({ userID: adminId, selfaccessforuser: 'admin', usergroupid: 3, password: '' }),
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().rescoremessage).toBe(USER_MESSAGES.lastAdmin);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: admin.headers })).json().user.usergroupid,
    ).toBe(1);
  });

  it('refuses ids beyond the database integer range with 400 and a sentence, on both databases (docs/design.md §24)', async () => {
    for (const id of [2 ** 31, '2147483648', 0, -1]) {
      const read = await call(admin, 'getEmployeedByid', { id });
      expect(read.statusCode, String(id)).toBe(400);
      expect(read.json().message).toBe('id must be a whole number from 1 to 2147483647.');
    }
    const status = await call(admin, 'Employeechangedeletstatus', { id: 2 ** 31, activeStatus: 'N' });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ status: 'error', message: 'id must be a whole number from 1 to 2147483647.' });
    const save = await call(admin, 'saveemployeemaster', person({ selfaccessforuser: 'range', usergroupid: 2 ** 31 }));
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({ status: 'error', rescoremessage: USER_MESSAGES.group });
  });

  it('offers the groups for the user form', async () => {
    const groups = (await call(admin, 'getusergroup')).json();
    expect(groups.slice(0, 3)).toEqual([
      { id: 1, groupname: 'Administrators' },
      { id: 2, groupname: 'Public' },
      { id: 3, groupname: 'Editors' },
    ]);
  });

  it('answers 403 to a non-admin for every user call and changes nothing (not even their own record)', async () => {
    const editorId = editor.body.id as number;
    const calls: Array<[string, object]> = [
      ['getempmasterfroEmp', { pageno: 1 }],
      ['getSearchForEmployeeMaster', { searchText: '', type: 'All' }],
      ['getEmployeedByid', { id: editorId }],
      ['getusergroup', {}],
      ['saveemployeemaster', person({ userID: editorId, selfaccessforuser: 'editor', usergroupid: 1, password: '' })],
      ['saveemployeemaster', person({ selfaccessforuser: 'sneaky' })],
      ['Employeechangedeletstatus', { id: admin.body.id as number, activeStatus: 'N' }],
    ];
    for (const [url, payload] of calls) expect((await call(editor, url, payload)).statusCode).toBe(403);
    const me = (await call(admin, 'getEmployeedByid', { id: editorId })).json();
    expect(me).toMatchObject({ usergroupid: 3, selfactive: true, selfaccessforuser: 'editor' });
    expect(
      (await call(admin, 'getSearchForEmployeeMaster', { searchText: 'sneaky', type: 'All' })).json().totalItems,
    ).toBe(0);
    expect((await call(null, 'getempmasterfroEmp', { pageno: 1 })).statusCode).toBe(401);
  });
});
