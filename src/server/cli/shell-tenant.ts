import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase, whileStartingAlone } from '../db/database';
import { postgresTables } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { TenantCache } from '../tenants/tenant-cache';
import { tenantSchema, tenantSqliteFile } from '../tenants/tenant-names';
import type { Tenant } from '../tenants/tenants';
import { ShellRefused } from './shell-io';

/**
 * A tenant's database for a shell command (docs/design.md §22): the server's own database, brought to this Folio's
 * migrations as a start would, never made from nothing (a command on a database that was never started is
 * refused: there is nobody to reset yet). Its caches are its own; the commands change nothing a server caches.
 */
export async function openShellTenant(config: AppConfig, name: string): Promise<Tenant> {
  if (!config.tenants.includes(name))
    throw new ShellRefused(`There is no tenant ${name}: TENANTS lists ${config.tenants.join(', ')}.`);
  const schema = tenantSchema(name, config.defaultTenant);
  const sqliteFile = tenantSqliteFile(name, config.defaultTenant);
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect().catch((error: Error) => {
      throw new ShellRefused(`Cannot reach the database of DATABASE_URL: ${error.message}.`);
    });
    try {
      if (!(await postgresTables(client, schema)).includes('users'))
        throw new ShellRefused(
          `The database holds no Folio site for tenant ${name} (schema ${schema}): start Folio once (./folio start) to make it.`,
        );
    } finally {
      await client.end();
    }
  } else if (!fs.existsSync(path.join(config.dataDir, sqliteFile))) {
    throw new ShellRefused(
      `There is no database for tenant ${name} at ${path.join(config.dataDir, sqliteFile)}: start Folio once (./folio start) to make it, or check DATA_DIR.`,
    );
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteFile, schema });
  try {
    await whileStartingAlone(config.databaseUrl, () =>
      migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect, schema),
    );
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
  return { name, db: handle.db, dialect: handle.dialect, cache: new TenantCache() };
}
