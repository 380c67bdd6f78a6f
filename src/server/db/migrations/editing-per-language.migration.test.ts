import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo } from '../migrate';

const page = {
  id: 40,
  routing: 'About',
  name: 'About',
  display_name: 'About',
  public_path: '/About1',
  kind: 'editor',
  active: 1,
  module_id: 4,
  page_type: 'wired',
  homepage: 'N',
};
const AT = '2026-11-27T09:00:00.000Z';
const user = (id: number, username: string) => ({ id, username, password_hash: 'x', group_id: 9, created_at: AT });

/**
 * Who is editing, per language (docs/design.md §26, §28): migration 0026 keys the rows by page, user and language. The
 * rows say only who was there in the last minute, so the upgrade starts the table afresh; down does the same.
 */
describe.each(testDialects())('migration 20261127-0026-editing-per-language (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it('lets one user have a page open in two languages and a link name its language; down goes back to one row per page and user', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261127-0025-languages');
    await db.insertInto('pages').values(page).execute();
    await db.insertInto('user_groups').values({ id: 9, name: 'Translators', created_at: AT }).execute();
    await db
      .insertInto('users')
      .values([user(50, 'asha'), user(51, 'ravi')])
      .execute();
    await db
      .insertInto('page_editors')
      .values({ page_id: 40, user_id: 50, seen_at: '2026-11-27T10:00:00.000Z' })
      .execute();

    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    expect(await db.selectFrom('page_editors').selectAll().execute()).toEqual([]);
    await db
      .insertInto('page_editors')
      .values([
        { page_id: 40, user_id: 50, locale: '', seen_at: '2026-11-27T10:01:00.000Z' },
        { page_id: 40, user_id: 50, locale: 'de', seen_at: '2026-11-27T10:01:00.000Z' },
        { page_id: 40, user_id: 51, locale: 'de', seen_at: '2026-11-27T10:01:00.000Z' },
      ])
      .execute();
    const rows = await db
      .selectFrom('page_editors')
      .select(['user_id', 'locale'])
      .orderBy('user_id')
      .orderBy('locale')
      .execute();
    expect(rows.map((row) => [Number(row.user_id), row.locale])).toEqual([
      [50, ''],
      [50, 'de'],
      [51, 'de'],
    ]);
    // A shared preview link names its language; the links made before are the source's.
    const share = (id: number, locale?: string) => ({
      id,
      page_id: 40,
      token_hash: `hash-${id}`,
      created_by: 50,
      created_at: AT,
      expires_at: '2026-11-28T09:00:00.000Z',
      ...(locale ? { locale } : {}),
    });
    await db.insertInto('preview_shares').values(share(1)).execute();
    await db.insertInto('preview_shares').values(share(2, 'de')).execute();
    const shares = await db.selectFrom('preview_shares').select(['id', 'locale']).orderBy('id').execute();
    expect(shares.map((row) => [Number(row.id), row.locale])).toEqual([
      [1, ''],
      [2, 'de'],
    ]);
    // The same user, page and language twice is one row (the key).
    await expect(
      db
        .insertInto('page_editors')
        .values({ page_id: 40, user_id: 51, locale: 'de', seen_at: '2026-11-27T10:02:00.000Z' })
        .execute(),
    ).rejects.toThrow();

    await migrateTo(db, dialect, '20261127-0025-languages');
    expect(await db.selectFrom('page_editors').selectAll().execute()).toEqual([]);
    // Down: a translation's link goes with its column; the source's stays.
    expect(
      (await db.selectFrom('preview_shares').selectAll().execute()).map((row) => [Number(row.id), row.locale]),
    ).toEqual([[1, undefined]]);
    await db
      .insertInto('page_editors')
      .values({ page_id: 40, user_id: 50, seen_at: '2026-11-27T10:03:00.000Z' })
      .execute();
    await expect(
      db.insertInto('page_editors').values({ page_id: 40, user_id: 50, seen_at: '2026-11-27T10:04:00.000Z' }).execute(),
    ).rejects.toThrow();
  });
});
