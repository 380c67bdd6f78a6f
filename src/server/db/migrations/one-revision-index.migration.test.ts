import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import type { Dialect } from '../database';
import { migrateTo } from '../migrate';

/** The indexes of page_revisions, by name. */
async function revisionIndexes(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'page_revisions' and sql is not null`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'page_revisions' and schemaname = current_schema()`.execute(
          db,
        );
  return rows.rows.map((row) => row.name).sort();
}

/**
 * Migration 0032 drops `page_revisions_status`, which the languages index `(page_id, locale, status, revision)` made
 * redundant (every query with a status names the language); down puts it back. On SQLite the query that finds a
 * page's published revision reads the languages index.
 */
describe.each(testDialects())('migration 20261129-0032-one-revision-index (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it('drops the older status index and keeps the languages one; down puts it back', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261129-0031-names-for-visitors');
    expect(await revisionIndexes(db, dialect)).toContain('page_revisions_status');

    await migrateTo(db, dialect, '20261129-0032-one-revision-index');
    const after = await revisionIndexes(db, dialect);
    expect(after).not.toContain('page_revisions_status');
    expect(after).toEqual(expect.arrayContaining(['page_revisions_locale', 'page_revisions_scheduled']));
    if (dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan
        select revision from page_revisions where page_id = 1 and locale = '' and status = 'published'
        order by revision desc limit 1`.execute(db);
      expect(plan.rows.map((row) => row.detail).join(' ')).toContain('page_revisions_locale');
    }

    await migrateTo(db, dialect, '20261129-0031-names-for-visitors');
    expect(await revisionIndexes(db, dialect)).toContain('page_revisions_status');
  });
});
