import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATORS_GROUP_ID, EDITORS_GROUP_ID } from '../../core/groups';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import { hashToken } from '../access/access';
import { runAs } from '../audit/audit';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { pendingSetupCode } from '../setup/setup.service';
import { captureLogs } from '../test-support/logs';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import type { Tenant } from '../tenants/tenants';
import { createUser } from '../users/users.service';
import { insertPasswordReset } from './accounts.repository';
import {
  issueOneTimePassword,
  resetTwoFactorByName,
  revealSetupCode,
  SHELL_ACCOUNT_MESSAGES,
} from './shell-accounts.service';
import { codeAt } from './totp';

const PASSWORD = 'first-password-of-mine';
const CHOSEN = 'my-own-password-again';
/** Who the shell's commands run as in these tests (the command line names its operator the same way). */
const OPERATOR = { userName: 'shell (root)', ip: null };
const SECRET_KEY = Buffer.alloc(32, 5).toString('base64');

/** docs/design.md §22: the shell's account commands, and the session a one-time password opens, on SQLite and PostgreSQL. */
describe.each(testDialects())('the shell account commands (%s)', (dialect) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, SECRET_KEY });
  });
  afterAll(async () => t?.close());

  const tenant = () => t.app.tenants.default;
  const db = () => tenant().db;
  /** A fresh user (each test its own, so throttles and sessions do not cross). */
  async function newUser(groupId = EDITORS_GROUP_ID): Promise<{ id: number; username: string }> {
    n += 1;
    const username = `shelluser${n}`;
    return { id: await createUser(db(), { username, password: PASSWORD, groupId, firstName: `Shell${n}` }), username };
  }
  const post = (url: string, payload: object, who?: LoggedIn, remoteAddress = `10.30.${n}.1`) =>
    t.app.inject({ method: 'POST', url, payload, headers: who?.headers ?? {}, remoteAddress });
  const sessionOf = async (who?: LoggedIn) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who?.headers ?? {} })).json();
  const auditOf = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  const userRow = (id: number) =>
    db()
      .selectFrom('users')
      .select(['password_must_change', 'password_changed_at', 'totp_enabled_at', 'totp_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const asOperator = <T>(work: () => Promise<T>) => runAs(OPERATOR, work);

  describe('user reset-password', () => {
    it('sets a one-time password (any case of the name), ends every session, voids reset links, and records it without the password', async () => {
      const { id, username } = await newUser();
      const before = await logIn(t.app, username, PASSWORD);
      const token = randomBytes(32).toString('base64url');
      await insertPasswordReset(db(), {
        user_id: id,
        token_hash: hashToken(token),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      });

      const result = await asOperator(() => issueOneTimePassword(tenant(), ` ${username.toUpperCase()} `));
      expect(result).toMatchObject({ username, active: true });
      expect(result.password).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/);
      // Each one is new.
      expect((await asOperator(() => issueOneTimePassword(tenant(), username))).password).not.toBe(result.password);
      const second = await asOperator(() => issueOneTimePassword(tenant(), username));

      expect((await userRow(id)).password_must_change).toBe(1);
      expect((await sessionOf(before)).authenticated).toBe(false);
      expect((await post('/api/auth/signin', { username, password: PASSWORD })).statusCode).toBe(401);
      expect((await post('/api/auth/signin', { username, password: result.password })).statusCode).toBe(401);
      const reset = await post('/api/auth/reset', { token, password: 'a-password-from-a-link' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().message).toBe(ACCOUNT_MESSAGES.resetInvalid);

      const entries = (await auditOf('cli.reset_password')).filter((e) => e.target_id === username);
      expect(entries).toHaveLength(3);
      expect(entries[0]).toMatchObject({
        target_type: 'user',
        user_name: OPERATOR.userName,
        summary: `Set a one-time password for ${username} in the shell`,
      });
      expect(JSON.parse(entries[0]!.details)).toEqual({ mustChange: true, active: true });
      const everything = JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
      expect(everything).not.toContain(result.password);
      expect(everything).not.toContain(second.password);
      expect(JSON.stringify(await db().selectFrom('users').selectAll().where('id', '=', id).execute())).not.toContain(
        second.password,
      );
    });

    it('opens a session that reaches only /account until the password is changed, with the one-time password as the current one', async () => {
      const { id, username } = await newUser(ADMINISTRATORS_GROUP_ID);
      const { password } = await asOperator(() => issueOneTimePassword(tenant(), username));

      // Signing in answers as any sign-in does: 200 and a session, starting on /account.
      const signin = await post('/api/auth/signin', { username, password });
      expect(signin.statusCode, signin.body).toBe(200);
      expect(signin.json()).toMatchObject({ message: 'SUCCESS', username, landpage: '/account' });
      const who = await logIn(t.app, username, password, `10.30.${n}.1`);
      const info = await sessionOf(who);
      expect(info.authenticated).toBe(true);
      expect(info.user).toMatchObject({
        username,
        landpage: '/account',
        screens: [],
        passwordChangeRequired: true,
        twoFactorRequired: false,
      });

      // Every other call: 403 with the sentence, an administrator's screen included.
      for (const [url, payload] of [
        ['/api/menu/getAllgroup', {}],
        ['/api/master/getpagehistory', { commonrouting: 'Home' }],
      ] as const) {
        const held = await post(url, payload, who);
        expect(held.statusCode, url).toBe(403);
        expect(held.json().message).toBe(ACCOUNT_MESSAGES.passwordChangeRequired);
      }
      // A public call answers as to a visitor: the Public menu, not the Administrators'.
      const menu = await post('/api/menu/menuofUserforjosn', {}, who);
      expect(menu.statusCode).toBe(200);
      expect(menu.json()).toEqual((await post('/api/menu/menuofUserforjosn', {})).json());
      // The own account's calls stay open.
      expect((await post('/api/auth/2fa/setup', {}, who)).statusCode).toBe(200);

      const wrong = await post('/api/auth/password', { current: 'not-the-one-time-one', password: CHOSEN }, who);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongCurrent);
      const changed = await post('/api/auth/password', { current: password, password: CHOSEN }, who);
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await userRow(id)).password_must_change).toBe(0);
      const groups = await post('/api/menu/getAllgroup', {}, who);
      expect(groups.statusCode, groups.body).toBe(200);
      const after = await sessionOf(who);
      expect(after.user.passwordChangeRequired).toBe(false);
      expect(after.user.landpage).not.toBe('/account');
      expect(after.user.screens).toContain('newGrouphome');
      expect((await logIn(t.app, username, CHOSEN, `10.30.${n}.1`)).body.landpage).not.toBe('/account');
      expect((await post('/api/auth/signin', { username, password })).statusCode).toBe(401);
    });

    it('is lifted by every other way of setting a password: a reset link, an administrator on the user form', async () => {
      const { id, username } = await newUser();
      await asOperator(() => issueOneTimePassword(tenant(), username));
      const token = randomBytes(32).toString('base64url');
      await insertPasswordReset(db(), {
        user_id: id,
        token_hash: hashToken(token),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      });
      expect((await post('/api/auth/reset', { token, password: CHOSEN })).statusCode).toBe(200);
      expect((await userRow(id)).password_must_change).toBe(0);
      expect((await logIn(t.app, username, CHOSEN, `10.30.${n}.1`)).body.landpage).not.toBe('/account');

      await asOperator(() => issueOneTimePassword(tenant(), username));
      const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
      const saved = await post(
        '/api/master/saveemployeemaster',
        {
          userID: id,
          employeecode: 'S1',
          salutation: 'Ms.',
          gender: 'Female',
          firstname: 'Shell',
          middlename: '',
          lastname: 'User',
          address: 'Pune',
          mobile: '9876543210',
          mobile1: '',
          email: '',
          selfaccessforuser: username,
          password: 'set-by-the-administrator',
          usergroupid: EDITORS_GROUP_ID,
          selfactive: true,
        },
        admin,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await userRow(id)).password_must_change).toBe(0);
      const who = await logIn(t.app, username, 'set-by-the-administrator', `10.30.${n}.1`);
      expect((await sessionOf(who)).user.passwordChangeRequired).toBe(false);
    });

    it("clears the account's lockout, so a locked-out user signs in with it at once", async () => {
      const { username } = await newUser(ADMINISTRATORS_GROUP_ID);
      for (let i = 0; i < 5; i += 1)
        expect((await post('/api/auth/signin', { username, password: `wrong-guess-${i}` })).statusCode).toBe(401);
      expect((await post('/api/auth/signin', { username, password: PASSWORD })).statusCode).toBe(429);
      const { password } = await asOperator(() => issueOneTimePassword(tenant(), username));
      const signin = await post('/api/auth/signin', { username, password });
      expect(signin.statusCode, signin.body).toBe(200);
      expect(signin.json().landpage).toBe('/account');
    });

    it('resets a deactivated user too, and says so: nobody signs in with it until the user is active again', async () => {
      const { id, username } = await newUser();
      await db().updateTable('users').set({ active: 0 }).where('id', '=', id).execute();
      const result = await asOperator(() => issueOneTimePassword(tenant(), username));
      expect(result.active).toBe(false);
      expect((await post('/api/auth/signin', { username, password: result.password })).statusCode).toBe(401);
      expect(JSON.parse((await auditOf('cli.reset_password')).slice(-1)[0]!.details)).toEqual({
        mustChange: true,
        active: false,
      });
      await db().updateTable('users').set({ active: 1 }).where('id', '=', id).execute();
      expect((await post('/api/auth/signin', { username, password: result.password })).json().landpage).toBe(
        '/account',
      );
    });
  });

  describe('user reset-2fa', () => {
    it('turns two-step sign-in off, so the password alone signs in; recorded even when it was not on', async () => {
      const { id, username } = await newUser();
      const who = await logIn(t.app, username, PASSWORD);
      const { secret } = (await post('/api/auth/2fa/setup', {}, who)).json() as { secret: string };
      expect((await post('/api/auth/2fa/enable', { code: codeAt(secret, new Date()) }, who)).statusCode).toBe(200);
      expect((await post('/api/auth/signin', { username, password: PASSWORD })).json()).toEqual({
        twoFactor: 'required',
      });

      expect(await asOperator(() => resetTwoFactorByName(tenant(), username.toUpperCase()))).toEqual({
        username,
        wasOn: true,
      });
      expect(await userRow(id)).toMatchObject({ totp_enabled_at: null, totp_secret: null });
      expect(await db().selectFrom('recovery_codes').select('id').where('user_id', '=', id).execute()).toEqual([]);
      const signin = await post('/api/auth/signin', { username, password: PASSWORD });
      expect(signin.json()).toMatchObject({ message: 'SUCCESS', username });
      expect((await sessionOf(who)).twoFactor).toBe(false);

      expect(await asOperator(() => resetTwoFactorByName(tenant(), username))).toEqual({ username, wasOn: false });
      const entries = (await auditOf('cli.reset_2fa')).filter((e) => e.target_id === username);
      expect(entries.map((e) => [e.user_name, e.summary, JSON.parse(e.details)])).toEqual([
        [
          OPERATOR.userName,
          `Turned two-step sign-in off for ${username} in the shell`,
          { twoFactor: { before: true, after: false } },
        ],
        [
          OPERATOR.userName,
          `Turned two-step sign-in off for ${username} in the shell`,
          { twoFactor: { before: false, after: false } },
        ],
      ]);
    });
  });

  describe('refusals', () => {
    it('refuses an unknown user and the Public user with a sentence, and changes and records nothing', async () => {
      const count = async () =>
        (await db().selectFrom('audit_log').select('id').where('action', 'like', 'cli.%').execute()).length;
      const before = await count();
      const commands: Array<(tenant: Tenant, username: string) => Promise<unknown>> = [
        issueOneTimePassword,
        resetTwoFactorByName,
      ];
      for (const run of commands) {
        const unknown = asOperator(() => run(tenant(), 'nobody-by-this-name'));
        await expect(unknown).rejects.toBeInstanceOf(NotFoundError);
        await expect(unknown).rejects.toThrow(SHELL_ACCOUNT_MESSAGES.noSuchUser('nobody-by-this-name'));
        for (const name of ['Public', 'public']) {
          const visitors = asOperator(() => run(tenant(), name));
          await expect(visitors).rejects.toBeInstanceOf(ValidationError);
          await expect(visitors).rejects.toThrow(SHELL_ACCOUNT_MESSAGES.publicUser);
        }
      }
      expect(await count()).toBe(before);
      expect(
        await db()
          .selectFrom('users')
          .select(['password_hash', 'password_must_change'])
          .where('username', '=', 'Public')
          .executeTakeFirstOrThrow(),
      ).toEqual({
        password_hash: null,
        password_must_change: 0,
      });
    });

    it('refuses to show a setup code once an administrator exists', async () => {
      const refused = asOperator(() => revealSetupCode(tenant()));
      await expect(refused).rejects.toBeInstanceOf(ConflictError);
      await expect(refused).rejects.toThrow(SHELL_ACCOUNT_MESSAGES.alreadySetUp);
      expect(await auditOf('cli.setup_code')).toEqual([]);
    });
  });
});

