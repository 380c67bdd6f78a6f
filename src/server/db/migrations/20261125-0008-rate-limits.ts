import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Throttles and lockouts live in the database (docs/design.md §18), so that every instance on one database counts the
 * same failures: five wrong passwords through one instance lock the account on all. The table has the shape
 * rate-limiter-flexible's SQLite and PostgreSQL stores use (key, points, expire in ms since the epoch); every
 * limiter shares it through its own key prefix.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', dialect === 'postgres' ? 'varchar(255)' : 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
