import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from './database';

/**
 * Steps that several migrations take the same way. A migration that uses one must do to a database exactly
 * what it did when it was written: change a step only by adding a new one.
 */

/** An integer primary key the database numbers: an identity column on PostgreSQL, AUTOINCREMENT on SQLite. */
export const identity = (dialect: Dialect) => (c: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

/** The seed's Administrators group and Administration module (their ids never change). */
export const ADMINISTRATORS_GROUP_ID = 1;
export const ADMINISTRATION_MODULE_ID = 4;

/** A back-office screen: a page of kind `screen` of the Administration module (src/core/pages.ts). */
export interface ScreenPage {
  readonly id: number;
  readonly routing: string;
  readonly name: string;
}

/**
 * On a database seeded before the screens existed, makes them pages (those not there yet); false on a fresh
 * database, which gets them from the seed (it reads the page registry).
 */
export async function addScreenPages(db: Kysely<unknown>, screens: readonly ScreenPage[]): Promise<boolean> {
  const pages = await sql<{ n: number | string }>`select count(*) as n from pages`.execute(db);
  if (Number(pages.rows[0]?.n ?? 0) === 0) return false;
  for (const screen of screens) {
    await sql`
      insert into pages (id, routing, name, display_name, public_path, kind, active, module_id, page_type, homepage)
      select ${screen.id}, ${screen.routing}, ${screen.name}, ${screen.name}, null, 'screen', 1, ${ADMINISTRATION_MODULE_ID}, 'wired', 'N'
      where not exists (select 1 from pages where id = ${screen.id})`.execute(db);
  }
  return true;
}

/**
 * Makes the screens pages on a database seeded before them (as addScreenPages) and appends them, in order, to
 * the Administrators' Administration sub-menu, unless the sub-menu is gone or already holds them.
 */
export async function addAdministrationScreens(db: Kysely<unknown>, screens: readonly ScreenPage[]): Promise<void> {
  if (!(await addScreenPages(db, screens))) return;
  const administration = await sql<{ id: number }>`
    select id from menu_items
    where owner_kind = 'group' and owner_id = ${ADMINISTRATORS_GROUP_ID} and parent_id is null and is_sub_menu = 1 and label = 'Administration'
    order by id limit 1`.execute(db);
  const parentId = administration.rows[0]?.id;
  if (parentId === undefined) return;
  const last = await sql<{
    max: number | string | null;
  }>`select max(sequence) as max from menu_items where parent_id = ${parentId}`.execute(db);
  let sequence = Number(last.rows[0]?.max ?? 0);
  for (const screen of screens) {
    sequence += 1;
    await sql`
      insert into menu_items (owner_kind, owner_id, parent_id, page_id, label, sequence, is_sub_menu, land_page)
      select 'group', ${ADMINISTRATORS_GROUP_ID}, ${parentId}, ${screen.id}, ${screen.name}, ${sequence}, 0, 0
      where not exists (select 1 from menu_items where parent_id = ${parentId} and page_id = ${screen.id})`.execute(db);
  }
}

/** Undoes addScreenPages and addAdministrationScreens: the screens' menu items (in any menu) and pages go. */
export async function removeScreens(db: Kysely<unknown>, screens: readonly ScreenPage[]): Promise<void> {
  const ids = screens.map((screen) => screen.id);
  await sql`delete from menu_items where page_id in (${sql.join(ids)})`.execute(db);
  await sql`delete from pages where id in (${sql.join(ids)})`.execute(db);
}
