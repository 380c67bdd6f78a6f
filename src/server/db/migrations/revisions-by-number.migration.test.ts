import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import type { Dialect } from '../database';
import { migrateTo } from '../migrate';

/** The columns of the languages index of page_revisions, in order. */
async function languagesIndexColumns(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const rows = await sql<{
      name: string;
    }>`select name from pragma_index_info('page_revisions_locale') order by seqno`.execute(db);
    return rows.rows.map((row) => row.name);
  }
  const rows = await sql<{ indexdef: string }>`select indexdef from pg_indexes
    where indexname = 'page_revisions_locale' and schemaname = current_schema()`.execute(db);
  return (/\((.*)\)/.exec(rows.rows[0]!.indexdef)?.[1] ?? '')
    .split(',')
    .map((column) => column.trim().replaceAll('"', ''));
}

/**
 * Migration 0033 orders the languages index by revision before status: the newest revisions of a page in a language
 * (what a save keeps) are read from the index alone, and so is the published one; down puts the older order back.
 */
describe.each(testDialects())('migration 20261130-0033-revisions-by-number (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it('orders the languages index by revision, then status; down puts the older order back', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261129-0032-one-revision-index');
    expect(await languagesIndexColumns(db, dialect)).toEqual(['page_id', 'locale', 'status', 'revision']);

    await migrateTo(db, dialect, '20261130-0033-revisions-by-number');
    expect(await languagesIndexColumns(db, dialect)).toEqual(['page_id', 'locale', 'revision', 'status']);
    if (dialect === 'sqlite') {
      const plan = async (query: ReturnType<typeof sql>) =>
        (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows
          .map((row) => row.detail)
          .join(' ');
      // The revisions a save keeps, newest first, and the published one: both from the index alone.
      expect(
        await plan(sql`select revision from page_revisions where page_id = 1 and locale = ''
          order by revision desc limit 1 offset 99`),
      ).toContain('COVERING INDEX page_revisions_locale');
      expect(
        await plan(
          sql`select max(revision) from page_revisions where page_id = 1 and locale = '' and status = 'published'`,
        ),
      ).toContain('COVERING INDEX page_revisions_locale');
    }

    await migrateTo(db, dialect, '20261129-0032-one-revision-index');
    expect(await languagesIndexColumns(db, dialect)).toEqual(['page_id', 'locale', 'status', 'revision']);
  });
});
