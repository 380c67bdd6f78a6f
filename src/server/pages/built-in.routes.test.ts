import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import { CONTENT_SCHEMAS } from '../../core/schemas/page-content';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

describe.each(testDialects())('content get calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it.each(CONTENT_PAGES.map((p) => [p.getCall, p] as const))(
    'POST /api/master/%s answers the page content document',
    async (_call, page) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/master/${page.getCall}`,
        payload: { commonrouting: page.routing, menupageid: page.id },
      });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.menupageid).toBe(page.id);
      expect(document.commonrouting).toBe(page.routing);
      expect(document.revision).toBe(1);
      expect(CONTENT_SCHEMAS[page.key].safeParse(document).success).toBe(true);
    },
  );

  it('reads what the database holds, not a copy baked into the code', async () => {
    const row = await t.app.tenants.default.db
      .selectFrom('page_revisions')
      .select('document')
      .where('page_id', '=', 7)
      .executeTakeFirstOrThrow();
    const changed = JSON.parse(row.document);
    changed.tablelst[0].newsDetails = 'Changed directly in the database.';
    await t.app.tenants.default.db
      .updateTable('page_revisions')
      .set({ document: JSON.stringify(changed) })
      .where('page_id', '=', 7)
      .execute();
    t.app.tenants.default.cache.clear();
    const response = await t.app.inject({ method: 'POST', url: '/api/master/getnews', payload: {} });
    expect(response.json().tablelst[0].newsDetails).toBe('Changed directly in the database.');
  });

  it('serves public content as GET /api/pages/:routing with an ETag that revalidates', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/pages/About1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().menupageid).toBe(2);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/pages/about', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const missing = await t.app.inject({ method: 'GET', url: '/api/pages/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/no page/i);
  });

  it('answers GET /api/health with the database it checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', tenant: 'default', database: dialect });
  });

  it('refuses an unknown tenant name with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/master/gethomepages',
      headers: { dbname: 'nosuchtenant' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown database name.');
  });
});
