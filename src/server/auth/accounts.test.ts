import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import { EDITORS_GROUP_ID } from '../../core/groups';
import { createUser } from '../users/users.service';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { TestSmtpServer } from '../test-support/smtp';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { codeAt } from './totp';

const BASE = 'https://www.firm.example/';
const PASSWORD = 'first-password-of-mine';
const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/** docs/design.md §21: password reset by mail, the own password, two-step sign-in, on SQLite and PostgreSQL. */
describe.each(testDialects())('accounts (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let n = 0;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp(dialect, {
      ADMIN_PASSWORD,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@firm.example',
      PUBLIC_BASE_URL: BASE,
      SECRET_KEY,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const db = () => t.app.tenants.default.db;
  /** A fresh user with an email address (each test its own, so throttles and tokens do not cross). */
  async function newUser(groupId = EDITORS_GROUP_ID): Promise<string> {
    n += 1;
    const username = `staff${n}`;
    const id = await createUser(db(), { username, password: PASSWORD, groupId, firstName: `Staff${n}` });
    await db()
      .updateTable('users')
      .set({ email: `${username}@firm.example` })
      .where('id', '=', id)
      .execute();
    return username;
  }
  /** Calls from one address per user made so far (the per-address limits of one test do not reach the next). */
  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = `10.20.${n}.1`) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const auditOf = async (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  /** Sends what is queued, and answers the mails of one address. */
  async function mailsTo(address: string) {
    await t.app.jobs.tick();
    return smtp.received.filter((m) => m.envelopeTo.includes(address));
  }
  const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

  describe('password reset by mail', () => {
    it("starts its HTML with the firm's own logo at its PUBLIC_BASE_URL address, its alt text the firm's name (docs/design.md §34)", async () => {
      const username = await newUser();
      const logo = '/uploads/photos/company/0123456789abcdef01234567_300x100.png';
      const { logo: before } = await db().selectFrom('company').select('logo').executeTakeFirstOrThrow();
      await db().updateTable('company').set({ logo }).execute();
      try {
        await post('/api/auth/forgot', { username }, { host: 'evil.example' });
        const [mail] = await mailsTo(`${username}@firm.example`);
        expect(mail!.parsed.html).toMatch(
          /^<p style="margin:0 0 16px"><img src="https:\/\/www\.firm\.example\/uploads\/photos\/company\/0123456789abcdef01234567_300x100\.png" alt="Innovo Software Pvt\. Ltd\." width="144" height="48" /,
        );
      } finally {
        await db().updateTable('company').set({ logo: before }).execute();
      }
    });

    it('answers every user name alike, and mails a one-time link on PUBLIC_BASE_URL to a real one only, whatever the Host', async () => {
      const username = await newUser();
      const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
      const answers = await Promise.all(
        ['nobody-at-all', 'Public', username].map((name) => post('/api/auth/forgot', { username: name }, forged)),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.forgotSent });
      }
      const mails = await mailsTo(`${username}@firm.example`);
      expect(mails).toHaveLength(1);
      const text = mails[0]!.parsed.text ?? '';
      const link = linkIn(text);
      expect(link).toMatch(/^https:\/\/www\.firm\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      expect(mails[0]!.parsed.html).toContain(link.replace(/&/g, '&amp;'));
      expect(`${text}${mails[0]!.parsed.html}`).not.toContain('evil.example');
      expect(mails[0]!.parsed.subject).toMatch(/^Set a new password for /);
      // Only the token's hash is kept, and the mail's body is cleared once sent.
      const token = new URL(link).searchParams.get('token')!;
      expect(JSON.stringify(await db().selectFrom('password_resets').selectAll().execute())).not.toContain(token);
      expect(JSON.stringify(await db().selectFrom('jobs').selectAll().execute())).not.toContain(token);
      const [requested] = (await auditOf('auth.reset_requested')).slice(-1);
      expect(requested).toMatchObject({ target_id: username, user_name: null, ip: `10.20.${n}.1` });
      expect(JSON.stringify(await auditOf('auth.reset_requested'))).not.toContain(token);
    });

    it('sets the password with the link once, ends every session, and refuses it then, an unknown and an expired token', async () => {
      const username = await newUser();
      const session = await logIn(t.app, username, PASSWORD);
      await post('/api/auth/forgot', { username });
      const token = new URL(linkIn((await mailsTo(`${username}@firm.example`))[0]!.parsed.text ?? '')).searchParams.get(
        'token',
      )!;
      const reset = await post('/api/auth/reset', { token, password: 'second-password-of-mine' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/master/getpagehistory',
            headers: session.headers,
            payload: { commonrouting: 'Home' },
          })
        ).statusCode,
      ).toBe(401);
      await logIn(t.app, username, 'second-password-of-mine');
      for (const bad of [token, 'x'.repeat(43), 'not-a-token']) {
        const refused = await post('/api/auth/reset', { token: bad, password: 'third-password-of-mine' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(ACCOUNT_MESSAGES.resetInvalid);
      }
      await expect(logIn(t.app, username, 'third-password-of-mine')).rejects.toThrow(/401/);
      const [done] = (await auditOf('auth.reset_done')).slice(-1);
      expect(done).toMatchObject({ target_id: username, user_name: username });
      // An expired link: 31 minutes later, nothing changes.
      await post('/api/auth/forgot', { username });
      const late = new URL(linkIn((await mailsTo(`${username}@firm.example`))[1]!.parsed.text ?? '')).searchParams.get(
        'token',
      )!;
      await db()
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
      expect((await post('/api/auth/reset', { token: late, password: 'fourth-password-of-mine' })).json().message).toBe(
        ACCOUNT_MESSAGES.resetInvalid,
      );
      await logIn(t.app, username, 'second-password-of-mine');
    });

    it('voids the older link when a newer one is asked for, and holds the password policy', async () => {
      const username = await newUser();
      await post('/api/auth/forgot', { username });
      await post('/api/auth/forgot', { username });
      const [first, second] = (await mailsTo(`${username}@firm.example`)).map((m) =>
        new URL(linkIn(m.parsed.text ?? '')).searchParams.get('token')!,
      );
      expect((await post('/api/auth/reset', { token: first!, password: 'a-long-new-password' })).statusCode).toBe(400);
      const short = await post('/api/auth/reset', { token: second!, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('The password must be at least 12 characters.');
      expect((await post('/api/auth/reset', { token: second!, password: 'a-long-new-password' })).statusCode).toBe(200);
    });

    it('mails an account at most three links an hour, and takes five requests per address in 15 minutes', async () => {
      const username = await newUser();
      for (let i = 0; i < 5; i += 1)
        expect((await post('/api/auth/forgot', { username }, {}, '10.20.9.9')).statusCode).toBe(200);
      expect(await mailsTo(`${username}@firm.example`)).toHaveLength(3);
      const limited = await post('/api/auth/forgot', { username }, {}, '10.20.9.9');
      expect(limited.statusCode).toBe(429);
      expect((await post('/api/auth/forgot', { username }, {}, '10.20.9.10')).statusCode).toBe(200);
    });
  });

  describe('own password', () => {
    it('needs the current password, ends the other sessions and keeps this one', async () => {
      const username = await newUser();
      const here = await logIn(t.app, username, PASSWORD);
      const elsewhere = await logIn(t.app, username, PASSWORD);
      const wrong = await post(
        '/api/auth/password',
        { current: 'not-my-password', password: 'my-better-password' },
        here.headers,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongCurrent);
      const changed = await post(
        '/api/auth/password',
        { current: PASSWORD, password: 'my-better-password' },
        here.headers,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const session = (who: LoggedIn) =>
        t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers });
      expect((await session(here)).json().authenticated).toBe(true);
      expect((await session(elsewhere)).json().authenticated).toBe(false);
      await logIn(t.app, username, 'my-better-password');
      expect((await auditOf('auth.password')).slice(-1)[0]).toMatchObject({ target_id: username, user_name: username });
      expect((await post('/api/auth/password', { current: PASSWORD, password: 'my-better-password' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('two-step sign-in', () => {
    /** Turns two-step sign-in on for a user: answers the secret and the recovery codes. */
    async function enrol(who: LoggedIn): Promise<{ secret: string; codes: string[] }> {
      const setup = await post('/api/auth/2fa/setup', {}, who.headers);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
      const enabled = await post('/api/auth/2fa/enable', { code: codeAt(secret, new Date()) }, who.headers);
      expect(enabled.statusCode, enabled.body).toBe(200);
      return { secret, codes: enabled.json().recoveryCodes };
    }
    const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }, name: string) =>
      response.cookies.find((c) => c.name === name)?.value;
    const verify = (challenge: string | undefined, code: string) =>
      post('/api/auth/signin/verify', { code }, challenge ? { cookie: `folio_challenge=${challenge}` } : {});

    it('enrols with a code, keeps the secret sealed, and signs in only with a second step: a code once, a recovery code once', async () => {
      const username = await newUser();
      const who = await logIn(t.app, username, PASSWORD);
      const setup = (await post('/api/auth/2fa/setup', {}, who.headers)).json() as { secret: string };
      const wrong = await post('/api/auth/2fa/enable', { code: '000000' }, who.headers);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongSetupCode);
      const stored = await db()
        .selectFrom('users')
        .select(['totp_secret', 'totp_enabled_at'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(stored.totp_enabled_at).toBeNull();
      expect(stored.totp_secret).toMatch(/^v1:/);
      expect(stored.totp_secret).not.toContain(setup.secret);
      const { secret, codes } = await enrol(who);
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(JSON.stringify(await db().selectFrom('recovery_codes').selectAll().execute())).not.toContain(codes[0]!);
      const info = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers })).json();
      expect([info.twoFactor, info.user.twoFactor]).toEqual([true, true]);
      expect((await post('/api/auth/2fa/setup', {}, who.headers)).statusCode).toBe(409);

      // The first step gives no session, only a five-minute HttpOnly challenge cookie.
      const first = await post('/api/auth/signin', { username, password: PASSWORD });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ twoFactor: 'required' });
      expect(cookieOf(first, 'folio_session')).toBeUndefined();
      const challengeCookie = first.cookies.find((c) => c.name === 'folio_challenge')!;
      expect(challengeCookie).toMatchObject({ httpOnly: true, path: '/api/auth/signin', maxAge: 300 });
      // A forged or missing challenge opens nothing, even with a right code.
      const next = codeAt(secret, new Date(Date.now() + 30_000));
      for (const forged of [undefined, 'forged-challenge', `${challengeCookie.value}x`]) {
        const refused = await verify(forged, next);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().message).toBe(ACCOUNT_MESSAGES.challengeExpired);
        expect(cookieOf(refused, 'folio_session')).toBeUndefined();
      }
      const wrongCode = await verify(challengeCookie.value, '123456');
      expect(wrongCode.statusCode).toBe(401);
      expect(wrongCode.json().message).toBe(ACCOUNT_MESSAGES.wrongCode);
      const signedIn = await verify(challengeCookie.value, next);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ message: 'SUCCESS', username });
      expect(cookieOf(signedIn, 'folio_session')).toBeTruthy();
      // The challenge is spent, and the same code is not accepted twice.
      expect((await verify(challengeCookie.value, next)).statusCode).toBe(401);
      const again = cookieOf(await post('/api/auth/signin', { username, password: PASSWORD }), 'folio_challenge');
      expect((await verify(again, next)).json().message).toBe(ACCOUNT_MESSAGES.wrongCode);
      // A recovery code, in any case and with spaces, once.
      const recovered = await verify(again, codes[3]!.toUpperCase().replace(/-/g, ' '));
      expect(recovered.statusCode, recovered.body).toBe(200);
      const third = cookieOf(await post('/api/auth/signin', { username, password: PASSWORD }), 'folio_challenge');
      expect((await verify(third, codes[3]!)).statusCode).toBe(401);
      const signins = (await auditOf('auth.signin')).filter((e) => e.target_id === username);
      expect(JSON.parse(signins.slice(-1)[0]!.details)).toEqual({ secondStep: 'recovery code', recoveryLeft: 9 });
      const failures = (await auditOf('auth.signin_failed')).filter((e) => e.target_id === username);
      expect(failures.map((e) => e.summary)).toEqual(Array(3).fill(`Wrong two-step sign-in code for ${username}`));
      expect(JSON.stringify(await db().selectFrom('audit_log').selectAll().execute())).not.toMatch(
        new RegExp(`${secret}|${codes[0]}|${next}`),
      );
    });

    it('counts wrong codes toward the lockout: five, and then not even a right code opens a session', async () => {
      const username = await newUser();
      const { codes } = await enrol(await logIn(t.app, username, PASSWORD));
      const challenge = cookieOf(await post('/api/auth/signin', { username, password: PASSWORD }), 'folio_challenge');
      for (let i = 0; i < 5; i += 1) expect((await verify(challenge, `99999${i}`)).statusCode).toBe(401);
      const locked = await verify(challenge, codes[0]!);
      expect(locked.statusCode).toBe(429);
      expect((await post('/api/auth/signin', { username, password: PASSWORD })).statusCode).toBe(429);
      expect((await auditOf('auth.lockout')).some((e) => e.target_id === username)).toBe(true);
    });

    it('turns off with the password and a code; wrong ones are refused with a sentence', async () => {
      const username = await newUser();
      const who = await logIn(t.app, username, PASSWORD);
      const { codes } = await enrol(who);
      const badPassword = await post(
        '/api/auth/2fa/disable',
        { password: 'wrong-password-here', code: codes[0]! },
        who.headers,
      );
      expect(badPassword.statusCode).toBe(400);
      expect(badPassword.json().message).toBe(ACCOUNT_MESSAGES.wrongPassword);
      const badCode = await post('/api/auth/2fa/disable', { password: PASSWORD, code: '111111' }, who.headers);
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().message).toBe(ACCOUNT_MESSAGES.wrongCode);
      const off = await post('/api/auth/2fa/disable', { password: PASSWORD, code: codes[1]! }, who.headers);
      expect(off.statusCode, off.body).toBe(200);
      expect((await post('/api/auth/signin', { username, password: PASSWORD })).json()).toMatchObject({
        message: 'SUCCESS',
      });
      expect((await auditOf('auth.2fa_off')).slice(-1)[0]).toMatchObject({ target_id: username, user_name: username });
      expect(
        await db()
          .selectFrom('recovery_codes')
          .select('id')
          .where(
            'user_id',
            '=',
            (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
          )
          .execute(),
      ).toEqual([]);
    });

    it("lets an administrator turn a user's two-step sign-in off, recorded as user.reset2fa", async () => {
      const username = await newUser();
      await enrol(await logIn(t.app, username, PASSWORD));
      const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
      const { id } = await db()
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect((await post('/api/master/getEmployeedByid', { id }, admin.headers)).json().twoFactor).toBe(true);
      const reset = await post('/api/master/resetTwoFactor', { id }, admin.headers);
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await post('/api/master/getEmployeedByid', { id }, admin.headers)).json().twoFactor).toBe(false);
      expect((await post('/api/auth/signin', { username, password: PASSWORD })).json()).toMatchObject({
        message: 'SUCCESS',
      });
      expect((await auditOf('user.reset2fa')).slice(-1)[0]).toMatchObject({
        target_id: username,
        user_name: 'admin',
        summary: `Turned two-step sign-in off for ${username}`,
      });
      expect((await post('/api/master/resetTwoFactor', { id: 999_999 }, admin.headers)).statusCode).toBe(404);
      const editor = await logIn(t.app, username, PASSWORD);
      expect((await post('/api/master/resetTwoFactor', { id }, editor.headers)).statusCode).toBe(403);
    });

    it('holds the users of a group that requires it to /account until they turn it on', async () => {
      const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
      expect(
        (await post('/api/menu/SaveUserGroup', { groupname: 'Careful', requireTwoFactor: true }, admin.headers))
          .statusCode,
      ).toBe(200);
      const group = (
        (await post('/api/menu/getAllgroup', {}, admin.headers)).json() as Array<{
          id: number;
          groupname: string;
          requireTwoFactor: boolean;
        }>
      ).find((g) => g.groupname === 'Careful')!;
      expect(group.requireTwoFactor).toBe(true);
      const username = await newUser(group.id);
      const who = await logIn(t.app, username, PASSWORD);
      expect(who.body.landpage).toBe('/account');
      const info = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers })).json();
      expect(info.user).toMatchObject({ twoFactor: false, twoFactorRequired: true, landpage: '/account', screens: [] });
      const held = await post('/api/master/getpagehistory', { commonrouting: 'Home' }, who.headers);
      expect(held.statusCode).toBe(403);
      expect(held.json().message).toBe(ACCOUNT_MESSAGES.required);
      // A public call answers as to a visitor: the Public menu, not the user's.
      const menu = (await post('/api/menu/menuofUserforjosn', {}, who.headers)).json() as Array<{ routing?: string }>;
      expect(JSON.stringify(menu)).not.toContain('getpagehistory');
      await enrol(who);
      const after = await post('/api/master/getpagehistory', { commonrouting: 'Home' }, who.headers);
      expect(after.json().message).not.toBe(ACCOUNT_MESSAGES.required);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers })).json().user
          .twoFactorRequired,
      ).toBe(false);
      const turnedOff = await post(
        '/api/menu/SaveUserGroup',
        { id: group.id, updategroupname: 'Careful', requireTwoFactor: false },
        admin.headers,
      );
      expect(turnedOff.statusCode).toBe(200);
      expect(JSON.parse((await auditOf('group.update')).slice(-1)[0]!.details)).toEqual({
        requireTwoFactor: { before: true, after: false },
      });
    });
  });
});

