import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../config';
// database.ts reads PostgreSQL's int8 (rate_limits.expire) as a number: the same value SQLite gives.
import type { Dialect } from '../db/database';
import '../db/database';
import { tenantSchema, tenantSqliteFile } from '../tenants/tenant-names';
import { BACKUP_TABLES, isBookkeepingTable } from './backup-format';

/** A batch of rows read from one table, with that table's columns. */
export interface TableRows {
  columns: string[];
  rows: AsyncIterable<unknown[][]>;
}

/**
 * A read-only view of every named tenant's database at one moment (DESIGN §22): what a backup reads while the
 * server goes on writing. On PostgreSQL one REPEATABLE READ transaction covers every tenant's schema (one
 * snapshot of the whole database); on SQLite each tenant's file has a read transaction of its own, all begun
 * before any table is read (WAL: the server's writes go on beside it). Each uses connections of its own, so
 * the server's own connections are never held up by a backup.
 */
export interface Snapshot {
  readonly source: Dialect;
  /** The tenants with the last migration of each one's database. */
  readonly tenants: ReadonlyArray<{ name: string; lastMigration: string }>;
  /** The tenant's Folio tables that exist, in BACKUP_TABLES order. */
  tables(tenant: string): string[];
  count(tenant: string, table: string): Promise<number>;
  read(tenant: string, table: string): Promise<TableRows>;
  close(): Promise<void>;
}

export class SnapshotError extends Error {}

const KEYS = new Map(BACKUP_TABLES.map((table) => [table.name, table]));
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const DEFAULT_BATCH = 1000;

/** Folio's tables among a database's tables, in backup order; a table Folio does not know stops the backup. */
function folioTables(present: readonly string[], where: string): string[] {
  const unknown = present.filter((name) => !isBookkeepingTable(name) && !KEYS.has(name));
  if (unknown.length > 0) throw new SnapshotError(`The database ${where} has tables this Folio does not know (${unknown.join(', ')}); back it up with the Folio that made them.`);
  return BACKUP_TABLES.map((table) => table.name).filter((name) => present.includes(name));
}

function orderOf(table: string): string {
  return (KEYS.get(table)?.key ?? []).map(quote).join(', ');
}

const batchOf = (table: string) => KEYS.get(table)?.batch ?? DEFAULT_BATCH;

export async function openSnapshot(config: AppConfig, tenantNames: readonly string[]): Promise<Snapshot> {
  return config.databaseUrl ? openPostgresSnapshot(config.databaseUrl, config.defaultTenant, tenantNames) : openSqliteSnapshot(config, tenantNames);
}

