import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { audit } from '../audit/audit';
import type { AppConfig } from '../config';
import { openDatabase, type Db, type Dialect } from '../db/database';
import { BrokenReference, insertRows, postgresTables, replaceRows } from '../db/dialect';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../db/migrate';
import {
  dropSchema,
  emptySchema,
  moveSchemaTables,
  sqliteFileTables,
  withoutWriteAheadLog,
  withPostgresClient,
} from '../db/whole-database';
import { tenantSchema, tenantSqliteFile } from '../tenants/tenant-names';
import { BACKUP_TABLES, TRANSIENT_TABLES, type Manifest, type TableStart } from './backup-format';
import { BackupRefused, tenantRows, verifyBackup, type BackupEvent } from './backup-reader';
import { MarkTaken, takeRestoreMark } from './run-mark';

export interface RestoreProgress {
  tenant: string;
  table: string;
  rowsDone: number;
  totalRows: number;
}

export interface RestoreOptions {
  /** Replace a database that holds data (refused without it). */
  replace?: boolean;
  /** Called after each batch of rows, and awaited before the next. */
  onProgress?: (progress: RestoreProgress) => void | Promise<void>;
  now?: Date;
}

const FOLIO_TABLES = [
  ...BACKUP_TABLES.map((table) => table.name),
  ...TRANSIENT_TABLES,
  'kysely_migration',
  'kysely_migration_lock',
];

/** Rows per insert: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters; about 4 MB of text. */
const batchSize = (start: TableStart) => ({
  maxRows: Math.max(1, Math.min(1000, Math.floor(30_000 / start.columns.length))),
  maxBytes: 4 * 1024 * 1024,
});

