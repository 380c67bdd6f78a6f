import type { Kysely } from 'kysely';

/**
 * Drafts and scheduled publishing (docs/design.md §19): each revision is `published`, `draft` or `scheduled` (with
 * `publish_at`, ISO 8601 UTC). Every revision saved before this was published when it was saved, so existing
 * rows are `published`. The index serves the job that looks for scheduled revisions whose time has come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('page_revisions')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .execute();
  await db.schema.alterTable('page_revisions').addColumn('publish_at', 'text').execute();
  await db.schema
    .createIndex('page_revisions_scheduled')
    .on('page_revisions')
    .columns(['status', 'publish_at'])
    .execute();
  await db.schema
    .createIndex('page_revisions_status')
    .on('page_revisions')
    .columns(['page_id', 'status', 'revision'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_revisions_status').execute();
  await db.schema.dropIndex('page_revisions_scheduled').execute();
  await db.schema.alterTable('page_revisions').dropColumn('publish_at').execute();
  await db.schema.alterTable('page_revisions').dropColumn('status').execute();
}
