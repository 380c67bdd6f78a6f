import type { Kysely } from 'kysely';

/**
 * One index for a page's revisions by status (docs/benchmarks.md, "2026-11-29 night"): `(page_id, status, revision)`
 * from the drafts came before languages; every query that names a status now names the language too and reads
 * `page_revisions_locale (page_id, locale, status, revision)`. The older index only cost every save's insert and
 * every pruned revision's delete one more index to keep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_revisions_status').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('page_revisions_status')
    .ifNotExists()
    .on('page_revisions')
    .columns(['page_id', 'status', 'revision'])
    .execute();
}