describe.each(testDialects())('setup-code in the shell (%s)', (dialect) => {
  const logged: string[] = [];
  const codesIn = (lines: string[]) =>
    [...lines.join('').matchAll(/"setupCode":"([0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4})"/g)].map((m) => m[1]!);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'warn' }, { logStream: captureLogs(logged).stream });
  });
  afterAll(async () => t?.close());
  const tenant = () => t.app.tenants.default;

  it('shows the code the server printed, makes the same one a later start prints when none is stored, and refuses once set up', async () => {
    const printed = codesIn(logged);
    expect(printed).toHaveLength(1);
    const shown = await runAs(OPERATOR, () => revealSetupCode(tenant()));
    expect(shown).toEqual({ code: printed[0] });
    const [entry] = await tenant()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'cli.setup_code')
      .execute();
    expect(entry).toMatchObject({
      target_type: 'setup',
      user_name: OPERATOR.userName,
      summary: 'Showed the first-run setup code in the shell',
    });
    expect(JSON.stringify(entry)).not.toContain(shown.code);

    // A database no server has started on yet holds no code: the shell makes it, and the server prints that one.
    await tenant().db.deleteFrom('settings').where('key', '=', 'setup-code').execute();
    const made = await runAs(OPERATOR, () => revealSetupCode(tenant()));
    expect(made.code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(await pendingSetupCode(tenant())).toBe(made.code);
    logged.length = 0;
    const later = await createTestApp(
      dialect,
      { LOG_LEVEL: 'warn' },
      { logStream: captureLogs(logged).stream, sameDatabaseAs: t },
    );
    await later.close();
    expect(codesIn(logged)).toEqual([made.code]);

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        company: {
          companyCode: 'ACME01',
          companyName: 'Acme Systems',
          address: '12 FC Road, Pune',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411004',
          country: 'India',
          websiteUrl: '',
          contact: '9822012345',
          email: 'office@acme.example',
        },
        username: 'boss',
        password: 'long-enough-password',
        setupCode: made.code,
      },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    await expect(runAs(OPERATOR, () => revealSetupCode(tenant()))).rejects.toThrow(SHELL_ACCOUNT_MESSAGES.alreadySetUp);
  });
});
