import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema';
import { writing } from './wal-checkpoints';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Where it lives, for logs (never contains a password). */
  location: string;
}

// PostgreSQL returns int8 (count(*), max()) as strings; Folio's numbers fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile: string;
  /**
   * On PostgreSQL, the schema that holds the tenant's tables (docs/design.md §9): every connection of the handle's pool
   * has it as its only search_path from the moment it connects, so no connection of one tenant ever runs
   * another tenant's queries. Default: `public`.
   */
  schema?: string;
}

/** A tenant's schema name: only names of the configured list reach here (config.ts checks their form). */
const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Opens the tenant's database: PostgreSQL when a URL is given, else the embedded SQLite file. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const schema = options.schema ?? 'public';
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Not a schema name Folio makes: ${schema}`);
    // The search_path is a connection parameter: set by the server as the connection starts, before any query.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: `-c search_path=${schema}` });
    // An idle connection the server drops (a restart, a failover) is an 'error' on the pool: without a listener
    // it would end the process. The pool discards that client; the next query opens a fresh connection.
    pool.on('error', () => {});
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: `postgres://${url.host}${url.pathname}${schema === 'public' ? '' : ` (schema ${schema})`}`,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile);
  const sqlite = new SQLite(file);
  // WAL: readers never wait for the writer; synchronous=NORMAL is durable across process crashes (kill -9)
  // in WAL mode, which is the guarantee docs/design.md §10 asks for.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    location: file,
  };
}

/**
 * SQLite with every transaction begun IMMEDIATE: it takes the write lock as it begins, waiting (busy_timeout) while
 * another connection writes. A transaction begun DEFERRED that reads first and writes afterwards fails at once with
 * SQLITE_BUSY when another connection to the file (the shell's tools, a restore, a test writing its data) committed
 * in between: the snapshot it read is no longer the newest, and no wait can make it so (a 500 for a save).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactions(this.settings);
  }
}

class ImmediateTransactions extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely prepares every query it runs; compiling the same SQL again for each page view and save is a good share
 * of a save's time. The statements of the last 500 distinct queries are kept and run again (SQLite re-prepares
 * one itself when the schema changed). A statement still iterating (a streamed read) is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: size });
  return {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      const known = statements.get(query);
      if (known && !known.busy) return known;
      const statement = sqlite.prepare(query);
      if (!known) statements.set(query, statement);
      return statement;
    },
  };
}

/** Creates a tenant's PostgreSQL schema unless it exists (two instances starting together may both ask). */
export async function createSchemaIfMissing(databaseUrl: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Not a schema name Folio makes: ${schema}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema}"`);
  } catch (error) {
    // The other instance created it between the check and the insert into the catalogue.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/** The advisory lock that instances starting on one PostgreSQL database take in turn (any fixed number). */
const START_LOCK = 0x466f6c69; // "Foli"

/**
 * Runs `work` (migrations, seeds, first-run preparation) while no other instance starting on the same
 * PostgreSQL database runs its own: two instances started together on an empty database would otherwise both
 * seed it. A session-level advisory lock on a connection of its own, released when the work ends (or when
 * the connection drops with a killed process). SQLite is for one instance: the work just runs.
 */
export async function whileStartingAlone<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Runs `work` in one transaction: all of it commits, or none of it (services use it to group repository calls). */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  writing(db);
  return db.transaction().execute(work);
}
