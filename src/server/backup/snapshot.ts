import path from 'node:path';
import type { AppConfig } from '../config';
import type { Dialect } from '../db/database';
import { openPostgresReader, openSqliteReader, type TableReader, type TableRows } from '../db/table-reader';
import { tenantSchema, tenantSqliteFile } from '../tenants/tenant-names';
import { BACKUP_TABLES, isLeftOutOfBackups } from './backup-format';

/**
 * A read-only view of every named tenant's database at one moment (docs/design.md §22): what a backup reads while the
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
const DEFAULT_BATCH = 1000;

/** Folio's tables among a database's tables, in backup order; a table Folio does not know stops the backup. */
function folioTables(present: readonly string[], where: string): string[] {
  const unknown = present.filter((name) => !isLeftOutOfBackups(name) && !KEYS.has(name));
  if (unknown.length > 0)
    throw new SnapshotError(
      `The database ${where} has tables this Folio does not know (${unknown.join(', ')}); back it up with the Folio that made them.`,
    );
  return BACKUP_TABLES.map((table) => table.name).filter((name) => present.includes(name));
}

const keyOf = (table: string) => KEYS.get(table)?.key ?? [];
const batchOf = (table: string) => KEYS.get(table)?.batch ?? DEFAULT_BATCH;

export async function openSnapshot(config: AppConfig, tenantNames: readonly string[]): Promise<Snapshot> {
  return config.databaseUrl
    ? openPostgresSnapshot(config.databaseUrl, config.defaultTenant, tenantNames)
    : openSqliteSnapshot(config, tenantNames);
}

/** Each tenant's file has a read transaction of its own, all begun (by a first read) before any table is read. */
async function openSqliteSnapshot(config: AppConfig, tenantNames: readonly string[]): Promise<Snapshot> {
  const handles = new Map<string, { reader: TableReader; tables: string[] }>();
  const tenants: Array<{ name: string; lastMigration: string }> = [];
  const close = async () => {
    for (const { reader } of handles.values()) await reader.close();
  };
  try {
    for (const name of tenantNames) {
      const file = path.join(config.dataDir, tenantSqliteFile(name, config.defaultTenant));
      let reader: TableReader;
      try {
        reader = openSqliteReader(file);
      } catch {
        throw new SnapshotError(
          `There is no database for tenant ${name} at ${file}: start Folio once to make it, or check DATA_DIR.`,
        );
      }
      handles.set(name, { reader, tables: [] });
      const present = await reader.tables();
      const lastMigration = present.includes('kysely_migration') ? await reader.lastMigration() : undefined;
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
    count: (tenant, table) => handle(tenant).reader.count(table),
    read: (tenant, table) => handle(tenant).reader.read(table, keyOf(table), batchOf(table)),
    close,
  };
}

/** One transaction covers every tenant's schema: one snapshot of the whole database. */
async function openPostgresSnapshot(
  databaseUrl: string,
  defaultTenant: string,
  tenantNames: readonly string[],
): Promise<Snapshot> {
  const reader = await openPostgresReader(databaseUrl, 'folio-backup');
  const schemas = new Map(tenantNames.map((name) => [name, tenantSchema(name, defaultTenant)]));
  const tables = new Map<string, string[]>();
  const tenants: Array<{ name: string; lastMigration: string }> = [];
  try {
    for (const [name, schema] of schemas) {
      const present = await reader.tables(schema);
      if (!present.includes('kysely_migration'))
        throw new SnapshotError(
          `The schema ${schema} of tenant ${name} holds no Folio database: start Folio once to make it, or check DATABASE_URL.`,
        );
      const lastMigration = await reader.lastMigration(schema);
      if (!lastMigration)
        throw new SnapshotError(
          `The schema ${schema} of tenant ${name} holds no Folio database (it has no migrations).`,
        );
      tables.set(name, folioTables(present, `schema ${schema} of tenant ${name}`));
      tenants.push({ name, lastMigration });
    }
  } catch (error) {
    await reader.close().catch(() => {});
    throw error;
  }
  return {
    source: 'postgres',
    tenants,
    tables: (tenant) => tables.get(tenant) ?? [],
    count: (tenant, table) => reader.count(table, schemas.get(tenant)!),
    read: (tenant, table) => reader.read(table, keyOf(table), batchOf(table), schemas.get(tenant)!),
    close: () => reader.close(),
  };
}
