import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/** Sessions (docs/design.md §5) and the time of each user's last password change. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', identity(dialect))
    // Only a hash of the token is stored: a copy of the database does not let anyone log in.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema
    .alterTable('users')
    .addColumn('password_changed_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_changed_at').execute();
  await db.schema.dropTable('sessions').execute();
}
