import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addAdministrationScreens, identity, removeScreens } from '../migration-steps';

const REDIRECTS_SCREEN = { id: 31, routing: 'redirects', name: 'Redirects' } as const;

/**
 * Addresses that never break (docs/design.md §27). Widen only: two new tables and a screen.
 * - `redirects`: an address on this site (`from_path`, unique) answered with a 301 or 302 to `to_target` (a path
 *   or an https address). `hits` and `last_hit` are counted in memory by each instance and added here in batches.
 * - `not_found`: the addresses visitors asked for and got the 404 page, by path, with how often, when last and
 *   the last referrer; kept to the 1,000 most asked for.
 * - the redirects screen, in the Administrators' Administration sub-menu on a database seeded before it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_target', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().check(sql`status in (301, 302)`))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('redirects_to_target').on('redirects').column('to_target').execute();

  await db.schema
    .createTable('not_found')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .execute();
  await db.schema.createIndex('not_found_hits').on('not_found').columns(['hits', 'last_seen']).execute();

  await addAdministrationScreens(db, [REDIRECTS_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [REDIRECTS_SCREEN]);
  await db.schema.dropTable('not_found').execute();
  await db.schema.dropTable('redirects').execute();
}
