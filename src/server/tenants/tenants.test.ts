import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { BACKSTOP_PAGES, writing } from '../db/wal-checkpoints';
import { tenantSchema } from './tenants';

/**
 * docs/design.md §9: the spec's `dbName` header picks the tenant, and tenants share nothing: each has its own SQLite
 * file or its own PostgreSQL schema, its own sessions, caches and counts. The same tests on both databases.
 */
describe.each(testDialects())('tenants (%s)', (dialect) => {
  let t: TestApp;
  const env = { TENANTS: 'default,acme,globex', ADMIN_PASSWORD };
  beforeAll(async () => {
    t = await createTestApp(dialect, env);
  });
  afterAll(async () => t?.close());

  const signIn = async (tenant: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: tenant },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { accessToken: string }).accessToken;
  };
  const call = (tenant: string, token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { dbname: tenant, authorization: `Bearer ${token}` }, payload });
  const companyName = async (tenant: string, token: string) =>
    (await call(tenant, token, '/api/master/getCompanyDetails')).json().companyName as string;
  const rename = async (tenant: string, token: string, name: string) => {
    const details = (await call(tenant, token, '/api/master/getCompanyDetails')).json();
    const response = await call(tenant, token, '/api/master/saveCompanyDetails', { ...details, companyName: name });
    expect(response.statusCode).toBe(200);
  };

  it('keeps each tenant apart: a change in one is not seen in another, on the API and on public pages', async () => {
    const acme = await signIn('acme');
    const globex = await signIn('globex');
    await rename('acme', acme, 'Acme Systems');
    await rename('globex', globex, 'Globex Corp');
    expect(await companyName('acme', acme)).toBe('Acme Systems');
    expect(await companyName('globex', globex)).toBe('Globex Corp');
    const home = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/Home1', headers })).body;
    expect(await home({ dbname: 'acme' })).toContain('Acme Systems');
    expect(await home({ dbname: 'globex' })).toContain('Globex Corp');
    const visitors = await home({});
    expect(visitors).not.toContain('Acme Systems');
    expect(visitors).not.toContain('Globex Corp');
  });

  it("refuses a session with another tenant's dbName (401)", async () => {
    const acme = await signIn('acme');
    expect((await call('acme', acme, '/api/master/getCompanyDetails')).statusCode).toBe(200);
    expect((await call('globex', acme, '/api/master/getCompanyDetails')).statusCode).toBe(401);
    expect((await call('default', acme, '/api/master/getCompanyDetails')).statusCode).toBe(401);
  });

  it.each(['nosuchtenant', 'ACME ', 'tenant_acme', 'public', 'acme; drop schema public', '../folio', 'x'.repeat(300)])(
    'answers 400 for the dbName %j, on the API and on public pages',
    async (name) => {
      const api = await t.app.inject({
        method: 'POST',
        url: '/api/master/gethomepages',
        headers: { dbname: name },
        payload: {},
      });
      expect(api.statusCode).toBe(400);
      expect(api.json().message).toBe('Unknown database name.');
      expect((await t.app.inject({ method: 'GET', url: '/Home1', headers: { dbname: name } })).statusCode).toBe(400);
    },
  );

  it("answers interleaved requests of every tenant from that tenant's database only", async () => {
    const tokens = { acme: await signIn('acme'), globex: await signIn('globex') };
    const expected = { acme: 'Acme Systems', globex: 'Globex Corp' };
    const names = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 'acme' : 'globex') as 'acme' | 'globex').map(
        async (tenant) => [tenant, await companyName(tenant, tokens[tenant])] as const,
      ),
    );
    for (const [tenant, name] of names) expect(name).toBe(expected[tenant]);
  });

  it.runIf(dialect === 'sqlite')(
    "hands every tenant's SQLite file to the checkpoint worker, which frequent writes wake (docs/design.md §24)",
    async () => {
      for (const tenant of t.app.tenants.all()) {
        for (let i = 0; i < 5; i += 1) writing(tenant.db);
        const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(tenant.db);
        expect(rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
      }
    },
  );

  it('counts login failures per tenant: a lockout in one leaves the same user name free in another', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { dbname: 'globex' },
        payload: { username: 'admin', password: 'wrong-password-123' },
        remoteAddress: `10.8.0.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: 'globex' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.8.1.1',
    });
    expect(locked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: 'acme' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.8.1.1',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it.runIf(dialect === 'postgres')(
    'keeps each tenant in its own PostgreSQL schema (the default tenant in public)',
    async () => {
      expect(tenantSchema('default', 'default')).toBe('public');
      expect(tenantSchema('acme', 'default')).toBe('tenant_acme');
      const db = t.app.tenants.default.db;
      const tables = async (schema: string) =>
        (
          await sql<{
            table_name: string;
          }>`select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(
            db,
          )
        ).rows.map((r) => r.table_name);
      const [inPublic, inAcme, inGlobex] = await Promise.all([
        tables('public'),
        tables('tenant_acme'),
        tables('tenant_globex'),
      ]);
      expect(inAcme).toContain('company');
      expect(inAcme).toContain('sessions');
      expect(inAcme).toEqual(inPublic);
      expect(inGlobex).toEqual(inPublic);
      // The rows are where their tenant is: acme's name in tenant_acme.company only.
      const named = await sql<{
        n: number;
      }>`select count(*) as n from tenant_acme.company where company_name = 'Acme Systems'`.execute(db);
      expect(Number(named.rows[0]!.n)).toBe(1);
      const elsewhere = await sql<{
        n: number;
      }>`select (select count(*) from public.company where company_name = 'Acme Systems') + (select count(*) from tenant_globex.company where company_name = 'Acme Systems') as n`.execute(
        db,
      );
      expect(Number(elsewhere.rows[0]!.n)).toBe(0);
      // Every connection of a tenant's pool sees its own schema only.
      const searchPath = async (tenant: string) =>
        (await sql<{ search_path: string }>`show search_path`.execute(t.app.tenants.named(tenant)!.db)).rows[0]!
          .search_path;
      expect(await Promise.all([searchPath('default'), searchPath('acme'), searchPath('globex')])).toEqual([
        'public',
        'tenant_acme',
        'tenant_globex',
      ]);
    },
  );
});

