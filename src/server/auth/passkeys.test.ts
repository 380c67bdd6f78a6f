import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import { SignInResponseSchema } from '../../core/schemas/auth';
import { PASSKEY_MESSAGES } from '../../core/schemas/passkey';
import { EDITORS_GROUP_ID } from '../../core/groups';
import { createUser } from '../users/users.service';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, logIn, signedInBy, type LoggedIn } from '../test-support/sessions';
import { SoftwareAuthenticator } from '../test-support/software-authenticator';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { runAs } from '../audit/audit';
import { resetTwoFactorByName } from './shell-accounts.service';
import { codeAt } from './totp';

const SITE = 'https://www.firm.example/';

/** Passkeys (docs/design.md §33) through the real API, with an authenticator made in software, on each database. */
describe.each(testDialects())('passkeys (%s)', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, PUBLIC_BASE_URL: SITE });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.tenants.default.db;
  /** Each user calls from an address of their own: the per-address limits of one test do not reach the next. */
  const addressOf = () => `10.30.${n}.1`;
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: LoggedIn | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...who?.headers, ...headers },
      remoteAddress: addressOf(),
      ...(payload ? { payload } : {}),
    });

  /** A new user of `groupId`, signed in with the password (their session may be held to /account). */
  async function newUser(groupId = EDITORS_GROUP_ID) {
    n += 1;
    const username = `keyuser${n}`;
    const id = await createUser(db(), { username, password: EDITOR_PASSWORD, groupId, firstName: `Key${n}` });
    return { id, username, session: await logIn(t.app, username, EDITOR_PASSWORD, addressOf()) };
  }

  async function newGroup(settings: { requireTwoFactor?: boolean; requirePasskey?: boolean }): Promise<number> {
    n += 1;
    const name = `Key group ${n}`;
    const saved = await call('POST', '/api/menu/SaveUserGroup', admin, { groupname: name, ...settings });
    expect(saved.statusCode, saved.body).toBe(200);
    const group = await db().selectFrom('user_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return group.id;
  }

  /** Adds a passkey to the session's user: options, the authenticator's answer, the named call. */
  async function addPasskey(who: LoggedIn, authenticator: SoftwareAuthenticator, name = 'Laptop') {
    const options = await call('POST', '/api/account/passkeys/options', who, {});
    expect(options.statusCode, options.body).toBe(200);
    const added = await call('POST', '/api/account/passkeys', who, {
      name,
      response: authenticator.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json() as { id: number; name: string };
  }

  /** Signs in with a passkey alone: the request options, the authenticator's answer. */
  async function passkeySignIn(authenticator: SoftwareAuthenticator, change: (answer: any) => object = (a) => a) {
    const options = await call('POST', '/api/auth/passkey/options', null, {});
    expect(options.statusCode, options.body).toBe(200);
    const answer = authenticator.assert(options.json());
    return call('POST', '/api/auth/passkey', null, { response: change(answer) });
  }

  /** An authenticator with a passkey this site never saw. */
  const strangerOf = () => {
    const stranger = new SoftwareAuthenticator();
    stranger.register({
      rp: { name: 'Elsewhere', id: 'localhost' },
      user: { id: 'AAAAAAAA', name: 'someone', displayName: 'Someone' },
      challenge: 'AAAAAAAA',
      pubKeyCredParams: [],
    });
    return stranger;
  };

  const auditOf = (action: string, targetId: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  it('adds a named passkey, lists it, and signs in with it alone as a password sign-in does', async () => {
    const user = await newUser();
    const authenticator = new SoftwareAuthenticator();
    const options = await call('POST', '/api/account/passkeys/options', user.session, {});
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: user.username, displayName: `Key${n}` },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const added = await call('POST', '/api/account/passkeys', user.session, {
      name: '  Work laptop ',
      response: authenticator.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null, message: PASSKEY_MESSAGES.added });
    expect((await auditOf('auth.passkey_add', user.username)).map((e) => e.summary)).toEqual([
      `${user.username} added the passkey Work laptop`,
    ]);

    const signedIn = await passkeySignIn(authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const answer = SignInResponseSchema.parse(signedIn.json());
    expect(answer).toMatchObject({ message: 'SUCCESS', username: user.username, id: user.id });
    expect(answer.landpage).not.toBe('/account');
    const session = signedInBy(signedIn);
    expect(session.token).toBe(answer.token);
    const info = await call('GET', '/api/auth/session', session);
    expect(info.json()).toMatchObject({ authenticated: true, user: { username: user.username } });
    const entry = (await auditOf('auth.signin', user.username)).at(-1);
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ via: 'passkey', passkey: 'Work laptop' });

    const list = await call('GET', '/api/account/passkeys', session);
    expect(list.json().items).toEqual([
      { id: added.json().id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
  });

  it('refuses a replayed, unknown, unverified or foreign answer with one sentence', async () => {
    const user = await newUser();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator);

    // Replayed: the challenge was used by the first answer.
    const options = await call('POST', '/api/auth/passkey/options', null, {});
    const answer = authenticator.assert(options.json());
    expect((await call('POST', '/api/auth/passkey', null, { response: answer })).statusCode).toBe(200);
    const replayed = await call('POST', '/api/auth/passkey', null, { response: answer });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(PASSKEY_MESSAGES.signInFailed);

    // Another page's origin, a passkey not checked by its owner, a passkey the site does not know, a forged signature.
    const refusals = [
      await passkeySignIn(authenticator, (a) => a),
      await (async () => {
        const o = await call('POST', '/api/auth/passkey/options', null, {});
        return call('POST', '/api/auth/passkey', null, {
          response: authenticator.assert(o.json(), { origin: 'https://evil.example' }),
        });
      })(),
      await (async () => {
        const o = await call('POST', '/api/auth/passkey/options', null, {});
        return call('POST', '/api/auth/passkey', null, {
          response: authenticator.assert(o.json(), { withoutVerification: true }),
        });
      })(),
      await passkeySignIn(strangerOf()),
      await passkeySignIn(authenticator, (a) => ({
        ...a,
        response: { ...a.response, signature: Buffer.from('not a signature').toString('base64url') },
      })),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([200, 401, 401, 401, 401]);
    for (const refused of refusals.slice(1)) expect(refused.json().message).toBe(PASSKEY_MESSAGES.signInFailed);
    expect((await auditOf('auth.signin_failed', user.username)).length).toBe(4);
    expect((await auditOf('auth.signin_failed', '(unknown passkey)')).length).toBeGreaterThan(0);

    // An answer of the wrong shape is a 400 with a sentence, never a 5xx.
    const malformed = await call('POST', '/api/auth/passkey', null, { response: { id: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
  });

  it('refuses a registration answered twice, a taken name, and a passkey added already', async () => {
    const user = await newUser();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator, 'Laptop');

    const options = await call('POST', '/api/account/passkeys/options', user.session, {});
    expect(options.json().excludeCredentials).toHaveLength(1);
    const response = authenticator.register(options.json());
    // A taken name (whatever its case) is said at the field, and leaves the request open for another name.
    const taken = await call('POST', '/api/account/passkeys', user.session, { name: 'LAPTOP', response });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: PASSKEY_MESSAGES.nameTaken, field: 'name' });
    const named = await call('POST', '/api/account/passkeys', user.session, { name: 'Phone', response });
    expect(named.statusCode, named.body).toBe(200);
    const again = await call('POST', '/api/account/passkeys', user.session, { name: 'Tablet', response });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSKEY_MESSAGES.expired);

    // Another user's request cannot be answered for this user; a name must be 1 to 60 characters.
    const other = await newUser();
    const theirs = await call('POST', '/api/account/passkeys/options', other.session, {});
    const foreign = await call('POST', '/api/account/passkeys', user.session, {
      name: 'Borrowed',
      response: authenticator.register(theirs.json()),
    });
    expect(foreign.statusCode).toBe(400);
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const bad = await call('POST', '/api/account/passkeys', user.session, { name, response });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(PASSKEY_MESSAGES.name);
    }
    const list = await call('GET', '/api/account/passkeys', user.session);
    expect(list.json().items.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
  });

  it("removes the user's own passkey only: another user's is a 404", async () => {
    const owner = await newUser();
    const authenticator = new SoftwareAuthenticator();
    const passkey = await addPasskey(owner.session, authenticator);
    const other = await newUser();

    const stolen = await call('DELETE', `/api/account/passkeys/${passkey.id}`, other.session, {});
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(PASSKEY_MESSAGES.notFound);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(200);

    const removed = await call('DELETE', `/api/account/passkeys/${passkey.id}`, owner.session, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(PASSKEY_MESSAGES.removed);
    expect((await auditOf('auth.passkey_remove', owner.username)).map((e) => e.summary)).toEqual([
      `${owner.username} removed the passkey Laptop`,
    ]);
    expect((await call('GET', '/api/account/passkeys', owner.session)).json().items).toEqual([]);
    expect((await call('DELETE', `/api/account/passkeys/${passkey.id}`, owner.session, {})).statusCode).toBe(404);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(401);
    // Without a session: 401 before anything is looked at.
    expect((await call('GET', '/api/account/passkeys', null)).statusCode).toBe(401);
  });

  it("refuses a deactivated user's passkey, and a locked account's as its password", async () => {
    const user = await newUser();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator);
    await db().updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    const refused = await passkeySignIn(authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.signInFailed);
    await db().updateTable('users').set({ active: 1 }).where('id', '=', user.id).execute();

    // The refusal above counted as a failed sign-in; four wrong passwords make the five that lock the account.
    for (let i = 0; i < 4; i += 1) {
      const wrong = await call('POST', '/api/auth/signin', null, { username: user.username, password: 'wrong-one' });
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await passkeySignIn(authenticator);
    expect(locked.statusCode).toBe(429);
  });

  it('lets a passkey count as two-step sign-in: a group that requires it lets the user through and asks for it', async () => {
    const group = await newGroup({ requireTwoFactor: true });
    const user = await newUser(group);
    expect(user.session.body.landpage).toBe('/account');
    const held = await call('POST', '/api/master/getenquiries', user.session, { pageno: 1 });
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(ACCOUNT_MESSAGES.required);

    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator);
    const info = (await call('GET', '/api/auth/session', user.session)).json();
    expect(info.user).toMatchObject({ twoFactor: false, twoFactorRequired: false, passkeyRequired: false });
    expect(info.user.landpage).not.toBe('/account');
    const through = await call('POST', '/api/master/getenquiries', user.session, { pageno: 1 });
    expect(through.json().message).not.toBe(ACCOUNT_MESSAGES.required);

    // The password is now the first step; a passkey is the second, and no code is asked for.
    const first = await call('POST', '/api/auth/signin', null, { username: user.username, password: EDITOR_PASSWORD });
    expect(first.json()).toEqual({ twoFactor: 'required', ways: ['passkey'] });
    const challenge = `folio_challenge=${first.cookies.find((c) => c.name === 'folio_challenge')?.value}`;
    const code = await call('POST', '/api/auth/signin/verify', null, { code: '123456' }, { cookie: challenge });
    expect(code.statusCode).toBe(401);
    expect(code.json().message).toBe(PASSKEY_MESSAGES.noAuthenticatorApp);

    const options = await call('POST', '/api/auth/signin/passkey/options', null, {}, { cookie: challenge });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      authenticator.credentials[0]?.id,
    ]);
    const response = authenticator.assert(options.json());
    const second = await call('POST', '/api/auth/signin/passkey', null, { response }, { cookie: challenge });
    expect(second.statusCode, second.body).toBe(200);
    expect(SignInResponseSchema.parse(second.json()).username).toBe(user.username);
    expect(second.cookies.find((c) => c.name === 'folio_challenge')?.value).toBe('');
    const entry = (await auditOf('auth.signin', user.username)).at(-1);
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ secondStep: 'passkey', passkey: 'Laptop' });

    // The sign-in's challenge is used: the same answer again opens nothing.
    const replayed = await call('POST', '/api/auth/signin/passkey', null, { response }, { cookie: challenge });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(ACCOUNT_MESSAGES.challengeExpired);
    // Without the sign-in's cookie, no options.
    expect((await call('POST', '/api/auth/signin/passkey/options', null, {})).statusCode).toBe(401);
  });

  it("takes no other user's passkey as the second step", async () => {
    const group = await newGroup({ requireTwoFactor: true });
    const user = await newUser(group);
    const mine = new SoftwareAuthenticator();
    await addPasskey(user.session, mine);
    const other = await newUser();
    const theirs = new SoftwareAuthenticator();
    await addPasskey(other.session, theirs);

    const first = await call('POST', '/api/auth/signin', null, { username: user.username, password: EDITOR_PASSWORD });
    const challenge = `folio_challenge=${first.cookies.find((c) => c.name === 'folio_challenge')?.value}`;
    const options = await call('POST', '/api/auth/signin/passkey/options', null, {}, { cookie: challenge });
    const response = theirs.assert(options.json(), { credential: theirs.credentials[0] });
    const refused = await call('POST', '/api/auth/signin/passkey', null, { response }, { cookie: challenge });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.secondStepFailed);
  });

  it('offers a code or a passkey to a user who has both, and a passkey only where the group requires one', async () => {
    const user = await newUser();
    const setup = await call('POST', '/api/auth/2fa/setup', user.session, {});
    const enabled = await call('POST', '/api/auth/2fa/enable', user.session, {
      code: codeAt(setup.json().secret, new Date()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await addPasskey(user.session, new SoftwareAuthenticator());
    const both = await call('POST', '/api/auth/signin', null, { username: user.username, password: EDITOR_PASSWORD });
    expect(both.json()).toEqual({ twoFactor: 'required', ways: ['code', 'passkey'] });

    const group = await newGroup({ requirePasskey: true });
    await db().updateTable('users').set({ group_id: group }).where('id', '=', user.id).execute();
    const first = await call('POST', '/api/auth/signin', null, { username: user.username, password: EDITOR_PASSWORD });
    expect(first.json()).toEqual({ twoFactor: 'required', ways: ['passkey'] });
    const challenge = `folio_challenge=${first.cookies.find((c) => c.name === 'folio_challenge')?.value}`;
    const code = await call(
      'POST',
      '/api/auth/signin/verify',
      null,
      { code: codeAt(setup.json().secret, new Date(Date.now() + 30_000)) },
      { cookie: challenge },
    );
    expect(code.statusCode).toBe(401);
    expect(code.json().message).toBe(PASSKEY_MESSAGES.codeNotAccepted);
  });

  it('holds a user of a group that requires a passkey to /account until they add one', async () => {
    const group = await newGroup({ requirePasskey: true });
    const user = await newUser(group);
    expect(user.session.body.landpage).toBe('/account');
    const info = (await call('GET', '/api/auth/session', user.session)).json();
    expect(info.user).toMatchObject({
      landpage: '/account',
      screens: [],
      twoFactorRequired: true,
      passkeyRequired: true,
    });
    const held = await call('POST', '/api/master/getenquiries', user.session, { pageno: 1 });
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(PASSKEY_MESSAGES.required);

    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator);
    const after = (await call('GET', '/api/auth/session', user.session)).json();
    expect(after.user).toMatchObject({ twoFactorRequired: false, passkeyRequired: false });
    expect(after.user.landpage).not.toBe('/account');
    expect((await call('POST', '/api/master/getenquiries', user.session, { pageno: 1 })).json().message).not.toBe(
      PASSKEY_MESSAGES.required,
    );
    // Removing the last one holds the user again.
    const [passkey] = (await call('GET', '/api/account/passkeys', user.session)).json().items;
    await call('DELETE', `/api/account/passkeys/${passkey.id}`, user.session, {});
    expect((await call('GET', '/api/auth/session', user.session)).json().user.passkeyRequired).toBe(true);
  });

  it("keeps the group's setting and lets an administrator's reset of two-step sign-in remove the passkeys", async () => {
    const group = await newGroup({});
    const name = `Key group ${n}`;
    const saved = await call('POST', '/api/menu/SaveUserGroup', admin, {
      id: group,
      updategroupname: name,
      requirePasskey: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const groups = (await call('POST', '/api/menu/getAllgroup', admin, {})).json();
    expect(groups.find((g: { id: number }) => g.id === group)).toMatchObject({ requirePasskey: true });
    const entry = (await auditOf('group.update', name)).at(-1);
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ requirePasskey: { before: false, after: true } });

    const user = await newUser();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator);
    // The users screen shows a passkey as two-step sign-in on, which the administrator may turn off.
    const record = await call('POST', '/api/master/getEmployeedByid', admin, { id: user.id });
    expect(record.json().twoFactor).toBe(true);
    const reset = await call('POST', '/api/master/resetTwoFactor', admin, { id: user.id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/api/account/passkeys', user.session)).json().items).toEqual([]);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(401);
    const resetEntry = (await auditOf('user.reset2fa', user.username)).at(-1);
    expect(JSON.parse(resetEntry?.details ?? '{}')).toEqual({
      twoFactor: { before: false, after: false },
      passkeysRemoved: 1,
    });
  });

  it("lets the shell's reset of two-step sign-in remove a user's passkeys", async () => {
    const user = await newUser();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(user.session, authenticator);
    const result = await runAs({ userName: 'operator', ip: null }, () =>
      resetTwoFactorByName(t.app.tenants.default, user.username),
    );
    expect(result).toEqual({ username: user.username, wasOn: true });
    expect((await passkeySignIn(authenticator)).statusCode).toBe(401);
    const entry = (await auditOf('cli.reset_2fa', user.username)).at(-1);
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ passkeysRemoved: 1 });
  });

  it("is the site's own: PUBLIC_BASE_URL's host and origin, localhost apart", async () => {
    const user = await newUser();
    const site = { host: 'www.firm.example' };
    const options = await call('POST', '/api/account/passkeys/options', user.session, {}, site);
    expect(options.json().rp.id).toBe('www.firm.example');
    // An answer made on another page than the site's own address is refused.
    const elsewhere = await call(
      'POST',
      '/api/account/passkeys',
      user.session,
      { name: 'Elsewhere', response: new SoftwareAuthenticator('http://www.firm.example').register(options.json()) },
      site,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(PASSKEY_MESSAGES.notAdded);

    const authenticator = new SoftwareAuthenticator('https://www.firm.example');
    const again = await call('POST', '/api/account/passkeys/options', user.session, {}, site);
    const added = await call(
      'POST',
      '/api/account/passkeys',
      user.session,
      { name: 'Site', response: authenticator.register(again.json()) },
      site,
    );
    expect(added.statusCode, added.body).toBe(200);
    const request = await call('POST', '/api/auth/passkey/options', null, {}, site);
    expect(request.json().rpId).toBe('www.firm.example');
    const signedIn = await call(
      'POST',
      '/api/auth/passkey',
      null,
      { response: authenticator.assert(request.json()) },
      site,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // An address of the machine that is not localhost is the configured site too.
    const byAddress = await call('POST', '/api/auth/passkey/options', null, {}, { host: '127.0.0.1:3000' });
    expect(byAddress.json().rpId).toBe('www.firm.example');
  });
});