function openSqliteSnapshot(config: AppConfig, tenantNames: readonly string[]): Snapshot {
  const handles = new Map<string, { db: SQLite.Database; tables: string[] }>();
  const tenants: Array<{ name: string; lastMigration: string }> = [];
  const close = async () => {
    for (const { db } of handles.values()) {
      if (db.inTransaction) db.exec('rollback');
      db.close();
    }
  };
  try {
    for (const name of tenantNames) {
      const file = path.join(config.dataDir, tenantSqliteFile(name, config.defaultTenant));
      let db: SQLite.Database;
      try {
        db = new SQLite(file, { readonly: true, fileMustExist: true });
      } catch {
        throw new SnapshotError(`There is no database for tenant ${name} at ${file}: start Folio once to make it, or check DATA_DIR.`);
      }
      db.pragma('busy_timeout = 5000');
      handles.set(name, { db, tables: [] });
      // The first read of the transaction fixes what it sees: every later read sees the same moment.
      db.exec('begin');
      const present = (db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]) ?? [];
      if (!present.includes('kysely_migration')) throw new SnapshotError(`The file ${file} is not a Folio database (it has no migrations).`);
      const lastMigration = db.prepare('select name from kysely_migration order by name desc limit 1').pluck().get() as string | undefined;
      if (!lastMigration) throw new SnapshotError(`The file ${file} is not a Folio database (it has no migrations).`);
      handles.get(name)!.tables = folioTables(present, `of tenant ${name} (${file})`);
      tenants.push({ name, lastMigration });
    }
  } catch (error) {
    void close();
    throw error;
  }
  const handle = (tenant: string) => {
    const found = handles.get(tenant);
    if (!found) throw new Error(`No snapshot of tenant ${tenant}`);
    return found;
  };
  return {
    source: 'sqlite',
    tenants,
    tables: (tenant) => handle(tenant).tables,
    count: async (tenant, table) => handle(tenant).db.prepare(`select count(*) from ${quote(table)}`).pluck().get() as number,
    read: async (tenant, table) => {
      const statement = handle(tenant).db.prepare(`select * from ${quote(table)} order by ${orderOf(table)}`).raw(true);
      const columns = statement.columns().map((column) => column.name);
      const size = batchOf(table);
      async function* rows(): AsyncGenerator<unknown[][]> {
        let batch: unknown[][] = [];
        // better-sqlite3 steps through the rows as they are asked for: memory holds one batch.
        for (const row of statement.iterate() as IterableIterator<unknown[]>) {
          batch.push(row);
          if (batch.length >= size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      }
      return { columns, rows: rows() };
    },
    close,
  };
}

async function openPostgresSnapshot(databaseUrl: string, defaultTenant: string, tenantNames: readonly string[]): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'folio-backup' });
  await client.connect();
  const schemas = new Map(tenantNames.map((name) => [name, tenantSchema(name, defaultTenant)]));
  const tables = new Map<string, string[]>();
  const tenants: Array<{ name: string; lastMigration: string }> = [];
  let cursors = 0;
  try {
    await client.query('begin isolation level repeatable read read only');
    for (const [name, schema] of schemas) {
      const present = (await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'", [schema])).rows.map((row) => row.table_name);
      if (!present.includes('kysely_migration')) throw new SnapshotError(`The schema ${schema} of tenant ${name} holds no Folio database: start Folio once to make it, or check DATABASE_URL.`);
      const last = await client.query<{ name: string }>(`select name from ${quote(schema)}.kysely_migration order by name desc limit 1`);
      const lastMigration = last.rows[0]?.name;
      if (!lastMigration) throw new SnapshotError(`The schema ${schema} of tenant ${name} holds no Folio database (it has no migrations).`);
      tables.set(name, folioTables(present, `schema ${schema} of tenant ${name}`));
      tenants.push({ name, lastMigration });
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  const qualified = (tenant: string, table: string) => `${quote(schemas.get(tenant)!)}.${quote(table)}`;
  return {
    source: 'postgres',
    tenants,
    tables: (tenant) => tables.get(tenant) ?? [],
    count: async (tenant, table) => Number((await client.query<{ n: number }>(`select count(*) as n from ${qualified(tenant, table)}`)).rows[0]?.n ?? 0),
    read: async (tenant, table) => {
      // Generated columns (the search vectors) are made from the others: a restore makes them again.
      const stored = await client.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position",
        [schemas.get(tenant)!, table],
      );
      const columns = stored.rows.map((row) => row.column_name);
      const list = columns.map(quote).join(', ');
      const cursor = `folio_backup_${(cursors += 1)}`;
      const size = batchOf(table);
      async function* rows(): AsyncGenerator<unknown[][]> {
        // A cursor of the snapshot's transaction: the server sends a batch at a time.
        await client.query(`declare ${cursor} no scroll cursor for select ${list} from ${qualified(tenant, table)} order by ${orderOf(table)}`);
        try {
          for (;;) {
            const batch = await client.query<unknown[]>({ text: `fetch forward ${size} from ${cursor}`, rowMode: 'array' });
            if (batch.rows.length === 0) break;
            yield batch.rows;
          }
        } finally {
          await client.query(`close ${cursor}`);
        }
      }
      return { columns, rows: rows() };
    },
    close: async () => {
      await client.query('rollback').catch(() => {});
      await client.end();
    },
  };
}
