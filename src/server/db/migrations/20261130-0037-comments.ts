import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * Comments on a draft's fields (docs/design.md §32). Widen only: one new table.
 * - `page_comments`: a comment on the field at `path` of a page in a language (`locale` '' is the source's), or, with
 *   `reply_to`, a reply to such a comment (one level). The author is kept by id and by name (the name stays if the
 *   user goes); a top-level comment is resolved with `resolved_at` and `resolved_by_name`, reopened by clearing them.
 *   Read by page and language, so indexed by them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('page_comments')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'integer', (c) => c.references('page_comments.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by_name', 'text')
    .execute();
  await db.schema.createIndex('page_comments_page').on('page_comments').columns(['page_id', 'locale']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_comments').execute();
}
