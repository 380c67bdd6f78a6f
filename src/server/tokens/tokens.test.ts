import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES } from '../../core/schemas/api-token';
import { withAbsoluteImages } from '../content-api/content-api.service';
import { addGerman, ADMIN_PASSWORD, logIn, signInTeam, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** API tokens and the content API (docs/design.md §33), through the real API on each database. */
describe.each(testDialects())('API tokens and the content API on %s', (dialect) => {
  let t: TestApp;
  let boss: LoggedIn;
  let stranger: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_BASE_URL: 'https://www.example.com/' });
    ({ boss, stranger } = await signInTeam(t.app));
    await addGerman(t.app, boss);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.tenants.default.db;
  const inject = (
    method: 'GET' | 'POST',
    url: string,
    who: LoggedIn | string | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(typeof who === 'string' ? { authorization: `Bearer ${who}` } : (who?.headers ?? {})), ...headers },
      ...(payload ? { payload } : {}),
    });
  const makeToken = async (who: LoggedIn, name: string, scopes: string[], expiresAt = inDays(30)) => {
    const made = await inject('POST', '/api/account/tokens', who, { name, scopes, expiresAt });
    expect(made.statusCode, made.body).toBe(200);
    return made.json() as { id: number; token: string };
  };

  it('shows a token once and keeps only its SHA-256; the list names it without the secret', async () => {
    const { id, token } = await makeToken(boss, 'CRM sync', ['content:read', 'enquiries:read']);
    expect(token).toMatch(/^folio_[A-Za-z0-9_-]{43}$/);
    const row = await db().selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token.slice(6));
    const listed = await inject('GET', '/api/account/tokens', boss);
    expect(listed.statusCode).toBe(200);
    const item = listed.json().items.find((i: { id: number }) => i.id === id);
    expect(item).toEqual({
      id,
      name: 'CRM sync',
      scopes: ['content:read', 'enquiries:read'],
      expiresAt: row.expires_at,
      lastUsedAt: null,
    });
    expect(listed.body).not.toContain(token);
    const audited = await db()
      .selectFrom('audit_log')
      .select(['user_name', 'summary', 'details'])
      .where('action', '=', 'token.create')
      .execute();
    expect(audited.at(-1)?.summary).toBe('boss made the API token CRM sync');
    expect(audited.at(-1)?.details).not.toContain(token);
  });

  it('refuses a token without a name or scopes, or one that lives longer than a year', async () => {
    const refusals = [
      [{ name: '', scopes: ['content:read'], expiresAt: inDays(3) }, TOKEN_MESSAGES.name],
      [{ name: 'x', scopes: [], expiresAt: inDays(3) }, TOKEN_MESSAGES.scopes],
      [{ name: 'x', scopes: ['admin:all'], expiresAt: inDays(3) }, TOKEN_MESSAGES.scopes],
      [{ name: 'x', scopes: ['content:read'], expiresAt: inDays(400) }, TOKEN_MESSAGES.expiresAt],
      [{ name: 'x', scopes: ['content:read'], expiresAt: inDays(-1) }, TOKEN_MESSAGES.expiresAt],
      [{ name: 'x', scopes: ['content:read'] }, 'expiresAt is required.'],
    ] as const;
    for (const [body, message] of refusals) {
      const answer = await inject('POST', '/api/account/tokens', boss, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(message);
    }
  });

  it('lets a content:read token read the content API and nothing else', async () => {
    const { token } = await makeToken(boss, 'Reader', ['content:read']);
    const list = await inject('GET', '/api/content/pages', token);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as Array<{ routing: string; locale: string; url: string; document: object }>;
    expect(items.map((item) => item.routing)).toEqual(expect.arrayContaining(['Home', 'About', 'News', 'Contact']));
    const about = items.find((item) => item.routing === 'About')!;
    expect(about).toMatchObject({ locale: 'en-IN', url: 'https://www.example.com/About1' });
    // The demo team's pictures are paths of the site: absolute here.
    expect(JSON.stringify(about.document)).toContain('"https://www.example.com/demo/team/');
    expect(JSON.stringify(about.document)).not.toMatch(/"\/demo\//);
    const one = await inject('GET', '/api/content/pages/About', token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(about);
    expect(one.headers['cache-control']).toBe('public, max-age=60');
    expect(one.headers.vary).toBe('Authorization');
    // Its twin's name too, and 404 for a page that is not on the website.
    expect((await inject('GET', '/api/content/pages/About1', token)).json()).toEqual(about);
    expect((await inject('GET', '/api/content/pages/NoSuchPage', token)).statusCode).toBe(404);

    const read = await inject('GET', '/api/master/edit/News', boss);
    for (const [method, url, payload] of [
      ['POST', '/api/master/savenews', { ...read.json(), publish: 'now' }],
      ['GET', '/api/master/edit/News', undefined],
      ['POST', '/api/master/getenquiries', {}],
      ['GET', '/api/account/tokens', undefined],
      ['POST', '/api/account/tokens', { name: 'more', scopes: ['content:write'], expiresAt: inDays(3) }],
      ['POST', '/api/master/getempmasterfroEmp', {}],
    ] as const) {
      const refused = await inject(method, url, token, payload);
      expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(403);
      expect(refused.json().message).toBe(TOKEN_MESSAGES.outOfScope);
    }
  });

  it('answers 304 on the ETag, and a new ETag once the page changes', async () => {
    const { token } = await makeToken(boss, 'Cache', ['content:read']);
    const first = await inject('GET', '/api/content/pages/News', token);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await inject('GET', '/api/content/pages/News', token, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const list = await inject('GET', '/api/content/pages', token);
    const listAgain = await inject('GET', '/api/content/pages', token, undefined, {
      'if-none-match': list.headers.etag as string,
    });
    expect(listAgain.statusCode).toBe(304);

    const read = await inject('GET', '/api/master/edit/News', boss);
    const document = read.json();
    const saved = await inject('POST', '/api/master/savenews', boss, {
      ...document,
      tablelst: document.tablelst.map((row: object, i: number) =>
        i === 0 ? { ...row, newsDetails: '<p>Fresh news for the CRM</p>' } : row,
      ),
      publish: 'now',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await inject('GET', '/api/content/pages/News', token, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Fresh news for the CRM');
  });

  it('reads a page in another language once published in it, else in the default language', async () => {
    const { token } = await makeToken(boss, 'German', ['content:read']);
    const before = await inject('GET', '/api/content/pages/Customers?locale=de', token);
    expect(before.json()).toMatchObject({ locale: 'en-IN', url: 'https://www.example.com/Customers1' });
    const read = await inject('GET', '/api/master/translate/Customers?locale=de', boss);
    const saved = await inject('POST', '/api/master/translate/Customers', boss, {
      locale: 'de',
      revision: read.json().revision,
      texts: { 'tablelst.0.custname': 'Kunde auf Deutsch' },
      publish: 'now',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await inject('GET', '/api/content/pages/Customers?locale=de', token);
    expect(after.json()).toMatchObject({ locale: 'de', url: 'https://www.example.com/de/Customers1' });
    expect(after.body).toContain('Kunde auf Deutsch');
    expect((await inject('GET', '/api/content/pages?locale=xx', token)).statusCode).toBe(400);
  });

  it('needs a token or a session for the content API until the company details open it', async () => {
    expect((await inject('GET', '/api/content/pages', null)).statusCode).toBe(401);
    expect((await inject('GET', '/api/content/pages/Home', boss)).statusCode).toBe(200);
    const opened = await inject('POST', '/api/master/contentApi', boss, { public: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await inject('GET', '/api/master/contentApi', boss)).json()).toEqual({ public: true });
    const open = await inject('GET', '/api/content/pages/Home', null);
    expect(open.statusCode).toBe(200);
    expect(open.headers.vary).toBeUndefined();
    // A stranger's menu has no company details screen.
    expect((await inject('POST', '/api/master/contentApi', stranger, { public: false })).statusCode).toBe(403);
    expect((await inject('POST', '/api/master/contentApi', boss, { public: false })).statusCode).toBe(200);
    expect((await inject('GET', '/api/content/pages/Home', null)).statusCode).toBe(401);
    const audited = await db()
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'company.update')
      .orderBy('id')
      .execute();
    expect(audited.slice(-2).map((a) => a.summary)).toEqual([
      'Opened the content API to anyone',
      'Closed the content API to all but API tokens',
    ]);
  });

  it('lets a content:write token save a page as its user, audited with the token name', async () => {
    const { token } = await makeToken(boss, 'Publisher', ['content:write']);
    const read = await inject('GET', '/api/master/edit/Customers', token);
    expect(read.statusCode, read.body).toBe(200);
    // No CSRF header: a token is not a browser's cookie.
    const saved = await inject('POST', '/api/master/savecust', token, { ...read.json(), publish: 'draft' });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = await db()
      .selectFrom('audit_log')
      .select(['user_name', 'details'])
      .where('action', '=', 'page.draft')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.user_name).toBe('boss');
    expect(JSON.parse(entry.details)).toMatchObject({ via: 'API token "Publisher"' });
    // A stranger's token has their menu: no page to save.
    const { token: strangers } = await makeToken(stranger, 'Stranger', ['content:write']);
    expect((await inject('GET', '/api/master/edit/Customers', strangers)).statusCode).toBe(403);
  });

  it('lets an enquiries:read token read enquiries but not change them', async () => {
    const { token } = await makeToken(boss, 'Inbox', ['enquiries:read']);
    const list = await inject('POST', '/api/master/getenquiries', token, {});
    expect(list.statusCode, list.body).toBe(200);
    const changed = await inject('POST', '/api/master/changeEnquiryStatus', token, { id: 1, status: 'read' });
    expect(changed.statusCode).toBe(403);
    expect((await inject('GET', '/api/content/pages', token)).statusCode).toBe(403);
  });

  it('refuses an expired, revoked or unknown token, and a deactivated user’s (401)', async () => {
    const expired = await makeToken(boss, 'Old', ['content:read']);
    await db()
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const revoked = await makeToken(boss, 'Gone', ['content:read']);
    expect((await inject('GET', '/api/content/pages/Home', revoked.token)).statusCode).toBe(200);
    const revoking = await inject('POST', `/api/account/tokens/${revoked.id}/revoke`, boss, {});
    expect(revoking.statusCode, revoking.body).toBe(200);
    expect(revoking.json().message).toBe(TOKEN_MESSAGES.revoked);
    for (const token of [expired.token, revoked.token, 'folio_not-a-token', `folio_${'x'.repeat(43)}`]) {
      const refused = await inject('GET', '/api/content/pages/Home', token);
      expect(refused.statusCode, token).toBe(401);
      expect(refused.json().message).toBe(TOKEN_MESSAGES.invalid);
    }
    // Revoked tokens leave the list; an expired one stays, for its owner to see.
    const names = (await inject('GET', '/api/account/tokens', boss)).json().items.map((i: { name: string }) => i.name);
    expect(names).toContain('Old');
    expect(names).not.toContain('Gone');

    const strangers = await makeToken(stranger, 'Desk', ['content:read']);
    await db().updateTable('users').set({ active: 0 }).where('username', '=', 'stranger').execute();
    expect((await inject('GET', '/api/content/pages/Home', strangers.token)).statusCode).toBe(401);
    await db().updateTable('users').set({ active: 1 }).where('username', '=', 'stranger').execute();
  });

  it("cannot revoke another user's token (404), and records a token's last use", async () => {
    const mine = await makeToken(boss, 'Mine', ['content:read']);
    const other = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    expect((await inject('POST', `/api/account/tokens/${mine.id}/revoke`, stranger, {})).statusCode).toBe(404);
    expect((await inject('POST', '/api/account/tokens/2147483647/revoke', other, {})).statusCode).toBe(404);
    expect((await inject('POST', '/api/account/tokens/0/revoke', other, {})).statusCode).toBe(400);
    await inject('GET', '/api/content/pages/Home', mine.token);
    const listed = (await inject('GET', '/api/account/tokens', boss)).json().items;
    const used = listed.find((i: { id: number }) => i.id === mine.id).lastUsedAt as string;
    expect(Date.now() - Date.parse(used)).toBeLessThan(60_000);
  });
});

describe('image addresses of the content API', () => {
  it('makes the site’s image paths absolute, in fields and in rich text, and leaves the rest', () => {
    const origin = 'https://www.example.com';
    const document = {
      logo: '/uploads/photos/logo/a.png',
      team: [{ photo: '/demo/team/x.svg', link: '/About1' }],
      body: '<p>See /About1, then <img src="/uploads/photos/news/b.png" srcset="/uploads/b-480.webp 480w, /uploads/b-800.webp 800w" alt="">',
      other: '<img src="https://cdn.example.org/c.png"><img src="//cdn.example.org/d.png">',
      count: 3,
    };
    expect(withAbsoluteImages(document, origin)).toEqual({
      logo: 'https://www.example.com/uploads/photos/logo/a.png',
      team: [{ photo: 'https://www.example.com/demo/team/x.svg', link: '/About1' }],
      body: '<p>See /About1, then <img src="https://www.example.com/uploads/photos/news/b.png" srcset="https://www.example.com/uploads/b-480.webp 480w, https://www.example.com/uploads/b-800.webp 800w" alt="">',
      other: '<img src="https://cdn.example.org/c.png"><img src="//cdn.example.org/d.png">',
      count: 3,
    });
  });
});
