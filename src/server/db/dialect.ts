import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Dialect } from './database';

/**
 * What differs between SQLite and PostgreSQL beyond the queries Kysely builds (docs/design.md §25): quoting names,
 * listing a database's tables, filling tables with references set aside, notices between instances. Code
 * outside src/server/db/ (the backup, the restore, the cache sync) asks here instead of writing SQL itself.
 */

/** A table, column or schema name quoted for SQL text (both databases quote with double quotes). */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `"schema"."table"`, for PostgreSQL statements on connections whose search_path is another schema. */
export const qualifiedTable = (schema: string, table: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;

/** The tables of a SQLite database, read on a handle of its own (better-sqlite3, which answers at once). */
export const sqliteTables = (sqlite: SQLite.Database) =>
  sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];

/** The tables of a PostgreSQL schema (views left out), read on a client of its own. */
export async function postgresTables(client: pg.ClientBase, schema: string): Promise<string[]> {
  const found = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
    [schema],
  );
  return found.rows.map((row) => row.table_name);
}

/** The tables of the database (SQLite) or of `schema` (PostgreSQL), through Kysely. */
export async function listTables<DB>(db: Kysely<DB>, dialect: Dialect, schema = 'public'): Promise<string[]> {
  if (dialect === 'sqlite')
    return (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map(
      (row) => row.name,
    );
  const found = await sql<{
    table_name: string;
  }>`select table_name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE'`.execute(
    db,
  );
  return found.rows.map((row) => row.table_name);
}

/** Inserts rows given as arrays of values in the order of `columns`, in one statement. */
export async function insertRows<DB>(
  db: Kysely<DB>,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
): Promise<void> {
  const list = sql.join(columns.map((column) => sql.ref(column)));
  await sql`insert into ${sql.table(table)} (${list}) values ${sql.join(rows.map((row) => sql`(${sql.join(row)})`))}`.execute(
    db,
  );
}

/** A row points at a row that is not there; `missing` says which (`of menu_items`, or the reference's definition). */
export class BrokenReference extends Error {
  constructor(
    readonly table: string,
    readonly missing: string,
  ) {
    super(`a row of ${table} points at a missing row ${missing}.`);
  }
}

/**
 * Replaces every row of `tables` (those of them that exist) with what `fill` inserts, in one transaction.
 * References are checked once every row is in (a row may point at one stored after it); a broken one is a
 * BrokenReference and nothing is kept. Rows come with their ids: on PostgreSQL each identity column then goes on
 * after the largest (SQLite's AUTOINCREMENT follows the ids inserted by itself). `schema` is the PostgreSQL
 * schema the connections' search_path names.
 */
export async function replaceRows<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  tables: readonly string[],
  fill: (trx: Kysely<DB>) => Promise<void>,
  schema = 'public',
): Promise<void> {
  if (dialect === 'sqlite') {
    // SQLite turns reference checks off for a connection, and only outside a transaction.
    await sql`pragma foreign_keys = off`.execute(db);
    await db.transaction().execute(async (trx) => {
      const present = await listTables(trx, dialect);
      for (const table of tables) if (present.includes(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
      await fill(trx);
      const broken = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
      const first = broken.rows[0];
      if (first) throw new BrokenReference(first.table, `of ${first.parent}`);
    });
    await sql`pragma foreign_keys = on`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    // References are set aside while the rows go in and put back after: putting them back checks every row.
    const references = await foreignKeys(trx, schema);
    for (const reference of references)
      await sql`alter table ${sql.table(reference.table)} drop constraint ${sql.ref(reference.name)}`.execute(trx);
    const present = await listTables(trx, dialect, schema);
    await sql`truncate ${sql.join(tables.filter((name) => present.includes(name)).map((name) => sql.table(name)))}`.execute(
      trx,
    );
    await fill(trx);
    await continueIdentities(trx, schema);
    for (const reference of references) {
      try {
        await sql`alter table ${sql.table(reference.table)} add constraint ${sql.ref(reference.name)} ${sql.raw(reference.definition)}`.execute(
          trx,
        );
      } catch {
        throw new BrokenReference(reference.table, `(${reference.definition})`);
      }
    }
  });
}

/** The foreign keys of a PostgreSQL schema, each with the definition that makes it again. */
async function foreignKeys<DB>(db: Kysely<DB>, schema: string) {
  const found = await sql<{ name: string; table: string; definition: string }>`
    select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and c.connamespace = ${schema}::regnamespace`.execute(db);
  return found.rows;
}

/** Sets each identity column's sequence of a PostgreSQL schema to go on after the largest value stored. */
async function continueIdentities<DB>(db: Kysely<DB>, schema: string): Promise<void> {
  const identities = (
    await sql<{
      table_name: string;
      column_name: string;
    }>`select table_name, column_name from information_schema.columns where table_schema = ${schema} and is_identity = 'YES'`.execute(
      db,
    )
  ).rows;
  for (const { table_name: table, column_name: column } of identities) {
    await sql`select setval(pg_get_serial_sequence(${qualifiedTable(schema, table)}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** Sends a notice on a PostgreSQL channel to every connection listening on it (once the transaction commits). */
export async function notifyChannel<DB>(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** Listens on a PostgreSQL channel with a client of its own; resolves with the server process id of that connection. */
export async function listenOnChannel(client: pg.ClientBase, channel: string): Promise<number> {
  await client.query(`LISTEN ${quoteIdentifier(channel)}`);
  return (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
}
