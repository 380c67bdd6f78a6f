import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import type { MenuEntry } from '../../core/schemas/menu';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { captureLogs } from '../test-support/logs';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn } from '../test-support/sessions';
import { changePassword, setUserActive } from '../users/users.service';

describe.each(testDialects())('login, sessions and access on %s', (dialect) => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, LOG_LEVEL: 'trace' }, { logStream: logs.stream });
    await createEditor(t.app, 'editor');
  });
  afterAll(async () => t?.close());

  const signin = (payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: payload as object, remoteAddress, headers });

  it('creates admin from ADMIN_PASSWORD and answers the spec login response with a session cookie', async () => {
    const response = await signin({ username: 'admin', password: ADMIN_PASSWORD }, '10.1.0.1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'SUCCESS',
      username: 'admin',
      usergroupid: 1,
      dbName: 'default',
      landpage: '/dashboard',
      companyName: 'Innovo Software Pvt. Ltd.',
      companyCode: 'INNOVO',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'accessToken',
        'companyCode',
        'companyName',
        'dbName',
        'firstName',
        'id',
        'landpage',
        'message',
        'token',
        'username',
        'usergroupid',
      ].sort(),
    );
    const session = response.cookies.find((c) => c.name === 'folio_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(session?.value).toBe(body.token);
    const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(response.body).not.toContain('$argon2');
  });

  it('issues a fresh session at every login, ignoring any session id the client brings', async () => {
    const first = await logIn(t.app, 'editor', EDITOR_PASSWORD, '10.1.0.2');
    const planted = await signin({ username: 'editor', password: EDITOR_PASSWORD }, '10.1.0.2', {
      cookie: 'folio_session=attacker-chosen',
    });
    const second = planted.cookies.find((c) => c.name === 'folio_session')?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe('attacker-chosen');
    expect(second).not.toBe(first.token);
  });

  it('marks the cookie Secure under HTTPS behind a trusted proxy', async () => {
    const secure = await createTestApp(dialect, { ADMIN_PASSWORD, TRUST_PROXY: 'true' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: 'admin', password: ADMIN_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((c) => c.name === 'folio_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await signin({ username: 'admin', password: 'not-the-password' }, '10.1.0.3');
    const unknown = await signin({ username: 'nobody', password: 'not-the-password' }, '10.1.0.3');
    const publicUser = await signin({ username: 'Public', password: 'anything' }, '10.1.0.3');
    for (const response of [wrong, unknown, publicUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid User name & Password' });
    }
  });

  it.each([[{}], [{ username: '', password: 'x' }], [{ username: 'admin', password: '' }], [{ username: 'admin' }]])(
    'refuses empty credentials %o with the spec message',
    async (payload) => {
      const response = await signin(payload, '10.1.0.4');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Username and password mandatory');
    },
  );

  it('locks an account after 5 failures: 429 even with the right password', async () => {
    await createEditor(t.app, 'target');
    for (let i = 0; i < 5; i += 1)
      expect((await signin({ username: 'target', password: 'wrong-guess' }, `10.2.0.${i}`)).statusCode).toBe(401);
    const locked = await signin({ username: 'target', password: EDITOR_PASSWORD }, '10.2.0.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed attempts/);
  });

  it('limits an address to 20 failures; rotating X-Forwarded-For does not reset it without TRUST_PROXY', async () => {
    for (let i = 0; i < 20; i += 1) {
      const response = await signin({ username: `user${i}`, password: 'guess' }, '10.3.0.1', {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await signin({ username: 'admin', password: ADMIN_PASSWORD }, '10.3.0.1', {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(blocked.statusCode).toBe(429);
    expect((await signin({ username: 'admin', password: ADMIN_PASSWORD }, '10.3.0.2')).statusCode).toBe(200);
  });

  it('ends the session at logout: the token replayed afterwards is refused', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD, '10.4.0.1');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(me.json()).toMatchObject({ authenticated: true, user: { username: 'editor', usergroupid: 3 } });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: editor.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'folio_session')?.value).toBe('');
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/master/getCompanyDetails',
      headers: { authorization: `Bearer ${editor.token}` },
      payload: {},
    });
    expect(replay.statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: editor.headers });
    expect(after.json()).toMatchObject({ authenticated: false, user: null });
  });

  it('refuses a token after the user is deactivated, and the user cannot log in', async () => {
    const id = await createEditor(t.app, 'leaver');
    const session = await logIn(t.app, 'leaver', EDITOR_PASSWORD, '10.5.0.1');
    await setUserActive(t.app.tenants.default.db, id, false);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().authenticated).toBe(false);
    expect((await signin({ username: 'leaver', password: EDITOR_PASSWORD }, '10.5.0.2')).statusCode).toBe(401);
  });

  it('refuses a token after a password change', async () => {
    const id = await createEditor(t.app, 'changer');
    const session = await logIn(t.app, 'changer', EDITOR_PASSWORD, '10.6.0.1');
    await changePassword(t.app.tenants.default.db, id, 'a-brand-new-password');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().authenticated).toBe(false);
    expect((await logIn(t.app, 'changer', 'a-brand-new-password', '10.6.0.2')).token).toBeTruthy();
  });

  it('refuses an expired session', async () => {
    const session = await logIn(t.app, 'editor', EDITOR_PASSWORD, '10.7.0.1');
    await t.app.tenants.default.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().authenticated).toBe(false);
  });

  it('needs the CSRF header for a cookie-authenticated change: without it 403 and nothing changes', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD, '10.8.0.1');
    const company = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    const changed = { ...company, companyName: 'Forged Name Ltd' };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: { cookie: admin.headers.cookie! },
      payload: changed,
    });
    expect(forged.statusCode).toBe(403);
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: { cookie: admin.headers.cookie!, 'x-xsrf-token': 'guess' },
      payload: changed,
    });
    expect(wrongToken.statusCode).toBe(403);
    const unchanged = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    expect(unchanged.companyName).toBe(company.companyName);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: { ...company, companyName: 'Innovo Software Ltd' },
    });
    expect(real.json()).toEqual({ message: 'Success' });
    const page = await t.app.inject({ method: 'GET', url: '/Home1' });
    expect(page.body).toContain('Innovo Software Ltd');
    await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: company,
    });
  });

  it('refuses a JSON route sent as text/plain or form-encoded with 415 (after access is granted)', async () => {
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD, '10.9.0.1');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/master/saveCompanyDetails',
        headers: { ...admin.headers, 'content-type': type },
        payload: 'companyName=x',
      });
      expect(response.statusCode).toBe(415);
    }
  });

  it('gives an Editor 403 on company details, nothing changed', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD, '10.10.0.1');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: editor.headers,
      payload: { companyName: 'Defaced' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your menu does not include this screen.');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/master/getCompanyDetails',
      headers: editor.headers,
      payload: {},
    });
    expect(read.statusCode).toBe(403);
  });

  it('answers every screen API route 401 without a session, whatever the body', async () => {
    expect(t.app.screenRoutes.length).toBeGreaterThan(0);
    for (const route of t.app.screenRoutes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:(\w+)/g, '1'),
        payload: { anything: 'at all' },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('serves each user their own menu from the session, never from the body', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD, '10.11.0.1');
    const menu = (
      await t.app.inject({
        method: 'POST',
        url: '/api/menu/menuofUserforjosn',
        headers: editor.headers,
        payload: { username: 'admin', userid: 2, usergroupid: 1 },
      })
    ).json() as MenuEntry[];
    const links = menu
      .flatMap((m) => [
        m.mainmenulink,
        ...m.lstsubmenu.flatMap((s) => [s.submenulink, ...s.lstchildmenu.map((c) => c.submenulink)]),
      ])
      .filter(Boolean);
    // An editor's menu: the staff home and the twelve editing twins (docs/design.md §23).
    expect(links.sort()).toEqual(['/dashboard', ...CONTENT_PAGES.map((p) => `/${p.routing}`)].sort());
    expect(menu.map((m) => m.mainmenulabel)).not.toContain('Administration');
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD, '10.11.0.2');
    const adminMenu = (
      await t.app.inject({ method: 'POST', url: '/api/menu/menuofUserforjosn', headers: admin.headers, payload: {} })
    ).json() as MenuEntry[];
    expect(adminMenu.map((m) => m.mainmenulabel)).toContain('Administration');
  });

  it('tells the app which screens a user may open', async () => {
    const editor = await logIn(t.app, 'editor', EDITOR_PASSWORD, '10.12.0.1');
    const info = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: editor.headers })).json();
    expect(info.user.screens.sort()).toEqual(['dashboard', ...CONTENT_PAGES.map((p) => p.routing)].sort());
    expect(info.setupPending).toBe(false);
    expect(JSON.stringify(info)).not.toContain('$argon2');
  });

  it('sends a user with an empty menu to Blankpage', async () => {
    const db = t.app.tenants.default.db;
    const group = await db
      .insertInto('user_groups')
      .values({ name: 'Nobody yet', builtin: 0, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createEditor(t.app, 'newcomer', group.id);
    const session = await logIn(t.app, 'newcomer', EDITOR_PASSWORD, '10.13.0.1');
    expect(session.body.landpage).toBe('/Blankpage');
  });

  it('never writes a password to the log', () => {
    expect(logs.text().length).toBeGreaterThan(0);
    expect(logs.text()).not.toContain(ADMIN_PASSWORD);
    expect(logs.text()).not.toContain(EDITOR_PASSWORD);
    expect(logs.text()).not.toContain('not-the-password');
  });
});
