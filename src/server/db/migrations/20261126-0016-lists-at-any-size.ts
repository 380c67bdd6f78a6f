import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { ADMINISTRATORS_GROUP_ID, addScreenPages, removeScreens } from '../migration-steps';

const DASHBOARD_SCREEN = { id: 29, routing: 'dashboard', name: 'Dashboard' } as const;
const EDITORS_GROUP_ID = 3;

/**
 * The staff home, search, and lists at any size (docs/design.md §23, decision 019):
 * - Full-text search of enquiries, users and master values. SQLite: an FTS5 index per table over its text
 *   columns (external content: the words only, kept by triggers, so every write, a restore's included, keeps it
 *   right). PostgreSQL: a stored `search_vector` (tsvector, 'simple': no stemming, names are not English) with a
 *   GIN index. Both take punctuation as a space, so `meera@sugar.example` holds the words meera, sugar, example.
 *   A user's code and names are weighted apart (A: code, B: names) for the user list's Code and Name searches.
 * - Indexes that fit the lists' filters and their order: enquiries by status, and by mail state (a column of the
 *   enquiry now, `none` without a mail job), each then by id; audit
 *   entries by area, action, user and target type, each then by time (the audit log's order). `area` (the
 *   action's part before the dot) is a column of its own, so "every page action" is one index range.
 * - The dashboard screen, first in the Administrators' and the Editors' menus and their landing page, on a
 *   database seeded before it (a fresh database gets it from the seed).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sqliteFullText(db, 'enquiries', ['organization', 'name', 'email', 'requirements']);
    await sqliteFullText(db, 'users', ['employee_code', 'first_name', 'middle_name', 'last_name', 'username']);
    await sqliteFullText(db, 'master_values', ['code', 'name']);
  } else {
    const words = (expression: string) =>
      `to_tsvector('simple', regexp_replace(lower(${expression}), '[[:punct:]]+', ' ', 'g'))`;
    await sql
      .raw(
        `alter table enquiries add column search_vector tsvector generated always as (${words("organization || ' ' || name || ' ' || email || ' ' || requirements")}) stored`,
      )
      .execute(db);
    await sql
      .raw(
        `alter table users add column search_vector tsvector generated always as (setweight(${words('employee_code')}, 'A') || setweight(${words("first_name || ' ' || middle_name || ' ' || last_name || ' ' || username")}, 'B')) stored`,
      )
      .execute(db);
    await sql
      .raw(
        `alter table master_values add column search_vector tsvector generated always as (${words("code || ' ' || name")}) stored`,
      )
      .execute(db);
    for (const table of ['enquiries', 'users', 'master_values'])
      await sql.raw(`create index ${table}_search on ${table} using gin (search_vector)`).execute(db);
  }

  // An enquiry's mail state beside it (kept by the repository with every change of its mail job): the Mail
  // filter, "not mailed" included, is an index range instead of a walk through the outbox.
  await db.schema
    .alterTable('enquiries')
    .addColumn('mail_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await sql`update enquiries set mail_state = coalesce((select state from mail_jobs where mail_jobs.enquiry_id = enquiries.id), 'none')`.execute(
    db,
  );
  await db.schema.createIndex('enquiries_status_id').on('enquiries').columns(['status', 'id']).execute();
  await db.schema.createIndex('enquiries_mail_state_id').on('enquiries').columns(['mail_state', 'id']).execute();
  // The dashboard's enquiries per week: a range of days.
  await db.schema.createIndex('enquiries_created').on('enquiries').column('created_at').execute();

  await db.schema
    .alterTable('audit_log')
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // SQLite has instr where PostgreSQL has strpos.
  const position = sql.raw(dialect === 'sqlite' ? 'instr' : 'strpos');
  await sql`update audit_log set area = substr(action, 1, ${position}(action || '.', '.') - 1)`.execute(db);
  await db.schema.dropIndex('audit_log_action_at').execute();
  await db.schema.dropIndex('audit_log_user_at').execute();
  await db.schema.createIndex('audit_log_area_at').on('audit_log').columns(['area', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_target_at').on('audit_log').columns(['target_type', 'at', 'id']).execute();
  await sql`create index audit_log_user_at on audit_log (lower(user_name), at, id)`.execute(db);

  await addDashboardScreen(db);
}

/** An FTS5 index of `table`'s text columns (rowid = the row's id), filled now and kept by triggers. */
async function sqliteFullText(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  const fts = `${table}_fts`;
  // Prefixes of two and three characters are indexed: a search as you type ("pa") stays a lookup.
  await sql
    .raw(
      `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='unicode61', prefix='2 3')`,
    )
    .execute(db);
  const remove = `insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
  const add = `insert into ${fts}(rowid, ${list}) values (new.id, ${values('new')});`;
  await sql.raw(`create trigger ${fts}_insert after insert on ${table} begin ${add} end`).execute(db);
  await sql.raw(`create trigger ${fts}_delete after delete on ${table} begin ${remove} end`).execute(db);
  await sql
    .raw(`create trigger ${fts}_update after update of ${list} on ${table} begin ${remove} ${add} end`)
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
}

async function addDashboardScreen(db: Kysely<unknown>): Promise<void> {
  if (!(await addScreenPages(db, [DASHBOARD_SCREEN]))) return;
  for (const groupId of [ADMINISTRATORS_GROUP_ID, EDITORS_GROUP_ID]) {
    const existing = await sql<{
      id: number;
    }>`select id from menu_items where owner_kind = 'group' and owner_id = ${groupId} limit 1`.execute(db);
    // A group whose menu was emptied on purpose keeps it empty.
    if (existing.rows.length === 0) continue;
    const present = await sql<{
      id: number;
    }>`select id from menu_items where owner_kind = 'group' and owner_id = ${groupId} and page_id = ${DASHBOARD_SCREEN.id}`.execute(
      db,
    );
    if (present.rows.length > 0) continue;
    // The home lands first: the group's earlier landing page stays in its menu, no longer the landing page.
    await sql`update menu_items set land_page = 0 where owner_kind = 'group' and owner_id = ${groupId}`.execute(db);
    await sql`update menu_items set sequence = sequence + 1 where owner_kind = 'group' and owner_id = ${groupId} and parent_id is null`.execute(
      db,
    );
    await sql`
      insert into menu_items (owner_kind, owner_id, parent_id, page_id, label, sequence, is_sub_menu, land_page)
      values ('group', ${groupId}, null, ${DASHBOARD_SCREEN.id}, ${DASHBOARD_SCREEN.name}, 1, 0, 1)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await removeScreens(db, [DASHBOARD_SCREEN]);
  for (const name of [
    'audit_log_user_at',
    'audit_log_target_at',
    'audit_log_action_at',
    'audit_log_area_at',
    'enquiries_created',
    'enquiries_mail_state_id',
    'enquiries_status_id',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_user_at').on('audit_log').columns(['user_name', 'at']).execute();
  await db.schema.alterTable('audit_log').dropColumn('area').execute();
  await db.schema.alterTable('enquiries').dropColumn('mail_state').execute();
  for (const table of ['enquiries', 'users', 'master_values']) {
    if (dialect === 'sqlite') {
      for (const trigger of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger ${table}_fts_${trigger}`).execute(db);
      await sql.raw(`drop table ${table}_fts`).execute(db);
    } else {
      await sql.raw(`drop index ${table}_search`).execute(db);
      await sql.raw(`alter table ${table} drop column search_vector`).execute(db);
    }
  }
}
