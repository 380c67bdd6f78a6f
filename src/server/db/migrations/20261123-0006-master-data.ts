import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The two master-data screens (DESIGN §14): pages like the other back-office screens (src/core/pages.ts). */
const SCREENS = [
  { id: 25, routing: 'commonMasterType', name: 'Master Types' },
  { id: 26, routing: 'commonMaster', name: 'Master Values' },
] as const;
const ADMINISTRATORS_GROUP_ID = 1;
const ADMINISTRATION_MODULE_ID = 4;

/**
 * Master data (DESIGN §14): master types, optionally depending on another type (City on State on Country),
 * and their values, each with its parent value when its type depends on another. Values are deactivated,
 * never deleted. Codes are unique regardless of case (per type for values): the service answers duplicates
 * with a sentence, the indexes keep two simultaneous saves from slipping through.
 *
 * On a database that already has pages, the two screens become pages and join the Administrators'
 * Administration sub-menu; a fresh database gets both from the seed (which reads the page registry).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const identity = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('master_types')
    .addColumn('id', 'integer', identity)
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('depends_on', 'integer', (c) => c.references('master_types.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index master_types_code on master_types (lower(code))`.execute(db);

  await db.schema
    .createTable('master_values')
    .addColumn('id', 'integer', identity)
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

  const pages = await sql<{ n: number | string }>`select count(*) as n from pages`.execute(db);
  if (Number(pages.rows[0]?.n ?? 0) === 0) return;
  for (const screen of SCREENS) {
    await sql`
      insert into pages (id, routing, name, display_name, public_path, kind, active, module_id, page_type, homepage)
      select ${screen.id}, ${screen.routing}, ${screen.name}, ${screen.name}, null, 'screen', 1, ${ADMINISTRATION_MODULE_ID}, 'wired', 'N'
      where not exists (select 1 from pages where id = ${screen.id})`.execute(db);
  }
  const administration = await sql<{ id: number }>`
    select id from menu_items
    where owner_kind = 'group' and owner_id = ${ADMINISTRATORS_GROUP_ID} and parent_id is null and is_sub_menu = 1 and label = 'Administration'
    order by id limit 1`.execute(db);
  const parentId = administration.rows[0]?.id;
  if (parentId === undefined) return;
  const last = await sql<{ max: number | string | null }>`select max(sequence) as max from menu_items where parent_id = ${parentId}`.execute(db);
  let sequence = Number(last.rows[0]?.max ?? 0);
  for (const screen of SCREENS) {
    sequence += 1;
    await sql`
      insert into menu_items (owner_kind, owner_id, parent_id, page_id, label, sequence, is_sub_menu, land_page)
      select 'group', ${ADMINISTRATORS_GROUP_ID}, ${parentId}, ${screen.id}, ${screen.name}, ${sequence}, 0, 0
      where not exists (select 1 from menu_items where parent_id = ${parentId} and page_id = ${screen.id})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from menu_items where page_id in (25, 26)`.execute(db);
  await sql`delete from pages where id in (25, 26)`.execute(db);
  await db.schema.dropTable('master_values').execute();
  await db.schema.dropTable('master_types').execute();
}