/** docs/design.md §9, §18: several tenants on one PostgreSQL database with two instances: each hears the other's changes per tenant. */
describe.runIf(testDialects().includes('postgres'))('tenants on two instances (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  const env = { TENANTS: 'default,acme', ADMIN_PASSWORD };
  beforeAll(async () => {
    a = await createTestApp('postgres', env);
    b = await createTestApp('postgres', env, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a change of acme's through one instance shows on the other for acme only (the notice carries the tenant)", async () => {
    const home = async (t: TestApp, tenant: string) =>
      (await t.app.inject({ method: 'GET', url: '/Home1', headers: { dbname: tenant } })).body;
    // Both instances have rendered (and cached) both tenants' home page.
    const before = await home(b, 'default');
    await home(b, 'acme');
    const signin = await a.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { dbname: 'acme' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = (signin.json() as { accessToken: string }).accessToken;
    const headers = { dbname: 'acme', authorization: `Bearer ${token}` };
    const details = (
      await a.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers, payload: {} })
    ).json();
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/master/saveCompanyDetails',
          headers,
          payload: { ...details, companyName: 'Acme on A' },
        })
      ).statusCode,
    ).toBe(200);
    let seen = '';
    for (let i = 0; i < 100 && !seen.includes('Acme on A'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await home(b, 'acme');
    }
    expect(seen).toContain('Acme on A');
    expect(await home(b, 'default')).toBe(before);
    // A session made on one instance works on the other, for its own tenant only.
    expect(
      (await b.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers, payload: {} })).statusCode,
    ).toBe(200);
    expect(
      (
        await b.app.inject({
          method: 'POST',
          url: '/api/master/getCompanyDetails',
          headers: { ...headers, dbname: 'default' },
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });
});

/** docs/design.md §18: instances started together on an empty PostgreSQL database migrate and seed it once, one after the other. */
describe.runIf(testDialects().includes('postgres'))(
  'instances started together on an empty database (postgres)',
  () => {
    // The body of a describe runs even when runIf skips it: no URL to read without TEST_DATABASE_URL.
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1/unused';
    const name = `folio_test_start_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    beforeAll(() => admin(`create database ${name}`));
    afterAll(() => admin(`drop database if exists ${name} with (force)`));

    it('both start; every tenant is seeded once; both print the same setup code', async () => {
      const env = { TENANTS: 'default,acme' };
      const apps = await Promise.all([
        createTestApp('postgres', env, { databaseUrl: url }),
        createTestApp('postgres', env, { databaseUrl: url }),
        createTestApp('postgres', env, { databaseUrl: url }),
      ]);
      try {
        for (const t of apps) expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
        for (const tenant of apps[0]!.app.tenants.all()) {
          const groups = await tenant.db.selectFrom('user_groups').select('id').execute();
          const pages = await tenant.db.selectFrom('pages').select('id').execute();
          expect(new Set(groups.map((g) => g.id)).size).toBe(groups.length);
          expect(groups.length).toBe(3);
          expect(pages.length).toBeGreaterThanOrEqual(12);
          const codes = await tenant.db
            .selectFrom('settings')
            .select('value')
            .where('key', '=', 'setup-code')
            .execute();
          expect(codes).toHaveLength(1);
        }
      } finally {
        for (const t of apps) await t.close();
      }
    });
  },
);
