import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * API tokens and the content API (docs/design.md §33). Widen only: one new table, one column.
 * - `api_tokens`: a user's token for other systems, kept only as the SHA-256 of what was shown once (`token_hash`),
 *   with its name, its scopes (a space-separated list, e.g. `content:read enquiries:read`), when it expires and when
 *   it was last used; `revoked_at` ends it at once. A token acts as its user (their menu still decides), within its
 *   scopes; removing the user removes their tokens.
 * - `company.content_api_public`: 1 when anyone may read the content API without a token.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
  await db.schema
    .alterTable('company')
    .addColumn('content_api_public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').dropColumn('content_api_public').execute();
  await db.schema.dropTable('api_tokens').execute();
}
