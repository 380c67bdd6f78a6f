import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { overRealHttp } from '../test-support/raw-http';
import { ADMIN_PASSWORD, createEditor, EDITOR_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { pageIndexOf } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { addressKey, addressOf, PageViews } from './page-views';
import { addDays } from './visits.repository';
import { flushPageViews, firstKeptDay, tidyVisits } from './visits.service';

/** A person's browser, and a second one on the same address. */
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 FolioVisitTest/47';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const today = () => new Date().toISOString().slice(0, 10);

/** docs/design.md §31: views counted on the server, in memory, flushed; visitors by the day's keyed hashes. */
describe.each(testDialects())('visits counted without cookies (%s)', (dialect) => {
  let t: TestApp;
  let served: Awaited<ReturnType<typeof overRealHttp>>;
  let admin: LoggedIn;
  let address = 0;
  /** A visitor's address of its own (behind the proxy TRUST_PROXY trusts), never one a test used before. */
  const nextAddress = () => `198.51.100.${(address += 1)}`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: 'true' }, { flushVisitsEveryMs: 0 });
    served = await overRealHttp(t.app);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // Each test counts from nothing: what earlier ones counted is written, then the figures are emptied.
    await t.app.visitCounts.flush();
    for (const table of ['visit_days', 'visit_sources', 'visit_hashes', 'visit_salts'] as const)
      await t.app.tenants.default.db.deleteFrom(table).execute();
  });

  const visit = (path: string, from: string, userAgent: string, headers: Record<string, string> = {}, method = 'GET') =>
    served.get(path, { 'x-forwarded-for': from, 'user-agent': userAgent, ...headers }, method);
  const figures = async (query = '') => {
    await t.app.visitCounts.flush();
    const answer = await t.app.inject({ method: 'GET', url: `/api/master/visits${query}`, headers: admin.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<import('../../core/schemas/visits').Visits>();
  };
  const todayOf = (visits: { days: Array<{ date: string; views: number; visitors: number }> }) =>
    visits.days.find((day) => day.date === today())!;

  it('counts a GET of a public page on the hot path, and a browser on three pages as one visitor of the site', async () => {
    const person = nextAddress();
    let answers = 0;
    const reached = await served.fastifyCalls('/Home1', async () => {
      for (const path of ['/Home1', '/News1', '/About1', '/Home1'])
        answers += (await visit(path, person, FIREFOX)).status;
    });
    expect(reached).toBe(0);
    expect(answers).toBe(800);
    const visits = await figures();
    expect(todayOf(visits)).toEqual({ date: today(), views: 4, visitors: 1 });
    expect(visits.pages).toEqual([
      { routing: 'Home', locale: 'en-IN', views: 2, visitors: 1 },
      { routing: 'About', locale: 'en-IN', views: 1, visitors: 1 },
      { routing: 'News', locale: 'en-IN', views: 1, visitors: 1 },
    ]);
    expect(visits.devices).toEqual({ phone: 0, tablet: 0, desktop: 4 });
    expect(visits.locales).toEqual([{ code: 'en-IN', views: 4 }]);
  });

  it('counts two browsers on one address as two visitors, and one browser on two addresses as two', async () => {
    const office = nextAddress();
    await visit('/Home1', office, FIREFOX);
    await visit('/Home1', office, IPHONE);
    await visit('/Home1', office, FIREFOX);
    await visit('/Home1', nextAddress(), FIREFOX);
    expect(todayOf(await figures())).toEqual({ date: today(), views: 4, visitors: 3 });
  });

  it('counts no HEAD, no prefetch or prerender, no staff browser, no bot, no 304 and no 404; GPC a view, never a visitor', async () => {
    const person = nextAddress();
    const first = await visit('/Home1', person, IPHONE);
    expect(first.status).toBe(200);
    expect((await visit('/Home1', person, IPHONE, {}, 'HEAD')).status).toBe(200);
    expect((await visit('/Home1', person, IPHONE, { 'sec-purpose': 'prefetch' })).status).toBe(200);
    expect((await visit('/Home1', person, IPHONE, { 'sec-purpose': 'prefetch;prerender' })).status).toBe(200);
    expect((await visit('/Home1', person, IPHONE, { purpose: 'prefetch' })).status).toBe(200);
    expect((await visit('/Home1', person, IPHONE, { cookie: admin.headers.cookie! })).status).toBe(200);
    expect((await visit('/Home1', nextAddress(), GOOGLEBOT)).status).toBe(200);
    expect((await visit('/Home1', nextAddress(), '')).status).toBe(200);
    expect((await visit('/Home1', person, IPHONE, { 'if-none-match': first.headers.etag! })).status).toBe(304);
    expect((await visit('/No-such-page', person, IPHONE)).status).toBe(404);
    expect((await visit('/Home1', nextAddress(), IPAD, { 'sec-gpc': '1' })).status).toBe(200);
    const visits = await figures();
    expect(todayOf(visits)).toEqual({ date: today(), views: 2, visitors: 1 });
    expect(visits.devices).toEqual({ phone: 1, tablet: 1, desktop: 0 });
  });

  it('keeps where views came from: other sites by host, search engines grouped, campaigns; never the site itself', async () => {
    const person = nextAddress();
    await visit('/Home1', person, FIREFOX, { referer: 'https://www.google.de/search?q=folio' });
    await visit('/News1', person, FIREFOX, { referer: 'https://news.google.com/' });
    await visit('/About1', person, FIREFOX, { referer: 'https://partner.example/private/path?email=a@b.example' });
    await visit('/About1', person, FIREFOX, { referer: `${served.base}/Home1` });
    // A query takes the page off the hot path: the route counts it as the hot path would.
    const campaign = await visit('/Home1?utm_source=newsletter&utm_medium=email&utm_campaign=launch', person, FIREFOX);
    expect(campaign.status).toBe(200);
    const visits = await figures();
    expect(visits.referrers).toEqual([
      { host: 'google.com', views: 2 },
      { host: 'partner.example', views: 1 },
    ]);
    expect(visits.campaigns).toEqual([{ source: 'newsletter', medium: 'email', campaign: 'launch', views: 1 }]);
    expect(todayOf(visits)).toEqual({ date: today(), views: 5, visitors: 1 });
    // A page's own: its views in every language, where they came from.
    const about = await figures('?routing=About');
    expect(todayOf(about)).toEqual({ date: today(), views: 2, visitors: 1 });
    expect(about.referrers).toEqual([{ host: 'partner.example', views: 1 }]);
    expect(about.pages).toEqual([{ routing: 'About', locale: 'en-IN', views: 2, visitors: 1 }]);
  });

  it('keeps the counts of a flush that failed, and writes them once with the next', async () => {
    const person = nextAddress();
    await visit('/Home1', person, FIREFOX);
    await visit('/News1', person, FIREFOX);
    const { db } = t.app.tenants.default;
    await sql`alter table visit_days rename to visit_days_away`.execute(db);
    try {
      await expect(flushPageViews(t.app.tenants.default)).rejects.toThrow();
    } finally {
      await sql`alter table visit_days_away rename to visit_days`.execute(db);
    }
    await visit('/Home1', person, FIREFOX);
    const visits = await figures();
    expect(todayOf(visits)).toEqual({ date: today(), views: 3, visitors: 1 });
    expect(visits.pages.find((page) => page.routing === 'Home')).toMatchObject({ views: 2, visitors: 1 });
  });

  it('counts one visitor seen by two instances on the same database', async () => {
    const second = await createTestApp(dialect, { TRUST_PROXY: 'true' }, { flushVisitsEveryMs: 0, sameDatabaseAs: t });
    try {
      const other = await overRealHttp(second.app);
      const person = nextAddress();
      await visit('/Home1', person, FIREFOX);
      const answer = await other.get('/Home1', { 'x-forwarded-for': person, 'user-agent': FIREFOX });
      expect(answer.status).toBe(200);
      await second.app.visitCounts.flush();
      const visits = await figures();
      expect(todayOf(visits)).toEqual({ date: today(), views: 2, visitors: 1 });
      expect(visits.pages).toEqual([{ routing: 'Home', locale: 'en-IN', views: 2, visitors: 1 }]);
    } finally {
      await second.close();
    }
  });

  it('forgets the day’s salt and hashes once it is over, and keeps no address, browser or referrer’s path anywhere', async () => {
    const person = nextAddress();
    await visit('/Home1', person, FIREFOX, { referer: 'https://partner.example/private/path?email=a@b.example' });
    await visit('/News1', nextAddress(), IPHONE, { 'sec-gpc': '1' });
    await t.app.visitCounts.flush();
    const tenant = t.app.tenants.default;
    const everything = await everyRow(tenant);
    for (const secret of [person, FIREFOX, IPHONE, 'private/path', 'a@b.example'])
      expect(everything, secret).not.toContain(secret);
    expect(await count(tenant, 'visit_hashes')).toBe(2);
    expect(await count(tenant, 'visit_salts')).toBe(1);
    // The next day: the job deletes what could tell a visitor, and keeps the day's figures.
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000 + 60_000);
    expect(await tidyVisits(tenant, tomorrow)).toEqual({ hashes: 2, days: 0 });
    expect(await count(tenant, 'visit_hashes')).toBe(0);
    expect(await count(tenant, 'visit_salts')).toBe(0);
    expect(todayOf(await figures())).toEqual({ date: today(), views: 2, visitors: 1 });
  });

  it('tells browsers apart by address (IPv4 kept as a number) and user agent, and reads the address back', () => {
    for (const [address, key] of [
      ['10.0.0.1', 167772161],
      ['255.255.255.255', 4294967295],
      ['0.0.0.0', 0],
      ['198.51.100.23', 3325256727],
    ] as const) {
      expect(addressKey(address)).toBe(key);
      expect(addressOf(key)).toBe(address);
    }
    for (const other of [
      '::1',
      '2001:db8::7',
      '::ffff:10.0.0.1',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '1..2.3',
      '01234.1.1.1',
      '',
    ])
      expect(addressKey(other)).toBe(other);
  });

  it('counts a view at midnight on the day it was seen, and deletes figures after 25 months', async () => {
    const tenant = t.app.tenants.default;
    const index = await pageIndexOf(tenant);
    const home = index.byAddress.get('/Home1')!;
    const midnight = Date.parse(`${today()}T00:00:00Z`);
    const yesterday = new Date(midnight - 1).toISOString().slice(0, 10);
    const views = new PageViews(midnight - 60_000);
    const view = { page: home, address: '192.0.2.1', userAgent: FIREFOX, gpc: false, referrer: undefined, host: '' };
    views.count({ ...view, campaign: null }, midnight - 1);
    views.count({ ...view, campaign: null }, midnight);
    expect(views.take(midnight + 1).map((day) => [day.day, day.browsers.get(addressKey('192.0.2.1'))?.views])).toEqual([
      [yesterday, new Map([[home.cacheKey, 1]])],
      [today(), new Map([[home.cacheKey, 1]])],
    ]);
    await addDays(tenant.db, [
      { routing: '', locale: '', day: yesterday, views: 1, visitors: 1 },
      { routing: '', locale: '', day: today(), views: 1, visitors: 1 },
    ]);
    // 25 months later to the day, yesterday's figures go (the day before the first kept), today's stay.
    const later = new Date(`${today()}T12:00:00Z`);
    later.setUTCMonth(later.getUTCMonth() + 25);
    expect(firstKeptDay(later.toISOString().slice(0, 10))).toBe(today());
    expect((await tidyVisits(tenant, later)).days).toBe(1);
    expect(await count(tenant, 'visit_days', `day = '${yesterday}'`)).toBe(0);
    expect(await count(tenant, 'visit_days', `day = '${today()}'`)).toBe(1);
  });

  it('answers every day of the range, 30 by default; refuses a range it cannot read with a sentence', async () => {
    const visits = await figures();
    expect(visits.days).toHaveLength(30);
    expect(visits.days.at(-1)!.date).toBe(today());
    expect(visits.days.every((day) => day.views === 0 && day.visitors === 0)).toBe(true);
    for (const [query, field, message] of [
      ['?from=2026-02-30', 'from', 'From and To must be dates such as 2026-11-30.'],
      ['?from=2026-11-30&to=2026-11-01', 'from', 'From must not be after To.'],
      [
        '?from=2024-01-01&to=2026-11-30',
        'from',
        'A range spans at most 762 days (25 months, as long as visits are kept).',
      ],
      ['?locale=not a language', 'locale', undefined],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/master/visits${query}`, headers: admin.headers });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().field, query).toBe(field);
      if (message) expect(answer.json().message).toBe(message);
    }
  });

  it('lets only staff with the visits screen read the site’s figures, and a page’s editors its own', async () => {
    await createEditor(t.app, 'visits-editor');
    const editor = await logIn(t.app, 'visits-editor', EDITOR_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/master/visits' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/master/visits', headers: editor.headers })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/visits.csv', headers: editor.headers })).statusCode,
    ).toBe(403);
    const person = nextAddress();
    await visit('/Home1', person, FIREFOX);
    await t.app.visitCounts.flush();
    const own = await t.app.inject({ method: 'GET', url: '/api/master/visits/pages/Home', headers: editor.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(todayOf(own.json())).toEqual({ date: today(), views: 1, visitors: 1 });
    const dashboard = await t.app.inject({
      method: 'POST',
      url: '/api/master/getdashboard',
      headers: admin.headers,
      payload: {},
    });
    expect(dashboard.json().visits.days).toHaveLength(7);
    expect(dashboard.json().visits.days.at(-1)).toEqual({ date: today(), views: 1, visitors: 1 });
    const csv = await t.app.inject({ method: 'GET', url: '/api/master/visits.csv', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '\ufeff"Date","Page","Language","Views","Visitors"',
      `"${today()}","Whole site","","1","1"`,
      `"${today()}","Home","en-IN","1","1"`,
    ]);
  });
});

/** Every row of every table of the tenant's database, as one text. */
async function everyRow(tenant: Tenant): Promise<string> {
  const tables = (await tenant.db.introspection.getTables()).map((table) => table.name);
  const rows: unknown[] = [];
  for (const table of tables)
    rows.push(...(await sql`select * from ${sql.table(table)}`.execute(tenant.db)).rows.map((row) => [table, row]));
  return JSON.stringify(rows, (_key, value: unknown) =>
    Buffer.isBuffer(value) || value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
  );
}

async function count(tenant: Tenant, table: string, where = '1 = 1'): Promise<number> {
  const row = (
    await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(
      tenant.db,
    )
  ).rows[0];
  return Number(row?.n ?? 0);
}
