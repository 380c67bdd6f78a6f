import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { renderedPage } from '../test-support/rendered-page';
import { testImage, uploadImage } from '../test-support/uploads';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CACHE_CHANNEL, CacheSync } from './cache-sync';
import { PUBLIC_GROUP_ID } from '../../core/groups';
import { cached, invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { TenantCache } from './tenant-cache';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rendered = renderedPage;

/** Cached reads of this test only, as a domain declares them (cache/cached.ts): documents by page, the company, where images are used. */
const documents = cached({
  name: 'sync-test-documents',
  tags: (id: number) => [`page:P${id}`],
  load: async (_tenant: { cache: TenantCache }, id: number) => ({ id }),
});
const company = cached<{ cache: TenantCache }, { name: string }>({
  name: 'sync-test-company',
  tags: ['company'],
  load: async () => ({ name: 'Innovo' }),
});
const uses = cached<{ cache: TenantCache }, { byImage: Map<string, unknown> }>({
  name: 'sync-test-uses',
  tags: ['revisions'],
  load: async () => ({ byImage: new Map() }),
});

/** Asks `read` until its answer contains `wanted` or `timeoutMs` passed; returns the last answer. */
async function poll(read: () => Promise<string>, wanted: string, timeoutMs = 5_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  let last = await read();
  while (!last.includes(wanted) && Date.now() < end) {
    await sleep(50);
    last = await read();
  }
  return last;
}

describe('TenantCache', () => {
  it('publishes an invalidation after applying it here; a remote one is applied without publishing, and a clear never is', async () => {
    const published: Array<readonly string[]> = [];
    const cache = new TenantCache((tags) => published.push(tags));
    const tenant = { cache };
    await documents.get(tenant, 1);
    await company.get(tenant);
    cache.invalidate(['page:P1']);
    expect(documents.peek(tenant, 1)).toBeUndefined();
    expect(company.peek(tenant)).toBeDefined();
    cache.clear();
    expect(company.peek(tenant)).toBeUndefined();
    cache.applyRemote(['page:P2']);
    expect(published).toEqual([['page:P1']]);
  });
});

describe('cache sync on SQLite', () => {
  it('has no listening connection and nothing to publish to', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(t.app.tenants.cacheSync).toBeUndefined();
      // Clearing works as before, with nobody to tell.
      t.app.tenants.default.cache.clear();
      expect((await t.app.inject({ method: 'GET', url: '/Home1' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('CacheSync without a reachable database', () => {
  it('logs each failed attempt, tries again after 1 s, then 2 s, and stops trying once closed', async () => {
    const warnings: Array<{ msg: string; retryInMs: number }> = [];
    const log = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line)) } },
    }).log;
    // Nothing listens on port 1: every attempt is refused at once.
    const sync = new CacheSync('postgres://postgres@127.0.0.1:1/folio', new Map(), log);
    await sync.start();
    expect(sync.listenerPid).toBeUndefined();
    await sleep(1_300);
    await sync.close();
    expect(warnings.map((w) => [w.msg, w.retryInMs])).toEqual([
      ["Could not listen for other instances' cache changes; trying again.", 1_000],
      ["Could not listen for other instances' cache changes; trying again.", 2_000],
    ]);
    await sleep(2_000);
    expect(warnings).toHaveLength(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('CacheSync on PostgreSQL (one listener, notices sent by hand)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  // A tenant name of this test only: notices of other test runs on the same database name other tenants.
  const tenant = `unit_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const cache = new TenantCache();
  const holder = { cache };
  const warnings: string[] = [];
  const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } }).log;
  const sync = new CacheSync(url, new Map([[tenant, { cache }]]), log);
  const sender = new pg.Client({ connectionString: url });
  const notify = (payload: unknown) =>
    sender.query('select pg_notify($1, $2)', [
      CACHE_CHANNEL,
      typeof payload === 'string' ? payload : JSON.stringify(payload),
    ]);
  /** Notices arrive in order: once this marker's change shows, every notice sent before it was handled. */
  const kept = (id: number) => documents.peek(holder, id) !== undefined;
  const handled = async () => {
    await documents.get(holder, 999);
    await notify({ origin: 'another-instance', tenant, tags: ['page:P999'] });
    for (let i = 0; kept(999) && i < 250; i += 1) await sleep(20);
    expect(kept(999), 'the marker notice arrived').toBe(false);
  };

  beforeAll(async () => {
    await sync.start();
    await sender.connect();
  });
  afterAll(async () => {
    await sync.close();
    await sender.end();
  });

  /** Fills the cache with two pages' documents and rendered pages. */
  async function fill() {
    await documents.get(holder, 1);
    await documents.get(holder, 7);
    await cache.pages.get('home', async () => rendered('home v1'), {
      page: { routing: 'P1', locale: 'en-IN', inDefaultLanguage: true },
    });
    await cache.pages.get('news', async () => rendered('news v1'), {
      page: { routing: 'P7', locale: 'en-IN', inDefaultLanguage: true },
    });
  }
  const isRendered = (key: string) => !(cache.pages.get(key, async () => rendered(`${key} again`)) instanceof Promise);

  it('listens on its own connection', () => {
    expect(sync.listenerPid).toEqual(expect.any(Number));
  });

  it("a page's tag from another instance drops that page only", async () => {
    await fill();
    await notify({ origin: 'another-instance', tenant, tags: ['page:P1'] });
    await handled();
    expect(kept(1)).toBe(false);
    expect(kept(7)).toBe(true);
    expect(isRendered('news')).toBe(true);
    expect(isRendered('home')).toBe(false);
  });

  it("the 'revisions' tag (a draft or schedule saved elsewhere) drops where images are used, and no page", async () => {
    await fill();
    await uses.get(holder);
    await notify({ origin: 'another-instance', tenant, tags: ['revisions'] });
    await handled();
    expect(uses.peek(holder)).toBeUndefined();
    expect(kept(1)).toBe(true);
    expect(isRendered('home')).toBe(true);
  });

  it("a tag every page reads (the company) drops it and every rendered page, and no page's document", async () => {
    await fill();
    await company.get(holder);
    await notify({ origin: 'another-instance', tenant, tags: ['company'] });
    await handled();
    expect(company.peek(holder)).toBeUndefined();
    expect(kept(1) && kept(7)).toBe(true);
    expect(isRendered('news')).toBe(false);
  });

  it("ignores its own notices, other tenants' and malformed ones, with a warning for the malformed", async () => {
    await fill();
    await notify({ origin: sync.origin, tenant, tags: ['page:P1', 'page:P7'] });
    await notify({ origin: 'another-instance', tenant: 'someone-else', tags: ['page:P1', 'page:P7'] });
    await notify('not json at all');
    // The notice of an instance before tags (decision 013's first form): not understood, so ignored with a warning.
    await notify({ origin: 'another-instance', tenant, kind: 'page', pageId: 1, cacheKey: 'home' });
    await handled();
    expect(kept(1) && kept(7)).toBe(true);
    expect(isRendered('home')).toBe(true);
    expect(warnings.filter((line) => line.includes('is not a Folio cache change'))).toHaveLength(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let editor: LoggedIn;
  let admin: LoggedIn;
  beforeAll(async () => {
    a = await createTestApp('postgres', { ADMIN_PASSWORD });
    b = await createTestApp('postgres', { ADMIN_PASSWORD }, { databaseUrl: a.config.databaseUrl });
    await createEditor(a.app, 'editor');
    editor = await logIn(a.app, 'editor', EDITOR_PASSWORD);
    admin = await logIn(a.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const home = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/Home1' })).body;
  /** Saves Home on A with a new heading for the first expertise card. */
  async function saveHomeOnA(heading: string) {
    const document = (await a.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    document.expertiseList[0].exprtsHeading = heading;
    const response = await a.app.inject({
      method: 'POST',
      url: '/api/master/saveHome',
      headers: editor.headers,
      payload: document,
    });
    expect(response.json()).toMatchObject({ message: 'Success' });
  }

  it('a page saved on A shows on B, which had it cached', async () => {
    expect(await home(a)).not.toContain('Sync heading one');
    expect(await home(b)).not.toContain('Sync heading one');
    await saveHomeOnA('Sync heading one');
    expect(await home(a)).toContain('Sync heading one');
    expect(await poll(() => home(b), 'Sync heading one')).toContain('Sync heading one');
  });

  it('company details changed on A show on every page of B', async () => {
    const company = (
      await a.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    expect(await home(b)).not.toContain('Synced Software Ltd');
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: { ...company, companyName: 'Synced Software Ltd' },
    });
    expect(saved.json()).toEqual({ message: 'Success' });
    expect(await poll(() => home(b), 'Synced Software Ltd')).toContain('Synced Software Ltd');
  });

  it("a logo uploaded and saved on A is B's header logo and favicon on B's next page view (docs/design.md §34)", async () => {
    const favicon = (html: string) => /<link rel="icon" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const before = await home(b);
    const demoIcon = (await b.app.inject({ method: 'GET', url: favicon(before) })).rawPayload;
    const uploaded = await uploadImage(
      a.app,
      { page: 'company' },
      { name: 'logo.png', type: 'image/png', data: await testImage(300, 100, 'png') },
      admin,
    );
    const logo = (uploaded.json() as { url: string }).url;
    const company = (
      await a.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/master/saveCompanyDetails',
      headers: admin.headers,
      payload: { ...company, logo },
    });
    expect(saved.json()).toEqual({ message: 'Success' });
    const onB = await poll(() => home(b), `src="${logo}"`);
    expect(onB).toContain(`<img class="brand__logo" src="${logo}"`);
    expect(favicon(onB)).not.toBe(favicon(before));
    expect(favicon(onB)).toBe(favicon(await home(a)));
    const icon = await b.app.inject({ method: 'GET', url: favicon(onB) });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(demoIcon)).toBe(false);
  });

  it('an invalidation by tag made on A reaches B, where it drops what carries that tag and nothing else (docs/design.md §29)', async () => {
    const db = a.app.tenants.default.db;
    expect(await home(b)).not.toContain('Tagged News');
    // Both written behind the services' backs: only the tags told show.
    await db
      .updateTable('menu_items')
      .set({ label: 'Tagged News' })
      .where('owner_kind', '=', 'group')
      .where('owner_id', '=', PUBLIC_GROUP_ID)
      .where('label', '=', 'News')
      .execute();
    await db.updateTable('company').set({ company_name: 'Untold Company Ltd' }).where('id', '=', 1).execute();
    invalidate(a.app.tenants.default, [TAGS.menus]);
    const onB = await poll(() => home(b), 'Tagged News');
    expect(onB).toContain('Tagged News');
    expect(onB).not.toContain('Untold Company Ltd');
    invalidate(a.app.tenants.default, [TAGS.company]);
    expect(await poll(() => home(b), 'Untold Company Ltd')).toContain('Untold Company Ltd');
  });

  it('after its listening connection is killed, B listens again and hears the next save', async () => {
    const sync = b.app.tenants.cacheSync!;
    const killed = sync.listenerPid!;
    await home(b);
    await a.app.inject({ method: 'GET', url: '/Home1' });
    expect(await terminateBackend(a, killed)).toBe(true);
    for (let i = 0; (sync.listenerPid === undefined || sync.listenerPid === killed) && i < 100; i += 1) await sleep(50);
    expect(sync.listenerPid).toEqual(expect.any(Number));
    expect(sync.listenerPid).not.toBe(killed);
    await home(b);
    await saveHomeOnA('Sync heading two');
    expect(await poll(() => home(b), 'Sync heading two')).toContain('Sync heading two');
  });

  it('a save B missed while it was not listening shows once B listens again', async () => {
    const sync = b.app.tenants.cacheSync!;
    const killed = sync.listenerPid!;
    await home(b);
    expect(await terminateBackend(a, killed)).toBe(true);
    for (let i = 0; sync.listenerPid !== undefined && i < 100; i += 1) await sleep(10);
    expect(sync.listenerPid).toBeUndefined();
    await saveHomeOnA('Sync heading three');
    // B reconnects after a second and drops its caches then: nothing tells it of this save otherwise.
    expect(await poll(() => home(b), 'Sync heading three')).toContain('Sync heading three');
    expect(sync.listenerPid).toEqual(expect.any(Number));
  });

  // Last: it stops B's listening. Shows that B's page really is cached, so the tests above prove the sync.
  it('without the sync, B keeps serving the page it cached', async () => {
    await b.app.tenants.cacheSync!.close();
    expect(await home(b)).toContain('Sync heading three');
    await saveHomeOnA('Sync heading four');
    expect(await home(a)).toContain('Sync heading four');
    const onB = await poll(() => home(b), 'Sync heading four', 1_500);
    expect(onB).not.toContain('Sync heading four');
    expect(onB).toContain('Sync heading three');
  });
});

/** Ends a PostgreSQL server process, as an administrator or a failover would. */
async function terminateBackend(t: TestApp, pid: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  try {
    return (
      (await client.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [pid])).rows[0]?.ended ??
      false
    );
  } finally {
    await client.end();
  }
}
