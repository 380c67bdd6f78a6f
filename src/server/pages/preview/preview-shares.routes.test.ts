import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_SHARE_MESSAGES } from '../../../core/schemas/preview-share';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../../test-support/test-app';
import { createUser } from '../../users/users.service';
import { setShareExpiry } from './preview-shares.repository';
import { noteEditing } from '../presence/presence.service';
import { prunePreviewShares } from './preview-shares.service';
import { findPage } from '../resolve-page';

const BASE = 'https://www.firm.example/site/';
const HOUR = 3_600_000;

/** Shared preview links and "someone else is editing" (docs/design.md §26), through the real API and the preview route. */
describe.each(testDialects())('shared preview links and who is editing on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_BASE_URL: BASE });
    await createUser(t.app.tenants.default.db, {
      username: 'boss',
      password: ADMIN_PASSWORD,
      groupId: 1,
      firstName: 'Asha',
    });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (name: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });
    await master('savePageCreation', {
      filename: 'Careers',
      dspname: 'Careers',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    const careers = await t.app.tenants.default.db
      .selectFrom('pages')
      .select('id')
      .where('routing', '=', 'Careers')
      .executeTakeFirstOrThrow();
    const saved = await master('saveParameters', {
      id: careers.id,
      parameters: [
        {
          parameterName: 'title',
          sequence: 1,
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
          maxlength: 80,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An Editors-group user (first name Ravi): the twelve pages are in the group's menu, Careers is not.
    await createUser(t.app.tenants.default.db, {
      username: 'ravi',
      password: EDITOR_PASSWORD,
      groupId: 3,
      firstName: 'Ravi',
    });
    editor = await logIn(t.app, 'ravi', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    who: LoggedIn | null = admin,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who?.headers ?? {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const db = () => t.app.tenants.default.db;
  const share = async (routing: string, hours = 24, who: LoggedIn = admin) => {
    const response = await inject('POST', `/api/master/previewshare/${routing}`, who, { hours });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; url: string; expiresAt: string };
  };
  /** The link's address on this app (its path and query). */
  const local = (url: string) => url.slice(BASE.length - 1);
  const open = (url: string) => t.app.inject({ method: 'GET', url: local(url) });

  /** Saves a draft of Home whose first expertise heading is `heading`. */
  async function draftHome(heading: string) {
    const read = (await inject('GET', '/api/master/edit/Home')).json();
    const document = {
      ...read,
      expertiseList: read.expertiseList.map((row: object, i: number) =>
        i === 0 ? { ...row, exprtsHeading: heading } : row,
      ),
      publish: 'draft',
    };
    const saved = await inject('POST', '/api/master/saveHome', admin, document);
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('a link opens the page’s newest draft without a session: the bar without the way back, noindex, no-store, no cookie', async () => {
    await draftHome('Shared draft heading');
    expect((await inject('GET', '/Home1', null)).body).not.toContain('Shared draft heading');
    const link = await share('Home', 24);
    expect(link.url).toMatch(/^https:\/\/www\.firm\.example\/site\/preview\/Home1\?share=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Shared draft heading');
    expect(page.body).toContain('Preview, not published.');
    expect(page.body).not.toContain('Back to the editor');
    expect(page.body).toContain('<meta name="robots" content="noindex"');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toBeUndefined();

    // Only the hash is stored.
    const token = new URL(link.url).searchParams.get('share')!;
    const stored = await db()
      .selectFrom('preview_shares')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('the token opens no other page, no API call and no session; a forged one opens nothing', async () => {
    const link = await share('Home');
    const token = new URL(link.url).searchParams.get('share')!;
    const about = await inject('GET', `/preview/About1?share=${token}`, null);
    expect(about.statusCode).toBe(404);
    expect(about.body).toContain('Page not found');
    expect(about.body).not.toContain('Preview, not published.');
    for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `folio_session=${token}` }] as Array<
      Record<string, string>
    >) {
      expect((await inject('GET', '/api/master/edit/Home', null, undefined, headers)).statusCode).toBe(401);
      expect((await inject('GET', '/api/master/previewshares/Home', null, undefined, headers)).statusCode).toBe(401);
    }
    expect(
      (await inject('GET', '/api/auth/session', null, undefined, { authorization: `Bearer ${token}` })).json()
        .authenticated,
    ).toBe(false);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [forged, 'x', '', token.repeat(2)]) {
      const response = await inject('GET', `/preview/Home1?share=${encodeURIComponent(wrong)}`, null);
      expect(response.statusCode, wrong).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // A staff member's own preview still shows the way back.
    expect((await inject('GET', '/preview/Home1')).body).toContain('Back to the editor');
  });

  it('lists the live links newest first with who made them, never a token', async () => {
    const first = await share('Consulting', 1, editor);
    const second = await share('Consulting', 168);
    const list = await inject('GET', '/api/master/previewshares/Consulting');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: second.id, createdAt: expect.any(String), expiresAt: second.expiresAt, createdBy: 'Asha' },
      { id: first.id, createdAt: expect.any(String), expiresAt: first.expiresAt, createdBy: 'Ravi' },
    ]);
    expect(list.body).not.toContain(new URL(first.url).searchParams.get('share')!);
    expect(list.body).not.toContain(new URL(second.url).searchParams.get('share')!);
  });

  it('a revoked link shows the 404 page and leaves the list; revoking it again is a 404', async () => {
    const link = await share('Language');
    expect((await open(link.url)).statusCode).toBe(200);
    const revoked = await inject('POST', '/api/master/previewshare/revoke', admin, { id: link.id });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      id: link.id,
      expiresAt: link.expiresAt,
      createdBy: 'Asha',
      revokedAt: expect.any(String),
    });
    const gone = await open(link.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Page not found');
    expect((await inject('GET', '/api/master/previewshares/Language')).json()).toEqual([]);
    const again = await inject('POST', '/api/master/previewshare/revoke', admin, { id: link.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PREVIEW_SHARE_MESSAGES.noLink);
    expect((await inject('POST', '/api/master/previewshare/revoke', admin, { id: 999_999 })).statusCode).toBe(404);
  });

  it('an expired link shows the 404 page, leaves the list and cannot be revoked', async () => {
    const link = await share('Bespoke', 1);
    expect((await open(link.url)).statusCode).toBe(200);
    await setShareExpiry(db(), link.id, new Date(Date.now() - 1000).toISOString());
    expect((await open(link.url)).statusCode).toBe(404);
    expect((await inject('GET', '/api/master/previewshares/Bespoke')).json()).toEqual([]);
    expect((await inject('POST', '/api/master/previewshare/revoke', admin, { id: link.id })).statusCode).toBe(404);
  });

  it('shares a page made without code at its public address', async () => {
    const read = (await inject('GET', '/api/master/edit/Careers')).json();
    const saved = await inject('POST', '/api/master/savepagecontent', admin, {
      commonrouting: 'Careers',
      document: { ...read, header: { title: 'Careers draft title' }, rows: [] },
      publish: 'draft',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const link = await share('Careers', 2);
    expect(link.url).toMatch(/^https:\/\/www\.firm\.example\/site\/preview\/Careers1\?share=/);
    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Careers draft title');
    expect(page.body).not.toContain('Back to the editor');
    // Not Home's draft through Careers' token.
    expect(
      (await inject('GET', `/preview/Home1?share=${new URL(link.url).searchParams.get('share')}`, null)).statusCode,
    ).toBe(404);
  });

  it.each([
    ['0', 0],
    ['169', 169],
    ['1.5', 1.5],
    ['"x"', 'x'],
    ['nothing', undefined],
  ])('refuses hours %s with 400 and a sentence', async (_what, hours) => {
    const response = await inject('POST', '/api/master/previewshare/Home', admin, hours === undefined ? {} : { hours });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^(Choose how long the link works: a whole number of hours from 1 to 168 \(a week\)\.|hours must be a number\.|hours is required\.)$/,
    );
    expect(response.json().field).toBe('hours');
  });

  it('asks for what a save asks: a session (401), the page in the menu (403), a page that exists (404)', async () => {
    expect((await inject('POST', '/api/master/previewshare/Home', null, { hours: 1 })).statusCode).toBe(401);
    expect((await inject('GET', '/api/master/previewshares/Home', null)).statusCode).toBe(401);
    expect((await inject('POST', '/api/master/previewshare/revoke', null, { id: 1 })).statusCode).toBe(401);
    expect((await inject('POST', '/api/master/editing/Home', null, {})).statusCode).toBe(401);
    expect((await inject('POST', '/api/master/editing/Home/leave', null, {})).statusCode).toBe(401);
    // Careers is not in the Editors group's menu.
    for (const [method, url] of [
      ['POST', '/api/master/previewshare/Careers'],
      ['GET', '/api/master/previewshares/Careers'],
      ['POST', '/api/master/editing/Careers'],
      ['POST', '/api/master/editing/Careers/leave'],
    ] as const) {
      const response = await inject(method, url, editor, method === 'POST' ? { hours: 1 } : undefined);
      expect(response.statusCode, url).toBe(403);
    }
    const careersLink = await share('Careers');
    const refused = await inject('POST', '/api/master/previewshare/revoke', editor, { id: careersLink.id });
    expect(refused.statusCode).toBe(403);
    expect((await open(careersLink.url)).statusCode).toBe(200);
    expect((await inject('POST', '/api/master/previewshare/NoSuchPage', admin, { hours: 1 })).statusCode).toBe(404);
    // The CSRF header is needed with the cookie, as for every change.
    expect(
      (await inject('POST', '/api/master/previewshare/Home', null, { hours: 1 }, { cookie: admin.headers.cookie! }))
        .statusCode,
    ).toBe(403);
  });

  it('audits making and revoking a link, naming the page and never the token', async () => {
    const link = await share('News', 48, editor);
    await inject('POST', '/api/master/previewshare/revoke', admin, { id: link.id });
    const entries = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'summary', 'user_name', 'details'])
      .where('target_id', '=', `News/${link.id}`)
      .orderBy('id')
      .execute();
    expect(entries.map(({ details: _details, ...entry }) => entry)).toEqual([
      {
        action: 'preview.share',
        target_type: 'preview link',
        target_id: `News/${link.id}`,
        summary: `Shared a preview of News for 2 days (link ${link.id})`,
        user_name: 'ravi',
      },
      {
        action: 'preview.revoke',
        target_type: 'preview link',
        target_id: `News/${link.id}`,
        summary: `Revoked preview link ${link.id} of News`,
        user_name: 'boss',
      },
    ]);
    expect(JSON.parse(entries[0]!.details)).toEqual({ page: 'News', hours: 48, expiresAt: link.expiresAt });
    expect(JSON.stringify(entries)).not.toContain(new URL(link.url).searchParams.get('share')!);
  });

  it('the job deletes links ended over 30 days ago and keeps the others', async () => {
    const old = await share('Expertise');
    const recent = await share('Expertise');
    await setShareExpiry(db(), old.id, new Date(Date.now() - 31 * 24 * HOUR).toISOString());
    await setShareExpiry(db(), recent.id, new Date(Date.now() - 29 * 24 * HOUR).toISOString());
    expect(await prunePreviewShares(t.app.tenants.default, new Date())).toBeGreaterThanOrEqual(1);
    const left = (
      await db().selectFrom('preview_shares').select('id').where('id', 'in', [old.id, recent.id]).execute()
    ).map((row) => row.id);
    expect(left).toEqual([recent.id]);
  });

  it('tells an editor who else has the page open, until they leave or go quiet for 60 s', async () => {
    const editing = (who: LoggedIn, routing = 'Customers') => inject('POST', `/api/master/editing/${routing}`, who, {});
    const first = await editing(admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ others: [] });
    expect((await editing(editor)).json()).toEqual({ others: [{ name: 'Asha' }] });
    expect((await editing(admin)).json()).toEqual({ others: [{ name: 'Ravi' }] });
    // Another page's editors are not this one's.
    expect((await editing(admin, 'Contact')).json()).toEqual({ others: [] });
    const left = await inject('POST', '/api/master/editing/Customers/leave', editor, {});
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({});
    expect((await editing(admin)).json()).toEqual({ others: [] });

    // Quiet for more than 60 s counts as gone (an editor closed without saying so).
    const tenant = t.app.tenants.default;
    const page = (await findPage(tenant, 'Customers'))!;
    const user = (name: string) =>
      db().selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    const ravi = { userId: (await user('ravi')).id } as Parameters<typeof noteEditing>[2];
    const asha = { userId: (await user('boss')).id } as Parameters<typeof noteEditing>[2];
    const start = new Date(Date.now() + HOUR);
    await noteEditing(tenant, page, ravi, start);
    expect(await noteEditing(tenant, page, asha, new Date(start.getTime() + 59_000))).toEqual({
      others: [{ name: 'Ravi' }],
    });
    expect(await noteEditing(tenant, page, asha, new Date(start.getTime() + 61_000))).toEqual({ others: [] });
  });

  /** German (and Marathi, not yet on) beside English, as an administrator saves them; once. */
  async function ensureLanguages() {
    const current = (await inject('GET', '/api/master/locales')).json() as { revision: number; locales: unknown[] };
    if (current.locales.length === 3) return;
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
        { code: 'mr', name: 'मराठी', enabled: false },
      ],
    };
    const saved = await inject('POST', '/api/master/locales', admin, { ...languages, revision: current.revision });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('shares a translation’s newest draft at its own address: that language only, listed and audited apart (docs/design.md §28)', async () => {
    await ensureLanguages();
    const read = (await inject('GET', '/api/master/translate/About?locale=de')).json() as {
      revision: number;
      units: Array<{ path: string; source: string }>;
    };
    const unit = read.units.find((candidate) => candidate.source.length > 0)!;
    const drafted = await inject('POST', '/api/master/translate/About', admin, {
      locale: 'de',
      revision: read.revision,
      texts: { [unit.path]: 'Geteilter deutscher Entwurf' },
      publish: 'draft',
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const made = await inject('POST', '/api/master/previewshare/About?locale=de', editor, { hours: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json() as { id: number; url: string };
    expect(link.url).toMatch(
      /^https:\/\/www\.firm\.example\/site\/preview\/About1\?locale=de&share=[A-Za-z0-9_-]{43}$/,
    );

    const shown = await open(link.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Geteilter deutscher Entwurf');
    expect(shown.body).toContain('<html lang="de"');
    expect(shown.body).toContain('Preview, not published.');
    expect(shown.body).not.toContain('Back to the editor');
    expect(shown.headers['set-cookie']).toBeUndefined();
    // The German link opens neither the source nor another language; a link of the source opens no German.
    const token = new URL(link.url).searchParams.get('share')!;
    for (const url of [
      `/preview/About1?share=${token}`,
      `/preview/About1?locale=mr&share=${token}`,
      `/preview/About1?locale=en-IN&share=${token}`,
    ]) {
      expect((await inject('GET', url, null)).statusCode, url).toBe(404);
    }
    const english = new URL((await share('About', 1)).url).searchParams.get('share')!;
    expect((await inject('GET', `/preview/About1?locale=de&share=${english}`, null)).statusCode).toBe(404);
    expect((await inject('GET', `/preview/About1?share=${english}`, null)).statusCode).toBe(200);

    // Listed with the German editor's links only, and audited with its language.
    const listed = (language: string) =>
      inject('GET', `/api/master/previewshares/About${language}`, editor).then((response) =>
        (response.json() as Array<{ id: number }>).map((row) => row.id),
      );
    expect(await listed('?locale=de')).toEqual([link.id]);
    expect(await listed('')).not.toContain(link.id);
    const entry = await db()
      .selectFrom('audit_log')
      .select(['summary', 'details'])
      .where('action', '=', 'preview.share')
      .where('target_id', '=', `About/${link.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe(`Shared a preview of About in de for 1 hour (link ${link.id})`);
    expect(JSON.parse(entry.details)).toMatchObject({ page: 'About', locale: 'de', hours: 1 });
    // A language the site does not have, or the default: 400 with a sentence, no link made.
    for (const bad of ['?locale=fr', '?locale=en-IN', '?locale=']) {
      const refused = await inject('POST', `/api/master/previewshare/About${bad}`, editor, { hours: 1 });
      expect(refused.statusCode, bad).toBe(400);
      expect((await inject('GET', `/api/master/previewshares/About${bad}`, editor)).statusCode, bad).toBe(400);
    }
    // Revoked, it is the 404 page like any other.
    expect((await inject('POST', '/api/master/previewshare/revoke', editor, { id: link.id })).statusCode).toBe(200);
    expect((await open(link.url)).statusCode).toBe(404);
  });

  it('tells who else is editing per language: a translator of German and an editor of the source never see each other (docs/design.md §28)', async () => {
    await ensureLanguages();
    const editing = (who: LoggedIn, query = '') => inject('POST', `/api/master/editing/About${query}`, who, {});
    expect((await editing(admin)).json()).toEqual({ others: [] });
    // Ravi translates About into German: Asha, editing the English source, is not told, nor is he of her.
    expect((await editing(editor, '?locale=de')).json()).toEqual({ others: [] });
    expect((await editing(admin)).json()).toEqual({ others: [] });
    // Asha opens the German one too (in another tab): each is told of the other there, and only there.
    expect((await editing(admin, '?locale=de')).json()).toEqual({ others: [{ name: 'Ravi' }] });
    expect((await editing(editor, '?locale=de')).json()).toEqual({ others: [{ name: 'Asha' }] });
    expect((await editing(editor, '?locale=mr')).json()).toEqual({ others: [] });
    // Leaving the German editor leaves her source editor open, and the other way round.
    expect((await inject('POST', '/api/master/editing/About/leave?locale=de', admin, {})).statusCode).toBe(200);
    expect((await editing(editor, '?locale=de')).json()).toEqual({ others: [] });
    expect((await inject('POST', '/api/master/editing/About/leave', editor, {})).statusCode).toBe(200);
    expect((await editing(admin, '?locale=de')).json()).toEqual({ others: [{ name: 'Ravi' }] });
    // A language the site does not have, the default one, or no code at all: 400 with a sentence, nothing noted.
    for (const bad of ['?locale=fr', '?locale=en-IN', '?locale=not%20a%20code', '?locale=']) {
      for (const url of [`/api/master/editing/About${bad}`, `/api/master/editing/About/leave${bad}`]) {
        const refused = await inject('POST', url, editor, {});
        expect(refused.statusCode, `${url}: ${refused.body}`).toBe(400);
        expect(refused.json().message).toMatch(/\.$/);
      }
    }
    const page = (await findPage(t.app.tenants.default, 'About'))!;
    const noted = await db()
      .selectFrom('page_editors')
      .select(['user_id', 'locale'])
      .where('page_id', '=', page.id)
      .orderBy('user_id')
      .orderBy('locale')
      .execute();
    expect(noted.map((row) => row.locale).sort()).toEqual(['', 'de', 'de', 'mr']);
  });
});

/** An Editors user made through the helpers (its first name Eda) is named as the top bar names it. */
describe.each(testDialects())('names in the notice on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
  });
  afterAll(async () => t?.close());

  it('uses the first name, else the user name', async () => {
    await createEditor(t.app, 'eda');
    await createUser(t.app.tenants.default.db, {
      username: 'nameless',
      password: EDITOR_PASSWORD,
      groupId: 3,
      firstName: '  ',
    });
    const admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    for (const name of ['eda', 'nameless']) {
      const session = await logIn(t.app, name, EDITOR_PASSWORD);
      await t.app.inject({ method: 'POST', url: '/api/master/editing/Home', headers: session.headers, payload: {} });
    }
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/master/editing/Home',
      headers: admin.headers,
      payload: {},
    });
    expect(answer.json()).toEqual({ others: [{ name: 'Eda' }, { name: 'nameless' }] });
  });
});