/** Where one tenant's database is restored: first beside the live one (staging), then swapped in whole. */
interface RestoreTarget {
  readonly tenant: string;
  /** For sentences: the tenant and where its database is. */
  readonly where: string;
  holdsData(): Promise<boolean>;
  /** Makes the staging database at `lastMigration`, empty; runs `fill` on it with foreign keys unchecked until the end. */
  stage(lastMigration: string, fill: (db: Db) => Promise<void>): Promise<Db>;
  /** Puts the staging database in the live one's place (the live one's data, with --replace, goes). */
  swapIn(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * `./folio restore <file>` (docs/design.md §22). The file is read and checked whole first (a damaged, truncated or
 * foreign file is refused before anything is written); no server may run on the database meanwhile. Each
 * tenant of the backup is restored into a staging database beside its own (a file on SQLite, a schema on
 * PostgreSQL) made by migrating to the backup's migration, filled, checked, migrated to this Folio's newest,
 * and only when every tenant got that far swapped into place. Any failure before the swap leaves every
 * database as it was.
 */
export async function restoreBackup(config: AppConfig, file: string, options: RestoreOptions = {}): Promise<Manifest> {
  const manifest = await verifyBackup(file, MIGRATION_NAMES);
  const unknown = manifest.tenants
    .filter((tenant) => !config.tenants.includes(tenant.name))
    .map((tenant) => tenant.name);
  if (unknown.length > 0) {
    throw new BackupRefused(
      `The backup holds tenant${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, which TENANTS (${config.tenants.join(', ')}) does not list. Add ${unknown.length > 1 ? 'them' : 'it'} to TENANTS, then restore again. Nothing was restored.`,
    );
  }
  let mark;
  try {
    mark = await takeRestoreMark(config);
  } catch (error) {
    if (error instanceof MarkTaken) throw new BackupRefused(`${error.message} Nothing was restored.`);
    throw error;
  }
  const targets = manifest.tenants.map((tenant) =>
    config.databaseUrl
      ? postgresTarget(config.databaseUrl, tenant.name, config.defaultTenant)
      : sqliteTarget(config.dataDir, tenant.name, config.defaultTenant),
  );
  try {
    for (const target of targets) {
      if (!options.replace && (await target.holdsData())) {
        throw new BackupRefused(
          `The database of ${target.where} is not empty. Restore into an empty database, or add --replace to replace what it holds (the server must be stopped). Nothing was restored.`,
        );
      }
    }
    const totalRows = manifest.rows;
    let rowsDone = 0;
    try {
      for (const [index, target] of targets.entries()) {
        const { name, lastMigration } = manifest.tenants[index]!;
        const db = await target.stage(lastMigration, async (trx) => {
          let current: TableStart | undefined;
          for await (const event of tenantRows(file, name, batchSize) as AsyncGenerator<BackupEvent>) {
            if (event.kind === 'table') {
              current = event.start;
              continue;
            }
            await insertRows(trx, current!.table, current!.columns, event.rows);
            rowsDone += event.rows.length;
            await options.onProgress?.({ tenant: name, table: current!.table, rowsDone, totalRows });
          }
        });
        try {
          await migrateToLatest(
            db as unknown as Kysely<unknown>,
            config.databaseUrl ? 'postgres' : 'sqlite',
            config.databaseUrl ? stagingSchema(name) : undefined,
          );
          await audit(
            db,
            { name },
            {
              action: 'backup.restore',
              targetType: 'backup',
              targetId: path.basename(file),
              summary: `Restored the backup ${path.basename(file)} of ${manifest.createdAt}`,
              details: {
                createdAt: manifest.createdAt,
                folioVersion: manifest.folioVersion,
                source: manifest.source,
                lastMigration,
                rows: manifest.tables.filter((t) => t.tenant === name).reduce((sum, t) => sum + t.rows, 0),
              },
            },
            options.now,
          );
        } finally {
          await db.destroy();
        }
      }
    } catch (error) {
      for (const target of targets) await target.discard().catch(() => {});
      throw error;
    }
    for (const target of targets) await target.swapIn();
  } finally {
    await mark.release();
  }
  return manifest;
}

/** The tables of FOLIO_TABLES present in a list of names. */
const folioTablesIn = (names: readonly string[]) => names.filter((name) => FOLIO_TABLES.includes(name));

function sqliteTarget(dataDir: string, tenant: string, defaultTenant: string): RestoreTarget {
  const file = path.join(dataDir, tenantSqliteFile(tenant, defaultTenant));
  const stagingName = `${path.basename(file)}.restoring`;
  const staging = path.join(dataDir, stagingName);
  const removeFiles = (base: string) => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${base}${suffix}`, { force: true });
  };
  return {
    tenant,
    where: `tenant ${tenant} (${file})`,
    holdsData: async () =>
      fs.existsSync(file) && fs.statSync(file).size > 0 && folioTablesIn(sqliteFileTables(file)).length > 0,
    stage: async (lastMigration, fill) => {
      removeFiles(staging);
      const { db } = openDatabase({ databaseUrl: undefined, dataDir, sqliteFile: stagingName });
      return fillStaging(
        db,
        'sqlite',
        tenant,
        () => migrateTo(db as unknown as Kysely<unknown>, 'sqlite', lastMigration),
        fill,
      );
    },
    swapIn: async () => {
      // The staging file leaves no write-ahead log behind; the live one's log is folded in before it goes, so
      // no log of the old database is ever read with the new one.
      withoutWriteAheadLog(staging);
      if (fs.existsSync(file)) withoutWriteAheadLog(file);
      fs.renameSync(staging, file);
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    },
    discard: async () => removeFiles(staging),
  };
}

/**
 * Makes the staging database at the backup's migration (`migrate`) and fills it: what migrations seeded goes (the
 * backup's rows are the whole truth), references are checked once every row is in (a menu item may point at one
 * stored after it). On failure the staging database is closed and the error passed on.
 */
async function fillStaging(
  db: Db,
  dialect: Dialect,
  tenant: string,
  migrate: () => Promise<void>,
  fill: (db: Db) => Promise<void>,
  schema?: string,
): Promise<Db> {
  try {
    await migrate();
    await replaceRows(
      db,
      dialect,
      BACKUP_TABLES.map((table) => table.name),
      fill,
      schema,
    );
    return db;
  } catch (error) {
    await db.destroy().catch(() => {});
    if (error instanceof BrokenReference)
      throw new Error(`The backup's rows of tenant ${tenant} break a reference: ${error.message}`, { cause: error });
    throw error;
  }
}

const stagingSchema = (tenant: string) => `folio_restore_${tenant}`;

function postgresTarget(databaseUrl: string, tenant: string, defaultTenant: string): RestoreTarget {
  const schema = tenantSchema(tenant, defaultTenant);
  const staging = stagingSchema(tenant);
  const withClient = <T>(work: (client: pg.Client) => Promise<T>) =>
    withPostgresClient(databaseUrl, 'folio-restore', work);
  return {
    tenant,
    where: `tenant ${tenant} (schema ${schema})`,
    holdsData: () => withClient(async (client) => folioTablesIn(await postgresTables(client, schema)).length > 0),
    stage: async (lastMigration, fill) => {
      await withClient((client) => emptySchema(client, staging));
      const { db } = openDatabase({ databaseUrl, dataDir: '', sqliteFile: '', schema: staging });
      return fillStaging(
        db,
        'postgres',
        tenant,
        () => migrateTo(db as unknown as Kysely<unknown>, 'postgres', lastMigration, staging),
        fill,
        staging,
      );
    },
    swapIn: () => withClient((client) => moveSchemaTables(client, staging, schema, FOLIO_TABLES)),
    discard: () => withClient((client) => dropSchema(client, staging)),
  };
}