describe('a two-step secret sealed under another SECRET_KEY (sqlite)', () => {
  it('matches no code, and the user still signs in with a recovery code (decision 016)', async () => {
    const first = await createTestApp('sqlite', { ADMIN_PASSWORD, SECRET_KEY });
    const admin = await logIn(first.app, 'admin', ADMIN_PASSWORD);
    const { secret } = (
      await first.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: admin.headers, payload: {} })
    ).json() as { secret: string };
    const enabled = await first.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: admin.headers,
      payload: { code: codeAt(secret, new Date()) },
    });
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    // A second server on the same database, started with another key.
    const second = await createTestApp(
      'sqlite',
      { SECRET_KEY: Buffer.alloc(32, 9).toString('base64') },
      { sameDatabaseAs: first },
    );
    try {
      const signin = async () =>
        (
          await second.app.inject({
            method: 'POST',
            url: '/api/auth/signin',
            payload: { username: 'admin', password: ADMIN_PASSWORD },
          })
        ).cookies.find((c) => c.name === 'folio_challenge')!.value;
      const verify = async (code: string) =>
        second.app.inject({
          method: 'POST',
          url: '/api/auth/signin/verify',
          headers: { cookie: `folio_challenge=${await signin()}` },
          payload: { code },
        });
      const byCode = await verify(codeAt(secret, new Date(Date.now() + 30_000)));
      expect(byCode.statusCode).toBe(401);
      expect(byCode.json().message).toBe(ACCOUNT_MESSAGES.wrongCode);
      expect((await verify(recoveryCodes[0]!)).statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('accounts without mail or SECRET_KEY (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { ADMIN_PASSWORD });
  });
  afterAll(async () => t?.close());

  it('says reset by mail is not set up, and seals two-step secrets with the key file made in DATA_DIR (docs/design.md §24)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).json().passwordResetByMail).toBe(false);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { username: 'admin' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.resetNoMail);
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: admin.headers, payload: {} })
    ).json() as { secret: string };
    const stored = await t.app.tenants.default.db
      .selectFrom('users')
      .select('totp_secret')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(stored.totp_secret).not.toContain(secret);
  });
});
