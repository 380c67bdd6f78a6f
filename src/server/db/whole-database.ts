import SQLite from 'better-sqlite3';
import pg from 'pg';
import { postgresTables, qualifiedTable, quoteIdentifier, sqliteTables } from './dialect';

/**
 * A tenant's whole database as one thing (docs/design.md §9, §22): a SQLite file, or a PostgreSQL schema. What the
 * restore does with one (look inside, make an empty one beside it, put it in the other's place), on connections
 * of its own rather than the server's pools.
 */

/** The tables of a SQLite file, opened read-only for the moment it takes. */
export function sqliteFileTables(file: string): string[] {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return sqliteTables(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * Folds a SQLite file's write-ahead log into it and leaves it without one, so that the file alone is the
 * database (it can be renamed, and no log of another database is ever read with it).
 */
export function withoutWriteAheadLog(file: string): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
}

/** Runs `work` on a PostgreSQL connection of its own, named `applicationName` (seen in pg_stat_activity). */
export async function withPostgresClient<T>(
  databaseUrl: string,
  applicationName: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL schema of that name: the one there was, and all it held, goes. */
export async function emptySchema(client: pg.ClientBase, schema: string): Promise<void> {
  await dropSchema(client, schema);
  await client.query(`create schema ${quoteIdentifier(schema)}`);
}

export async function dropSchema(client: pg.ClientBase, schema: string): Promise<void> {
  await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
}

/**
 * Puts every table of schema `from` in schema `to`, in one transaction, and drops `from`: of the tables `to`
 * holds, those named in `replacing` go first. Indexes, constraints and identity sequences move with their tables.
 */
export async function moveSchemaTables(
  client: pg.ClientBase,
  from: string,
  to: string,
  replacing: readonly string[],
): Promise<void> {
  await client.query('begin');
  try {
    if (to !== 'public') await client.query(`create schema if not exists ${quoteIdentifier(to)}`);
    for (const table of (await postgresTables(client, to)).filter((name) => replacing.includes(name)))
      await client.query(`drop table if exists ${qualifiedTable(to, table)} cascade`);
    for (const table of await postgresTables(client, from))
      await client.query(`alter table ${qualifiedTable(from, table)} set schema ${quoteIdentifier(to)}`);
    await client.query(`drop schema ${quoteIdentifier(from)}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Takes a session-level advisory lock without waiting, shared or exclusive; whether it was taken. */
export async function tryAdvisoryLock(
  client: pg.ClientBase,
  key: number,
  mode: 'shared' | 'exclusive',
): Promise<boolean> {
  const taken = await client.query<{ ok: boolean }>(
    `select pg_try_advisory_lock${mode === 'shared' ? '_shared' : ''}($1) as ok`,
    [key],
  );
  return taken.rows[0]?.ok === true;
}

/**
 * Opens a small SQLite file and takes its exclusive lock, kept until the handle closes (SQLite's own file locking
 * does the work on every platform, and the lock goes with the process however it ends). Throws SQLITE_BUSY at
 * once while another process holds it.
 */
export function holdSqliteLockFile(file: string): SQLite.Database {
  const lock = new SQLite(file);
  try {
    lock.pragma('busy_timeout = 0');
    // In exclusive locking mode the lock a write takes is kept until the connection closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec(
      'begin exclusive; create table if not exists mark (at text); delete from mark; insert into mark values (datetime()); commit',
    );
  } catch (error) {
    lock.close();
    throw error;
  }
  return lock;
}
