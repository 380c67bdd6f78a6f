import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addAdministrationScreens, identity, removeScreens } from '../migration-steps';

/** The two master-data screens (docs/design.md §14): pages like the other back-office screens (src/core/pages.ts). */
const SCREENS = [
  { id: 25, routing: 'commonMasterType', name: 'Master Types' },
  { id: 26, routing: 'commonMaster', name: 'Master Values' },
] as const;

/**
 * Master data (docs/design.md §14): master types, optionally depending on another type (City on State on Country),
 * and their values, each with its parent value when its type depends on another. Values are deactivated,
 * never deleted. Codes are unique regardless of case (per type for values): the service answers duplicates
 * with a sentence, the indexes keep two simultaneous saves from slipping through.
 *
 * On a database that already has pages, the two screens become pages and join the Administrators'
 * Administration sub-menu; a fresh database gets both from the seed (which reads the page registry).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('master_types')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('depends_on', 'integer', (c) => c.references('master_types.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index master_types_code on master_types (lower(code))`.execute(db);

  await db.schema
    .createTable('master_values')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('master_types.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('parent_id', 'integer', (c) => c.references('master_values.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('master_values_type').on('master_values').column('type_id').execute();
  await db.schema.createIndex('master_values_parent').on('master_values').column('parent_id').execute();
  await sql`create unique index master_values_code on master_values (type_id, lower(code))`.execute(db);

  await addAdministrationScreens(db, SCREENS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, SCREENS);
  await db.schema.dropTable('master_values').execute();
  await db.schema.dropTable('master_types').execute();
}
