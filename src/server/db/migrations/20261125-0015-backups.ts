import { sql, type Kysely } from 'kysely';

const BACKUPS_SCREEN = { id: 28, routing: 'backups', name: 'Backups' } as const;
const ADMINISTRATORS_GROUP_ID = 1;
const ADMINISTRATION_MODULE_ID = 4;

/**
 * Backups and the shell (DESIGN §22):
 * - `users.password_must_change`: 1 after `./folio user reset-password` set a one-time password; the user's
 *   sessions reach only /account until they choose a new one.
 * - the backups screen: a page like the other back-office screens, in the Administrators' Administration
 *   sub-menu on a database seeded before it (a fresh database gets it from the seed, which reads the registry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_must_change', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const pages = await sql<{ n: number | string }>`select count(*) as n from pages`.execute(db);
  if (Number(pages.rows[0]?.n ?? 0) === 0) return;
  await sql`
    insert into pages (id, routing, name, display_name, public_path, kind, active, module_id, page_type, homepage)
    select ${BACKUPS_SCREEN.id}, ${BACKUPS_SCREEN.routing}, ${BACKUPS_SCREEN.name}, ${BACKUPS_SCREEN.name}, null, 'screen', 1, ${ADMINISTRATION_MODULE_ID}, 'wired', 'N'
    where not exists (select 1 from pages where id = ${BACKUPS_SCREEN.id})`.execute(db);
  const administration = await sql<{ id: number }>`
    select id from menu_items
    where owner_kind = 'group' and owner_id = ${ADMINISTRATORS_GROUP_ID} and parent_id is null and is_sub_menu = 1 and label = 'Administration'
    order by id limit 1`.execute(db);
  const parentId = administration.rows[0]?.id;
  if (parentId === undefined) return;
  const last = await sql<{ max: number | string | null }>`select max(sequence) as max from menu_items where parent_id = ${parentId}`.execute(db);
  await sql`
    insert into menu_items (owner_kind, owner_id, parent_id, page_id, label, sequence, is_sub_menu, land_page)
    select 'group', ${ADMINISTRATORS_GROUP_ID}, ${parentId}, ${BACKUPS_SCREEN.id}, ${BACKUPS_SCREEN.name}, ${Number(last.rows[0]?.max ?? 0) + 1}, 0, 0
    where not exists (select 1 from menu_items where parent_id = ${parentId} and page_id = ${BACKUPS_SCREEN.id})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from menu_items where page_id = ${BACKUPS_SCREEN.id}`.execute(db);
  await sql`delete from pages where id = ${BACKUPS_SCREEN.id}`.execute(db);
  await db.schema.alterTable('users').dropColumn('password_must_change').execute();
}
