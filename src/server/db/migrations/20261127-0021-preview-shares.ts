import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * See the page while you edit it (docs/design.md §26), the two parts that are stored. Widen only: two new tables.
 * - `preview_shares`: a link that shows a page's newest revision to anyone who has it, until `expires_at` or
 *   until it is revoked. Only the SHA-256 hash of its token is kept (the token is shown once, at creation).
 *   Each tenant has its own database (docs/design.md §9), so the rows need no tenant column.
 * - `page_editors`: who has a page's editor open, as the editors say every 20 s (one row per page and user, its
 *   `seen_at` renewed); in the database rather than in memory, so any instance answers right.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('preview_shares')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('preview_shares_page').on('preview_shares').columns(['page_id', 'expires_at']).execute();

  await db.schema
    .createTable('page_editors')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_editors_pk', ['page_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_editors').execute();
  await db.schema.dropTable('preview_shares').execute();
}
