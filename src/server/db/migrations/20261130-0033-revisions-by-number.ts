import type { Kysely } from 'kysely';

/**
 * A page's revisions in a language by number (docs/benchmarks.md, "Issue 45, 2026-11-30"): the languages index was
 * `(page_id, locale, status, revision)`, so the newest revisions of a language whatever their status (what a save
 * keeps, REVISIONS_PER_PAGE of them) were found through the primary key `(page_id, revision)`, reading each row for
 * its language. As `(page_id, locale, revision, status)` it gives them in order on its own, the status beside each;
 * a query for the published revision reads the same index from the newest down.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_revisions_locale').ifExists().execute();
  await db.schema
    .createIndex('page_revisions_locale')
    .on('page_revisions')
    .columns(['page_id', 'locale', 'revision', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_revisions_locale').ifExists().execute();
  await db.schema
    .createIndex('page_revisions_locale')
    .on('page_revisions')
    .columns(['page_id', 'locale', 'status', 'revision'])
    .execute();
}
