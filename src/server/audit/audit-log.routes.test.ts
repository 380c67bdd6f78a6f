import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE } from '../../core/schemas/audit';
import { inTransaction } from '../db/database';
import { NUL_CHARACTER_MESSAGE } from '../validation';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { audit, runAs } from './audit';

const DAY = 24 * 60 * 60_000;

/** The auditlog screen's calls (docs/design.md §21): list, filters, paging, CSV, access, and the retention job. */
describe.each(testDialects())('the audit log screen (%s)', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD, AUDIT_KEEP_DAYS: '30' });
    await createEditor(t.app, 'editor');
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    // A known history: 45 entries by two users over 45 days, one of them 40 days old (past the 30 kept).
    const tenant = t.app.tenants.default;
    await inTransaction(tenant.db, async (trx) => {
      for (let day = 44; day >= 0; day -= 1) {
        const who = day % 3 === 0 ? 'asha' : 'ravi';
        const at = new Date(now.getTime() - day * DAY - 60_000);
        await runAs({ userName: who, ip: '10.9.0.1' }, () =>
          day % 2 === 0
            ? audit(
                trx,
                tenant,
                {
                  action: 'page.publish',
                  targetType: 'page',
                  targetId: 'Home',
                  summary: `Published Home (revision ${100 - day})`,
                  details: { revision: 100 - day, fields: ['title'] },
                },
                at,
              )
            : audit(
                trx,
                tenant,
                {
                  action: 'group.create',
                  targetType: 'group',
                  targetId: `=G${day}`,
                  summary: `Created group =G${day}`,
                  details: { id: day },
                },
                at,
              ),
        );
      }
    });
  });
  afterAll(async () => t?.close());

  const list = (payload: object, who: LoggedIn = admin) =>
    t.app.inject({ method: 'POST', url: '/api/master/getauditlog', headers: who.headers, payload });
  type Entry = {
    id: number;
    at: string;
    userName: string | null;
    action: string;
    targetType: string;
    targetId: string;
    summary: string;
    details: Record<string, unknown>;
  };

  it('answers a page of 20, newest first, with the total and each entry whole', async () => {
    const answer = await list({ pageno: 1, action: 'page.publish', userName: 'asha' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { items, totalItems } = answer.json() as { items: Entry[]; totalItems: number };
    // asha made the entries of days divisible by 3; publishes are the even days: 0, 6, 12, …, 42.
    expect(totalItems).toBe(8);
    expect(items.map((e) => e.summary)).toEqual(
      [0, 6, 12, 18, 24, 30, 36, 42].map((day) => `Published Home (revision ${100 - day})`),
    );
    expect(items[0]).toMatchObject({
      userName: 'asha',
      action: 'page.publish',
      targetType: 'page',
      targetId: 'Home',
      details: { revision: 100, fields: ['title'] },
    });
    const all = (await list({ pageno: 1, userName: 'ASHA' })).json() as { items: Entry[]; totalItems: number };
    expect(all.totalItems).toBe(15);
    const times = all.items.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages through the whole log and filters by area, target type and dates', async () => {
    const first = (await list({ pageno: 1, targetType: 'group' })).json() as { items: Entry[]; totalItems: number };
    expect(first.totalItems).toBe(22);
    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    const second = (await list({ pageno: 2, targetType: 'group' })).json() as { items: Entry[] };
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(22);
    expect((await list({ pageno: 1, action: 'group' })).json().totalItems).toBe(22);
    const day = (ago: number) => new Date(now.getTime() - ago * DAY).toISOString().slice(0, 10);
    const range = (await list({ pageno: 1, action: 'page', targetType: 'page', from: day(10), to: day(4) })).json() as {
      items: Entry[];
    };
    // Publishes 60 s before each day's "now": the even days from 10 to 4 ago, by date (UTC) of their time.
    const expected = [4, 6, 8, 10].filter((ago) => {
      const date = new Date(now.getTime() - ago * DAY - 60_000).toISOString().slice(0, 10);
      return date >= day(10) && date <= day(4);
    });
    expect(range.items.map((e) => e.summary)).toEqual(expected.map((ago) => `Published Home (revision ${100 - ago})`));
    const since = (who: string) =>
      list({ pageno: 1, userName: who, from: new Date(now.getTime() - 2 * DAY).toISOString() });
    expect(((await since('asha')).json() as { items: Entry[] }).items.map((e) => e.summary)).toEqual([
      'Published Home (revision 100)',
    ]);
    expect(((await since('ravi')).json() as { items: Entry[] }).items.map((e) => e.summary)).toEqual([
      'Created group =G1',
    ]);
  });

  it.each([
    [{ pageno: 1, from: 'yesterday' }, /^From and To must be dates/],
    [{ pageno: 1, to: '2026-02-30' }, /^From and To must be dates/],
    [{ pageno: 1, from: '2026-11-20', to: '2026-11-01' }, /^From must not be after To\.$/],
    [{ pageno: 1, action: "page.publish' or 1=1" }, /^The action must be an action/],
    [{ pageno: 0 }, /.+/],
    [{ pageno: 1, userName: 'x'.repeat(101) }, /at most 100 characters/],
  ])('refuses a bad filter %j with a sentence', async (payload, message) => {
    const refused = await list(payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(message);
  });

  it('is for those whose menu holds the screen: an editor gets 403, a visitor 401', async () => {
    expect((await list({ pageno: 1 }, editor)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/master/getauditlog', payload: { pageno: 1 } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/auditlog.csv', headers: editor.headers })).statusCode,
    ).toBe(403);
  });

  it('exports the filter as CSV with every cell quoted and formulas neutralised', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/master/auditlog.csv?targetType=group&userName=ravi',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(
      csv.body.startsWith('\uFEFF"Time","User","Address","Action","Target type","Target","Summary","Details"\r\n'),
    ).toBe(true);
    const records = csv.body.slice(1).split('\r\n');
    // ravi: days not divisible by 3; groups: odd days. 1, 5, 7, 11, 13, 17, 19, 23, 25, 29, 31, 35, 37, 41, 43.
    expect(records).toHaveLength(1 + 15 + 1);
    expect(records[1]).toMatch(
      /^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC","ravi","10\.9\.0\.1","group\.create","group","'=G1","Created group =G1","{""id"":1}"$/,
    );
    expect(records[16]).toBe('');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/auditlog.csv?from=soon', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses impossible dates and NUL characters in the filters with 400 and a sentence (docs/design.md §24)', async () => {
    const dates = /^From and To must be dates \(2026-11-25\) or times in ISO 8601/;
    for (const filter of [
      { from: '2026-99-99' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-99-99T99:99:99Z', to: '2026-01-01' },
      { from: '2026-01-01', to: 'soon' },
    ] as Array<Record<string, string>>) {
      const listed = await list(filter);
      expect(listed.statusCode, JSON.stringify(filter)).toBe(400);
      expect(listed.json().message).toMatch(dates);
      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/master/auditlog.csv?${new URLSearchParams(filter)}`,
        headers: admin.headers,
      });
      expect(exported.statusCode, JSON.stringify(filter)).toBe(400);
      expect(exported.json().message).toMatch(dates);
    }
    const named = await list({ userName: 'asha\u0000' });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe(NUL_CHARACTER_MESSAGE);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/master/auditlog.csv?targetType=%00',
      headers: admin.headers,
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().message).toBe(NUL_CHARACTER_MESSAGE);
  });

  it('prunes entries older than AUDIT_KEEP_DAYS in the background, and nothing newer', async () => {
    const count = async () =>
      Number(
        (
          await t.app.tenants.default.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await t.app.jobs.tick(() => now);
    // Days 44 to 30 ago (60 s before each day's mark) are past 30 days: 15 entries.
    expect(await count()).toBe(before - 15);
    const oldest = (await list({ pageno: 2, targetType: 'group' })).json() as { items: Entry[] };
    expect(oldest.items).toHaveLength(0);
  });
});
