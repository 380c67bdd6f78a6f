import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { audit } from '../audit/audit';
import type { AppConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../db/migrate';
import { tenantSchema, tenantSqliteFile } from '../tenants/tenant-names';
import { BACKUP_TABLES, type Manifest, type TableStart } from './backup-format';
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

const FOLIO_TABLES = [...BACKUP_TABLES.map((table) => table.name), 'kysely_migration', 'kysely_migration_lock'];
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per insert: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters; about 4 MB of text. */
const batchSize = (start: TableStart) => ({ maxRows: Math.max(1, Math.min(1000, Math.floor(30_000 / start.columns.length))), maxBytes: 4 * 1024 * 1024 });

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
 * `./folio restore <file>` (DESIGN §22). The file is read and checked whole first (a damaged, truncated or
 * foreign file is refused before anything is written); no server may run on the database meanwhile. Each
 * tenant of the backup is restored into a staging database beside its own (a file on SQLite, a schema on
 * PostgreSQL) made by migrating to the backup's migration, filled, checked, migrated to this Folio's newest,
 * and only when every tenant got that far swapped into place. Any failure before the swap leaves every
 * database as it was.
 */
export async function restoreBackup(config: AppConfig, file: string, options: RestoreOptions = {}): Promise<Manifest> {
  const manifest = await verifyBackup(file, MIGRATION_NAMES);
  const unknown = manifest.tenants.filter((tenant) => !config.tenants.includes(tenant.name)).map((tenant) => tenant.name);
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
  const targets = manifest.tenants.map((tenant) => (config.databaseUrl ? postgresTarget(config.databaseUrl, tenant.name, config.defaultTenant) : sqliteTarget(config.dataDir, tenant.name, config.defaultTenant)));
  try {
    for (const target of targets) {
      if (!options.replace && (await target.holdsData())) {
        throw new BackupRefused(`The database of ${target.where} is not empty. Restore into an empty database, or add --replace to replace what it holds (the server must be stopped). Nothing was restored.`);
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
            await insertRows(trx, current!, event.rows);
            rowsDone += event.rows.length;
            await options.onProgress?.({ tenant: name, table: current!.table, rowsDone, totalRows });
          }
        });
        try {
          await migrateToLatest(db as unknown as Kysely<unknown>, config.databaseUrl ? 'postgres' : 'sqlite', config.databaseUrl ? stagingSchema(name) : undefined);
          await audit(db, { name }, {
            action: 'backup.restore',
            targetType: 'backup',
            targetId: path.basename(file),
            summary: `Restored the backup ${path.basename(file)} of ${manifest.createdAt}`,
            details: { createdAt: manifest.createdAt, folioVersion: manifest.folioVersion, source: manifest.source, lastMigration, rows: manifest.tables.filter((t) => t.tenant === name).reduce((sum, t) => sum + t.rows, 0) },
          }, options.now);
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

async function insertRows(db: Db, table: TableStart, rows: unknown[][]): Promise<void> {
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  await sql`insert into ${sql.table(table.table)} (${columns}) values ${sql.join(rows.map((row) => sql`(${sql.join(row)})`))}`.execute(db);
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
    holdsData: async () => {
      if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false;
      const db = new SQLite(file, { readonly: true });
      try {
        const names = db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
        return folioTablesIn(names).length > 0;
      } finally {
        db.close();
      }
    },
    stage: async (lastMigration, fill) => {
      removeFiles(staging);
      const { db } = openDatabase({ databaseUrl: undefined, dataDir, sqliteFile: stagingName });
      try {
        await migrateTo(db as unknown as Kysely<unknown>, 'sqlite', lastMigration);
        // References are checked once every row is in (a menu item may point at one stored after it).
        await sql`pragma foreign_keys = off`.execute(db);
        await db.transaction().execute(async (trx) => {
          const names = (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(trx)).rows.map((row) => row.name);
          // What migrations seeded goes: the backup's rows are the whole truth.
          for (const table of BACKUP_TABLES) if (names.includes(table.name)) await sql`delete from ${sql.table(table.name)}`.execute(trx);
          await fill(trx);
          const broken = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
          const first = broken.rows[0];
          if (first) throw new Error(`The backup's rows of tenant ${tenant} break a reference: a row of ${first.table} points at a missing row of ${first.parent}.`);
        });
        await sql`pragma foreign_keys = on`.execute(db);
        return db;
      } catch (error) {
        await db.destroy().catch(() => {});
        throw error;
      }
    },
    swapIn: async () => {
      // The staging file leaves no write-ahead log behind; the live one's log is folded in before it goes, so
      // no log of the old database is ever read with the new one.
      const restored = new SQLite(staging);
      restored.pragma('journal_mode = DELETE');
      restored.close();
      if (fs.existsSync(file)) {
        const old = new SQLite(file);
        old.pragma('journal_mode = DELETE');
        old.close();
      }
      fs.renameSync(staging, file);
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    },
    discard: async () => removeFiles(staging),
  };
}

const stagingSchema = (tenant: string) => `folio_restore_${tenant}`;

function postgresTarget(databaseUrl: string, tenant: string, defaultTenant: string): RestoreTarget {
  const schema = tenantSchema(tenant, defaultTenant);
  const staging = stagingSchema(tenant);
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'folio-restore' });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const tablesOf = async (client: pg.Client, name: string) =>
    (await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'", [name])).rows.map((row) => row.table_name);
  return {
    tenant,
    where: `tenant ${tenant} (schema ${schema})`,
    holdsData: () => withClient(async (client) => folioTablesIn(await tablesOf(client, schema)).length > 0),
    stage: async (lastMigration, fill) => {
      await withClient(async (client) => {
        await client.query(`drop schema if exists ${quote(staging)} cascade`);
        await client.query(`create schema ${quote(staging)}`);
      });
      const { db } = openDatabase({ databaseUrl, dataDir: '', sqliteFile: '', schema: staging });
      try {
        await migrateTo(db as unknown as Kysely<unknown>, 'postgres', lastMigration, staging);
        await db.transaction().execute(async (trx) => {
          // References are set aside while the rows go in and put back after: putting them back checks every row.
          const references = (
            await sql<{ name: string; table: string; definition: string }>`
              select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
              from pg_constraint c join pg_class t on t.oid = c.conrelid
              where c.contype = 'f' and c.connamespace = ${staging}::regnamespace`.execute(trx)
          ).rows;
          for (const reference of references) await sql`alter table ${sql.table(reference.table)} drop constraint ${sql.ref(reference.name)}`.execute(trx);
          const names = (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${staging} and table_type = 'BASE TABLE'`.execute(trx)).rows.map((row) => row.table_name);
          const tables = BACKUP_TABLES.map((table) => table.name).filter((name) => names.includes(name));
          // What migrations seeded goes: the backup's rows are the whole truth.
          await sql`truncate ${sql.join(tables.map((name) => sql.table(name)))}`.execute(trx);
          await fill(trx);
          // Rows came with their ids: each identity column goes on after the largest.
          const identities = (
            await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns where table_schema = ${staging} and is_identity = 'YES'`.execute(trx)
          ).rows;
          for (const { table_name: table, column_name: column } of identities) {
            await sql`select setval(pg_get_serial_sequence(${`${quote(staging)}.${quote(table)}`}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
          }
          for (const reference of references) {
            try {
              await sql`alter table ${sql.table(reference.table)} add constraint ${sql.ref(reference.name)} ${sql.raw(reference.definition)}`.execute(trx);
            } catch {
              throw new Error(`The backup's rows of tenant ${tenant} break a reference: a row of ${reference.table} points at a missing row (${reference.definition}).`);
            }
          }
        });
        return db;
      } catch (error) {
        await db.destroy().catch(() => {});
        throw error;
      }
    },
    swapIn: () =>
      withClient(async (client) => {
        await client.query('begin');
        try {
          if (schema !== 'public') await client.query(`create schema if not exists ${quote(schema)}`);
          for (const table of folioTablesIn(await tablesOf(client, schema))) await client.query(`drop table if exists ${quote(schema)}.${quote(table)} cascade`);
          // Indexes, constraints and identity sequences move with their tables.
          for (const table of await tablesOf(client, staging)) await client.query(`alter table ${quote(staging)}.${quote(table)} set schema ${quote(schema)}`);
          await client.query(`drop schema ${quote(staging)}`);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      }),
    discard: () => withClient(async (client) => void (await client.query(`drop schema if exists ${quote(staging)} cascade`))),
  };
}
