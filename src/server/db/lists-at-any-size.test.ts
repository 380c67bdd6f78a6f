import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '../../core/schemas/paging';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/**
 * Lists at any size (docs/design.md §23, decision 019): a page after a cursor is the page the spec's pageno names, found
 * through the index; counts stop at the cap and say so; a cursor that is not one of ours is a 400 with a sentence.
 */
/** More enquiries than the cap once spam (every tenth) is left out. */
const ROWS = LIST_COUNT_CAP * 1.2;

describe.each(testDialects())('keyset paging on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  const db = () => t.app.tenants.default.db;
  const post = async (call: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/master/${call}`,
      headers: admin.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    const at = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      // Words spread in different ways (for the search's two ways through PostgreSQL, pgSearchIds): in every row,
      // in every hundredth (all spam), only in the oldest rows, and a few spread over the whole list.
      organization:
        i % 100 === 0
          ? 'Needle Works'
          : i < 300 && i % 3 === 1
            ? 'Ancient Mills'
            : i % 997 === 5
              ? 'Sparse Traders'
              : 'Haystack',
      name: `Visitor ${i}`,
      email: `visitor${i}@example.in`,
      mobile: '9876543210',
      requirements: 'A CRM for our sales team.',
      created_at: new Date(at + i * 60_000).toISOString(),
      status: (i % 10 === 0 ? 'Spam' : 'New') as 'Spam' | 'New',
    }));
    for (let start = 0; start < rows.length; start += 500)
      await db()
        .insertInto('enquiries')
        .values(rows.slice(start, start + 500))
        .execute();
    // Audit entries that share one moment: the cursor's id tells them apart.
    await db()
      .insertInto('audit_log')
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          at: '2026-02-01T00:00:00.000Z',
          tenant: 'default',
          user_name: 'same',
          ip: null,
          action: 'page.publish',
          area: 'page',
          target_type: 'page',
          target_id: 'Home',
          summary: `Published Home (revision ${i})`,
        })),
      )
      .execute();
    for (let i = 0; i < 25; i += 1) {
      await db()
        .insertInto('users')
        .values({
          username: `pager${i}`,
          password_hash: null,
          group_id: 3,
          first_name: 'Pager',
          last_name: `${i}`,
          email: '',
          active: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
  });
  afterAll(async () => t?.close());

  it('counts the enquiry list up to the cap and says there are more', async () => {
    const first = await post('getenquiries', { pageno: 1 });
    expect(first).toMatchObject({ totalItems: LIST_COUNT_CAP, totalCapped: true });
    expect(first.next).toEqual(expect.any(String));
    const spam = await post('getenquiries', { pageno: 1, status: 'Spam' });
    expect(spam).toMatchObject({ totalItems: ROWS / 10, totalCapped: false });
    const needles = await post('getenquiries', { pageno: 1, searchText: 'needle' });
    // Every hundredth is a needle, and those are all spam: none is listed without the Spam filter.
    expect(needles).toMatchObject({ items: [], totalItems: 0, totalCapped: false, next: null });
    expect((await post('getenquiries', { pageno: 1, searchText: 'needle', status: 'Spam' })).totalItems).toBe(
      ROWS / 100,
    );
  });

  it('finds the same pages by cursor as by number, with or without search text and filters', async () => {
    for (const filter of [
      {},
      { searchText: 'visitor' },
      { status: 'Spam' },
      { searchText: 'haystack crm', status: 'New' },
    ]) {
      let after: string | undefined;
      for (let pageno = 1; pageno <= 4; pageno += 1) {
        const byNumber = await post('getenquiries', { pageno, ...filter });
        const byCursor = await post('getenquiries', { pageno, ...filter, ...(after ? { after } : {}) });
        expect(byCursor.items, JSON.stringify({ filter, pageno })).toEqual(byNumber.items);
        expect(byCursor.items).toHaveLength(10);
        const ids = byCursor.items.map((item: { id: number }) => item.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        after = byCursor.next;
      }
    }
  });

  it('a search finds every match newest first, whether its word is in every row, a few, only the oldest or none', async () => {
    const { SEARCH_WALK_ROWS } = await import('./full-text');
    // More rows than a PostgreSQL search walks before it turns to the index, so both ways are taken.
    expect(ROWS).toBeGreaterThan(SEARCH_WALK_ROWS * 2);
    const expected = async (organization: string) =>
      (
        await db()
          .selectFrom('enquiries')
          .select('id')
          .where('status', '<>', 'Spam')
          .where('organization', '=', organization)
          .orderBy('id', 'desc')
          .execute()
      ).map((row) => row.id);
    const everyPage = async (searchText: string) => {
      const ids: number[] = [];
      let after: string | undefined;
      for (let pageno = 1; pageno < 100; pageno += 1) {
        const page = await post('getenquiries', { pageno, searchText, ...(after ? { after } : {}) });
        ids.push(...page.items.map((item: { id: number }) => item.id));
        if (!page.next) return { ids, first: page };
        after = page.next;
      }
      throw new Error(`more than 100 pages for ${searchText}`);
    };
    for (const [text, organization] of [
      ['ancient', 'Ancient Mills'],
      ['sparse', 'Sparse Traders'],
      ['sparse trad', 'Sparse Traders'],
    ] as const) {
      const want = await expected(organization);
      expect(want.length, organization).toBeGreaterThan(5);
      expect((await everyPage(text)).ids, text).toEqual(want);
      expect((await post('getenquiries', { pageno: 1, searchText: text })).totalItems).toBe(want.length);
    }
    expect((await everyPage('nowhere')).ids).toEqual([]);
    // A word of nearly every row: its first pages, and its count capped at the search's cap.
    const haystack = (await expected('Haystack')).slice(0, 30);
    let after: string | undefined;
    const firstPages: number[] = [];
    for (let pageno = 1; pageno <= 3; pageno += 1) {
      const page = await post('getenquiries', { pageno, searchText: 'haystack', ...(after ? { after } : {}) });
      firstPages.push(...page.items.map((item: { id: number }) => item.id));
      after = page.next;
    }
    expect(firstPages).toEqual(haystack);
    expect(await post('getenquiries', { pageno: 1, searchText: 'haystack' })).toMatchObject({
      totalItems: SEARCH_COUNT_CAP,
      totalCapped: true,
    });
    // Page 3 by its number is the same page as by its cursor.
    expect(
      (await post('getenquiries', { pageno: 3, searchText: 'haystack' })).items.map((item: { id: number }) => item.id),
    ).toEqual(haystack.slice(20, 30));
  });

  it('reaches the last page through its cursor, and says there is none after it', async () => {
    const oldest = (
      await db()
        .selectFrom('enquiries')
        .select('id')
        .where('status', '=', 'Spam')
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
    const { encodeCursor } = await import('./keyset');
    const last = await post('getenquiries', {
      pageno: ROWS / 100 + 1,
      status: 'Spam',
      after: encodeCursor([oldest + 1]),
    });
    expect(last.items.map((item: { id: number }) => item.id)).toEqual([oldest]);
    expect(last.next).toBeNull();
  });

  it('pages users and audit entries by cursor too; entries of one moment are told apart by id', async () => {
    let after: string | undefined;
    const seen: number[] = [];
    for (let pageno = 1; pageno <= 3; pageno += 1) {
      const page = await post('getempmasterfroEmp', { pageno, ...(after ? { after } : {}) });
      expect(page.list).toEqual((await post('getempmasterfroEmp', { pageno })).list);
      seen.push(...page.list.map((row: { id: number }) => row.id));
      after = page.next ?? undefined;
    }
    expect(new Set(seen).size).toBe(seen.length);

    const entries: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: number }>; next: string | null } = await post('getauditlog', {
        pageno: 1,
        userName: 'same',
        ...(cursor ? { after: cursor } : {}),
      });
      entries.push(...page.items.map((item) => item.id));
      cursor = page.next;
    } while (cursor);
    expect(entries).toHaveLength(45);
    expect(entries).toEqual([...entries].sort((a, b) => b - a));
  });

  it('refuses a cursor it did not write with a sentence, on every list', async () => {
    for (const after of [
      'not base64 json!',
      'eyJub3QiOiJhIGxpc3QifQ',
      Buffer.from('["a"]').toString('base64url'),
      Buffer.from('[1.5]').toString('base64url'),
    ]) {
      for (const call of ['getenquiries', 'getempmasterfroEmp', 'getauditlog']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/master/${call}`,
          headers: admin.headers,
          payload: { pageno: 2, after },
        });
        expect(response.statusCode, `${call} ${after}`).toBe(400);
        expect(response.json().message).toBe('This page link is out of date: go back to the first page.');
      }
    }
  });

  it('takes any search text as text in every list: a thousand characters, quotes, FTS and SQL syntax', async () => {
    for (const searchText of [
      'x'.repeat(1000),
      '"',
      '*',
      'NEAR',
      'OR',
      'visitor OR haystack',
      'NEAR(visitor haystack)',
      '%',
      '_',
      "' or 1=1 --",
      'visitor*',
      '"visitor',
    ]) {
      for (const [call, body] of [
        ['getenquiries', { pageno: 1, searchText }],
        ['getSearchForEmployeeMaster', { pageno: 1, searchText, type: 'All' }],
        ['getSearchForcommonMaster', { pageno: 1, searchText }],
        ['getCommasterType', { pageno: 1, searchText }],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/master/${call}`,
          headers: admin.headers,
          payload: body,
        });
        expect(response.statusCode, `${call} ${searchText.slice(0, 30)}: ${response.body}`).toBe(200);
      }
    }
    expect((await post('getenquiries', { pageno: 1, searchText: 'visitor OR nobody' })).totalItems).toBe(0);
  });
});
