import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '../../core/schemas/single-sign-on';
import { SecretBox } from '../auth/secret-box';
import { codeAt } from '../auth/totp';
import { startTestProvider, type TestProvider } from '../test-support/oidc-test-provider';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { callbackUrlOf } from './signin-settings.service';

/**
 * A browser as far as a sign-in through the provider needs one: cookies kept per host, redirects followed by hand. The
 * app is called in-process (app.inject: the provider never calls it, the browser carries the code); the provider over
 * real HTTP.
 */
class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly appOrigin: string,
  ) {}

  cookie(host: string, name: string): string | undefined {
    return this.jars.get(host)?.get(name);
  }

  async get(address: string): Promise<{ status: number; location: string; body: string }> {
    return this.send(new URL(address, this.appOrigin), 'GET');
  }

  async postForm(address: string, fields: Record<string, string>) {
    return this.send(new URL(address, this.appOrigin), 'POST', new URLSearchParams(fields).toString());
  }

  private async send(url: URL, method: 'GET' | 'POST', form?: string) {
    const headers: Record<string, string> = { cookie: this.cookieHeader(url.host) };
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    let status: number;
    let location: string | undefined;
    let body: string;
    if (url.origin === this.appOrigin) {
      const response = await this.app.inject({ method, url: url.pathname + url.search, headers, payload: form });
      this.keep(url.host, [response.headers['set-cookie'] ?? []].flat());
      ({ statusCode: status, body } = response);
      location = response.headers.location as string | undefined;
    } else {
      const response = await fetch(url, { method, headers, body: form, redirect: 'manual' });
      this.keep(url.host, response.headers.getSetCookie());
      status = response.status;
      location = response.headers.get('location') ?? undefined;
      body = await response.text();
    }
    return { status, location: location ? new URL(location, url).href : '', body };
  }

  private cookieHeader(host: string): string {
    return [...(this.jars.get(host) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  private keep(host: string, setCookies: string[]): void {
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = value === '' || attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
  }
}

/** Single sign-on over OpenID Connect (docs/design.md §33) against a real provider on 127.0.0.1, on each database. */
describe.each(testDialects())('single sign-on on %s', (dialect) => {
  let t: TestApp;
  let provider: TestProvider;
  let admin: LoggedIn;
  let appOrigin: string;
  let frontDesk: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    appOrigin = new URL(t.config.publicBaseUrl).origin;
    provider = await startTestProvider(callbackUrlOf(t.config.publicBaseUrl));
    await createUser(db(), { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const made = await inject('POST', '/api/menu/SaveUserGroup', admin, { groupname: 'Front desk' });
    expect(made.statusCode, made.body).toBe(200);
    frontDesk = (
      await db().selectFrom('user_groups').select('id').where('name', '=', 'Front desk').executeTakeFirstOrThrow()
    ).id;
    const eda = await createUser(db(), { username: 'eda', password: EDITOR_PASSWORD, groupId: 3, firstName: 'Eda' });
    // Stored as typed, in another case than the provider's.
    await db().updateTable('users').set({ email: 'Eda.Writer@Firm.Example' }).where('id', '=', eda).execute();
    provider.accounts.set('eda', { email: 'eda.writer@firm.example', email_verified: true, name: 'Eda Writer' });
    const saved = await saveSettings({});
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await provider?.stop();
    await t?.close();
  });

  const db = () => t.app.tenants.default.db;
  const inject = (method: 'GET' | 'POST', url: string, who: LoggedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const saveSettings = (changes: Record<string, unknown>) =>
    inject('POST', '/api/master/signin-settings', admin, {
      enabled: true,
      label: '',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      joinDomain: 'firm.example',
      joinGroupId: frontDesk,
      passwordSignIn: true,
      ...changes,
    });
  const lastAudit = () =>
    db().selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  /** Starts a sign-in in `browser` and signs in at the provider as `login`: the callback address it sends back to. */
  async function throughProvider(
    browser: TestBrowser,
    login: string,
    startAt = '/api/auth/sso/start',
  ): Promise<string> {
    const start = await browser.get(startAt);
    expect(start.status, start.body).toBe(302);
    const authorization = new URL(start.location);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('scope')).toBe('openid email profile');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const interaction = await browser.get(start.location);
    const page = await browser.get(interaction.location);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    expect(action, page.body).toBeTruthy();
    const loggedIn = await browser.postForm(new URL(action!, provider.issuer).href, {
      prompt: 'login',
      login,
      password: 'any password',
    });
    const back = await browser.get(loggedIn.location);
    expect(back.location.startsWith(callbackUrlOf(t.config.publicBaseUrl)), back.location).toBe(true);
    return back.location;
  }

  /** The session of a browser as the staff app reads it. */
  async function sessionOf(browser: TestBrowser) {
    const token = browser.cookie(new URL(appOrigin).host, 'folio_session');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: token ? { cookie: `folio_session=${token}` } : {},
    });
    return response.json();
  }

  it('shows the button on the login page, in words from the issuer unless given', async () => {
    expect((await inject('GET', '/api/auth/sso', null)).json()).toEqual({ label: 'Sign in with 127.0.0.1' });
    expect((await saveSettings({ label: 'Sign in with the firm' })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/sso', null)).json()).toEqual({ label: 'Sign in with the firm' });
  });

  it('signs in the active user whose verified email it is, as a password sign-in does', async () => {
    const browser = new TestBrowser(t.app, appOrigin);
    const callback = await browser.get(await throughProvider(browser, 'eda'));
    expect(callback.status, callback.body).toBe(302);
    expect(callback.location).toBe(`${appOrigin}/dashboard`);
    const session = await sessionOf(browser);
    expect(session.user).toMatchObject({ username: 'eda', firstName: 'Eda' });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'auth.signin', target_id: 'eda', user_name: 'eda' });
    expect(JSON.parse(entry.details)).toMatchObject({ via: 'single sign-on', issuer: provider.issuer });
    // The attempt's cookie is gone; the session's cookies are the password sign-in's.
    expect(browser.cookie(new URL(appOrigin).host, 'folio_sso')).toBeUndefined();
    expect(browser.cookie(new URL(appOrigin).host, 'XSRF-TOKEN')).toBeTruthy();
  });

  it('goes where the start asked, when that is an address of this site', async () => {
    const browser = new TestBrowser(t.app, appOrigin);
    const asked = await browser.get(await throughProvider(browser, 'eda', '/api/auth/sso/start?next=/News'));
    expect(asked.location).toBe(`${appOrigin}/News`);
    const outside = new TestBrowser(t.app, appOrigin);
    const address = await throughProvider(outside, 'eda', '/api/auth/sso/start?next=//elsewhere.example/');
    expect((await outside.get(address)).location).toBe(`${appOrigin}/dashboard`);
  });

  it('refuses a wrong state, and a return in another browser', async () => {
    const browser = new TestBrowser(t.app, appOrigin);
    const callback = new URL(await throughProvider(browser, 'eda'));
    callback.searchParams.set('state', 'not-the-state-it-sent');
    const wrong = await browser.get(callback.href);
    expect(wrong.location).toBe(`${appOrigin}/login?sso=state`);
    expect(await lastAudit()).toMatchObject({ action: 'auth.signin_failed', target_id: 'single sign-on' });
    expect((await sessionOf(browser)).authenticated).toBe(false);

    const first = new TestBrowser(t.app, appOrigin);
    const address = await throughProvider(first, 'eda');
    const other = new TestBrowser(t.app, appOrigin);
    expect((await other.get(address)).location).toBe(`${appOrigin}/login?sso=state`);
    expect((await sessionOf(other)).authenticated).toBe(false);
    // The attempt is used up by that return: the browser that started it cannot finish it either.
    expect((await first.get(address)).location).toBe(`${appOrigin}/login?sso=used`);
    const missing = await first.get('/api/auth/sso/callback?code=abc');
    expect(missing.location).toBe(`${appOrigin}/login?sso=state`);
  });

  it('refuses the same code twice', async () => {
    const browser = new TestBrowser(t.app, appOrigin);
    const address = await throughProvider(browser, 'eda');
    const startCookie = browser.cookie(new URL(appOrigin).host, 'folio_sso');
    expect((await browser.get(address)).location).toBe(`${appOrigin}/dashboard`);
    // Again, as a replay would send it: the same state and code, with the cookie of the start.
    const replay = await t.app.inject({
      method: 'GET',
      url: new URL(address).pathname + new URL(address).search,
      headers: { cookie: `folio_sso=${startCookie}` },
    });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/login?sso=used');
    expect(replay.cookies.find((c) => c.name === 'folio_session')).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ action: 'auth.signin_failed' });
  });

  it('refuses an email the provider has not verified', async () => {
    provider.accounts.set('unsure', { email: 'eda.writer@firm.example', email_verified: false });
    const browser = new TestBrowser(t.app, appOrigin);
    const callback = await browser.get(await throughProvider(browser, 'unsure'));
    expect(callback.location).toBe(`${appOrigin}/login?sso=unverified`);
    expect((await sessionOf(browser)).authenticated).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'auth.signin_failed', target_id: 'eda.writer@firm.example' });
  });

  it('takes Microsoft Entra ID’s verified domain (xms_edov) where email_verified is left out, and only then', async () => {
    provider.accounts.set('entra', { email: 'eda.writer@firm.example', xms_edov: true });
    const entra = new TestBrowser(t.app, appOrigin);
    expect((await entra.get(await throughProvider(entra, 'entra'))).location).toBe(`${appOrigin}/dashboard`);
    provider.accounts.set('mixed', { email: 'eda.writer@firm.example', email_verified: false, xms_edov: true });
    const mixed = new TestBrowser(t.app, appOrigin);
    expect((await mixed.get(await throughProvider(mixed, 'mixed'))).location).toBe(`${appOrigin}/login?sso=unverified`);
    provider.accounts.set('neither', { email: 'eda.writer@firm.example' });
    const neither = new TestBrowser(t.app, appOrigin);
    expect((await neither.get(await throughProvider(neither, 'neither'))).location).toBe(
      `${appOrigin}/login?sso=unverified`,
    );
  });

  it('makes a user in the chosen group for a new email of the firm’s domain, and refuses other domains', async () => {
    provider.accounts.set('newcomer', {
      email: 'Nina.New@firm.example',
      email_verified: true,
      given_name: 'Nina',
      family_name: 'New',
    });
    const browser = new TestBrowser(t.app, appOrigin);
    expect((await browser.get(await throughProvider(browser, 'newcomer'))).status).toBe(302);
    const made = await db()
      .selectFrom('users')
      .select(['username', 'group_id', 'email', 'first_name', 'last_name', 'active'])
      .where('email', '=', 'nina.new@firm.example')
      .executeTakeFirstOrThrow();
    expect(made).toEqual({
      username: 'Nina.New',
      group_id: frontDesk,
      email: 'nina.new@firm.example',
      first_name: 'Nina',
      last_name: 'New',
      active: 1,
    });
    expect((await sessionOf(browser)).user).toMatchObject({ username: 'Nina.New', usergroupid: frontDesk });
    const created = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.create')
      .where('target_id', '=', 'Nina.New')
      .executeTakeFirstOrThrow();
    expect(created.summary).toBe('Created user Nina.New in Front desk at their first single sign-on');
    // A second sign-in finds the same user.
    const again = new TestBrowser(t.app, appOrigin);
    await again.get(await throughProvider(again, 'newcomer'));
    expect((await sessionOf(again)).user.username).toBe('Nina.New');

    provider.accounts.set('outsider', { email: 'someone@elsewhere.example', email_verified: true });
    const outsider = new TestBrowser(t.app, appOrigin);
    expect((await outsider.get(await throughProvider(outsider, 'outsider'))).location).toBe(
      `${appOrigin}/login?sso=nouser`,
    );
  });

  it('refuses a deactivated user rather than making another', async () => {
    const id = await createUser(db(), { username: 'gone', password: EDITOR_PASSWORD, groupId: 3 });
    await db().updateTable('users').set({ email: 'gone@firm.example', active: 0 }).where('id', '=', id).execute();
    provider.accounts.set('gone', { email: 'gone@firm.example', email_verified: true });
    const browser = new TestBrowser(t.app, appOrigin);
    expect((await browser.get(await throughProvider(browser, 'gone'))).location).toBe(
      `${appOrigin}/login?sso=inactive`,
    );
  });

  it('asks a user with two-step sign-in on for the second step', async () => {
    const id = await createUser(db(), { username: 'careful', password: EDITOR_PASSWORD, groupId: 3 });
    await db().updateTable('users').set({ email: 'careful@firm.example' }).where('id', '=', id).execute();
    const careful = await logIn(t.app, 'careful', EDITOR_PASSWORD);
    const { secret } = (await inject('POST', '/api/auth/2fa/setup', careful, {})).json();
    expect(
      (await inject('POST', '/api/auth/2fa/enable', careful, { code: codeAt(secret, new Date()) })).statusCode,
    ).toBe(200);
    provider.accounts.set('careful', { email: 'careful@firm.example', email_verified: true });
    const browser = new TestBrowser(t.app, appOrigin);
    const callback = await browser.get(await throughProvider(browser, 'careful'));
    expect(callback.location).toBe(`${appOrigin}/login/two-step`);
    expect(browser.cookie(new URL(appOrigin).host, 'folio_session')).toBeUndefined();
    const challenge = browser.cookie(new URL(appOrigin).host, 'folio_challenge');
    expect(challenge).toBeTruthy();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin/verify',
      headers: { cookie: `folio_challenge=${challenge}` },
      payload: { code: codeAt(secret, new Date(Date.now() + 30_000)) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().username).toBe('careful');
  });

  it('ends on the login page when the provider is down', async () => {
    const browser = new TestBrowser(t.app, appOrigin);
    const address = await throughProvider(browser, 'eda');
    await provider.stop();
    try {
      expect((await browser.get(address)).location).toBe(`${appOrigin}/login?sso=provider`);
      expect((await browser.get('/api/auth/sso/start')).location).toBe(`${appOrigin}/login?sso=provider`);
      expect(await lastAudit()).toMatchObject({ action: 'auth.signin_failed' });
    } finally {
      await provider.start();
    }
  });

  it('keeps the client secret sealed, and out of every answer and the audit log', async () => {
    const row = await db().selectFrom('sign_in_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^v1:/);
    expect(row.client_secret).not.toContain(provider.clientSecret);
    const read = await inject('GET', '/api/master/signin-settings', admin);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(provider.clientSecret);
    expect(read.json()).toMatchObject({
      enabled: true,
      secret: 'set',
      callbackUrl: callbackUrlOf(t.config.publicBaseUrl),
      groups: expect.arrayContaining([{ id: frontDesk, name: 'Front desk' }]),
    });
    expect(read.json().groups.map((g: { id: number }) => g.id)).not.toContain(1);
    // Saved again without a secret: the stored one stays (and still works).
    const kept = await saveSettings({ clientSecret: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.body).not.toContain(provider.clientSecret);
    expect(
      (await db().selectFrom('sign_in_settings').select('client_secret').executeTakeFirstOrThrow()).client_secret,
    ).toBe(row.client_secret);
    const entries = await db().selectFrom('audit_log').select(['details', 'action']).execute();
    expect(entries.filter((e) => e.action === 'auth.sso_settings').length).toBeGreaterThan(0);
    expect(entries.some((e) => e.details.includes(provider.clientSecret))).toBe(false);
    const browser = new TestBrowser(t.app, appOrigin);
    expect((await browser.get(await throughProvider(browser, 'eda'))).location).toBe(`${appOrigin}/dashboard`);
  });

  it('acts as off while the stored secret was sealed under another key, until it is typed again', async () => {
    const row = await db().selectFrom('sign_in_settings').select('client_secret').executeTakeFirstOrThrow();
    const otherKey = new SecretBox(Buffer.alloc(32, 7).toString('base64'));
    const foreign = otherKey.sealSetting(provider.clientSecret, 'sign_in_settings.client_secret');
    await db().updateTable('sign_in_settings').set({ client_secret: foreign }).execute();
    try {
      expect((await inject('GET', '/api/auth/sso', null)).json()).toEqual({ label: null });
      expect((await inject('GET', '/api/master/signin-settings', admin)).json().secret).toBe('unreadable');
      expect((await inject('GET', '/api/auth/sso/start', null)).headers.location).toBe('/login?sso=off');
      const refused = await saveSettings({ clientSecret: '' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: SSO_MESSAGES.secretUnreadable, field: 'clientSecret' });
    } finally {
      await db().updateTable('sign_in_settings').set({ client_secret: row.client_secret }).execute();
    }
    expect((await inject('GET', '/api/master/signin-settings', admin)).json().secret).toBe('set');
  });

  it('refuses an issuer it cannot reach, one that is no provider, and http other than on this machine', async () => {
    const refusal = async (changes: Record<string, unknown>) => {
      const response = await saveSettings(changes);
      expect(response.statusCode, response.body).toBe(400);
      return response.json();
    };
    expect(await refusal({ issuer: 'http://127.0.0.1:9' })).toEqual({
      message: SSO_MESSAGES.unreachable,
      field: 'issuer',
    });
    expect(await refusal({ issuer: `${provider.issuer}/not-here` })).toMatchObject({
      message: SSO_MESSAGES.notProvider,
      field: 'issuer',
    });
    expect(await refusal({ issuer: 'http://accounts.firm.example' })).toMatchObject({ field: 'issuer' });
    expect(await refusal({ joinGroupId: 1 })).toEqual({ message: SSO_MESSAGES.administrators, field: 'joinGroupId' });
    // Nothing of those was stored.
    expect((await inject('GET', '/api/master/signin-settings', admin)).json().issuer).toBe(provider.issuer);
  });

  it('keeps the password sign-in for administrators always, for others only when the settings say so', async () => {
    expect((await saveSettings({ passwordSignIn: false })).statusCode).toBe(200);
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: 'eda', password: EDITOR_PASSWORD },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SSO_MESSAGES.passwordOff);
      await logIn(t.app, 'boss', ADMIN_PASSWORD);
    } finally {
      expect((await saveSettings({ passwordSignIn: true })).statusCode).toBe(200);
    }
    await logIn(t.app, 'eda', EDITOR_PASSWORD);
  });

  it('sends the browser back to the login page when single sign-on is off, and hides the button', async () => {
    expect((await saveSettings({ enabled: false })).statusCode).toBe(200);
    try {
      expect((await inject('GET', '/api/auth/sso', null)).json()).toEqual({ label: null });
      const start = await inject('GET', '/api/auth/sso/start', null);
      expect(start.headers.location).toBe('/login?sso=off');
    } finally {
      expect((await saveSettings({})).statusCode).toBe(200);
    }
  });
});
