import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addAdministrationScreens, identity, removeScreens } from '../migration-steps';

const RELEASES_SCREEN = { id: 38, routing: 'releases', name: 'Releases' } as const;

/**
 * Releases (docs/design.md §32). Widen only: two new tables and a screen.
 * - `releases`: a named set of page revisions that go live together; `status` 'open' (being put together),
 *   'scheduled' (`publish_at`), 'published', 'failed' (a scheduled one that could not go live, `publish_error` says why)
 *   or 'reverted'.
 * - `release_items`: a page in a language (`locale` '' for the default) at a revision; `previous_revision`, set when
 *   the release is published, is the revision visitors saw before (null: none), what Revert shows them again. Those
 *   revisions are kept by the pruning of old revisions while the release is published.
 * - The screen `releases`, in the Administrators' menu.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('publish_at', 'text')
    .addColumn('publish_error', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('published_by_name', 'text')
    .addColumn('reverted_at', 'text')
    .addColumn('reverted_by_name', 'text')
    .execute();
  await db.schema.createIndex('releases_due').on('releases').columns(['status', 'publish_at']).execute();
  await db.schema
    .createTable('release_items')
    .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('previous_revision', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_items_pk', ['release_id', 'page_id', 'locale'])
    .execute();
  await db.schema.createIndex('release_items_page').on('release_items').columns(['page_id', 'locale']).execute();
  await addAdministrationScreens(db, [RELEASES_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [RELEASES_SCREEN]);
  await db.schema.dropTable('release_items').execute();
  await db.schema.dropTable('releases').execute();
}
