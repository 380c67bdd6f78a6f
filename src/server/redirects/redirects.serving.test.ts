import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overRealHttp, type Answer } from '../test-support/raw-http';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/design.md §27 and decision 010: a redirect is answered by the hot path over real HTTP, before Fastify sees the
 * request, with exactly the answer Fastify's 404 handler gives (app.inject goes through Fastify).
 */
describe.each(testDialects())('redirects on the hot path (%s)', (dialect) => {
  let t: TestApp;
  let served: Awaited<ReturnType<typeof overRealHttp>>;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { flushVisitsEveryMs: 0 });
    served = await overRealHttp(t.app);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    for (const [from, to, status] of [
      ['/old-news', '/News1', 301],
      ['/summer-offer', '/Contact1?topic=offer', 302],
      ['/partner', 'https://partner.example/welcome', 301],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/master/redirects',
        headers: admin.headers,
        payload: { from, to, status },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => served.get(path, headers, method);
  const throughFastify = (path: string, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> =>
    served.throughFastify(path, {}, method);
  const fastifyCalls = (path: string, work: () => Promise<unknown>) => served.fastifyCalls(path, work);

  it('answers a redirect without Fastify, the same answer Fastify gives, byte for byte and header for header', async () => {
    for (const path of ['/old-news', '/old-news?utm_source=mail', '/summer-offer?x=1', '/partner']) {
      let answer: Answer | undefined;
      expect(await fastifyCalls(path, async () => (answer = await get(path)))).toBe(0);
      expect(answer).toEqual(await throughFastify(path));
    }
    const head = await get('/old-news', {}, 'HEAD');
    expect(head.status).toBe(301);
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual((await throughFastify('/old-news', 'HEAD')).headers);
  });

  it('sends 301 with an hour of caching, 302 with none; carries the query over only to a target without one', async () => {
    const permanent = await get('/old-news?utm_source=mail&x=%C3%BC');
    expect(permanent.status).toBe(301);
    expect(permanent.headers.location).toBe('/News1?utm_source=mail&x=%C3%BC');
    expect(permanent.headers['cache-control']).toBe('public, max-age=3600');
    expect(permanent.headers['content-length']).toBe(String(permanent.body.length));
    const temporary = await get('/summer-offer?utm_source=mail');
    expect(temporary.status).toBe(302);
    expect(temporary.headers.location).toBe('/Contact1?topic=offer');
    expect(temporary.headers['cache-control']).toBe('no-cache');
    expect((await get('/partner?a=1')).headers.location).toBe('https://partner.example/welcome?a=1');
  });

  it('leaves pages, other spellings and everything else to what answered them before', async () => {
    expect((await get('/News1')).status).toBe(200);
    expect((await get('/News1?utm=1')).status).toBe(200);
    expect((await get('/hom')).headers.location).toBe('/Home1');
    const missing = await get('/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Page not found');
    // POST is never redirected.
    const posted = await new Promise<number>((resolve, reject) => {
      http
        .request(`${served.base}/old-news`, { method: 'POST', agent: false }, (response) =>
          resolve(response.statusCode ?? 0),
        )
        .on('error', reject)
        .end();
    });
    expect(posted).toBe(404);
  });

  it('counts hits from the hot path and Fastify alike, written at the flush', async () => {
    await t.app.visitCounts.flush();
    const before = (
      (await t.app.inject({ method: 'GET', url: '/api/master/redirects', headers: admin.headers })).json() as {
        items: Array<{ from: string; hits: number }>;
      }
    ).items;
    const hitsOf = (items: Array<{ from: string; hits: number }>) =>
      items.find((item) => item.from === '/partner')!.hits;
    await get('/partner');
    await get('/partner');
    await throughFastify('/partner');
    await t.app.visitCounts.flush();
    const after = (
      (await t.app.inject({ method: 'GET', url: '/api/master/redirects', headers: admin.headers })).json() as {
        items: Array<{ from: string; hits: number }>;
      }
    ).items;
    expect(hitsOf(after) - hitsOf(before)).toBe(3);
  });

  it('a change shows at once: a new redirect, a changed one, a deleted one', async () => {
    expect((await get('/fresh')).status).toBe(404);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/redirects',
      headers: admin.headers,
      payload: { from: '/fresh', to: '/About1', status: 301 },
    });
    expect((await get('/fresh')).headers.location).toBe('/About1');
    await t.app.inject({
      method: 'POST',
      url: '/api/master/redirects',
      headers: admin.headers,
      payload: { id: saved.json().id, from: '/fresh', to: '/Expertise1', status: 302 },
    });
    const changed = await get('/fresh');
    expect([changed.status, changed.headers.location]).toEqual([302, '/Expertise1']);
    await t.app.inject({ method: 'DELETE', url: `/api/master/redirects/${saved.json().id}`, headers: admin.headers });
    expect((await get('/fresh')).status).toBe(404);
  });
});

/** docs/design.md §27: "renewed on every instance on change" (decision 013), two instances on one PostgreSQL database. */
describe.runIf(process.env.TEST_DATABASE_URL)('a redirect change on another instance (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres', {}, { sameDatabaseAs: a });
    await createUser(a.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(a.app, 'boss', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Asks B until `wanted` says yes or 5 s passed; the last answer. */
  async function onB(path: string, wanted: (location: string | undefined, status: number) => boolean) {
    const end = Date.now() + 5000;
    for (;;) {
      const response = await b.app.inject({ method: 'GET', url: path });
      if (wanted(response.headers.location as string | undefined, response.statusCode) || Date.now() > end)
        return response;
      await sleep(50);
    }
  }

  it('B answers A’s new, changed and deleted redirect', async () => {
    // B has read its (empty) redirects first, so that only the notice can make it read them again.
    expect((await b.app.inject({ method: 'GET', url: '/moved' })).statusCode).toBe(404);
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/master/redirects',
      headers: admin.headers,
      payload: { from: '/moved', to: '/About1', status: 301 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await onB('/moved', (location) => location === '/About1')).headers.location).toBe('/About1');

    await a.app.inject({
      method: 'POST',
      url: '/api/master/redirects',
      headers: admin.headers,
      payload: { id: saved.json().id, from: '/moved', to: '/News1', status: 302 },
    });
    const changed = await onB('/moved', (location) => location === '/News1');
    expect([changed.statusCode, changed.headers.location]).toEqual([302, '/News1']);

    await a.app.inject({ method: 'DELETE', url: `/api/master/redirects/${saved.json().id}`, headers: admin.headers });
    expect((await onB('/moved', (_location, status) => status === 404)).statusCode).toBe(404);
  });
});
