import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import { createSchemaIfMissing, openDatabase, whileStartingAlone, type Db, type Dialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { WalCheckpoints } from '../db/wal-checkpoints';
import { seedFieldRulesIfMissing } from '../db/seed/field-rules-seed';
import { seedMasterDataIfMissing } from '../db/seed/master-data-seed';
import { seedGroupMenusIfMissing, seedIfEmpty } from '../db/seed/seed';
import { ValidationError } from '../errors';
import { CacheSync } from './cache-sync';
import { TenantCache } from './tenant-cache';
import { tenantSchema, tenantSqliteFile } from './tenant-names';

export { tenantSchema, tenantSqliteFile } from './tenant-names';

/** One tenant: its own database and its own caches (docs/design.md §9). */
export interface Tenant {
  readonly name: string;
  readonly db: Db;
  readonly dialect: Dialect;
  readonly cache: TenantCache;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request belongs to; handlers take their database from here, never from a global. */
    tenant: Tenant;
  }
}

export class TenantRegistry {
  private constructor(
    private readonly tenants: ReadonlyMap<string, Tenant>,
    private readonly defaultTenant: Tenant,
    /** On PostgreSQL, what keeps every instance's caches in step (decision 013); none on SQLite. */
    readonly cacheSync: CacheSync | undefined,
    /** On SQLite, the worker that checkpoints the tenants' files off the event loop (docs/design.md §24). */
    private readonly checkpoints: WalCheckpoints | undefined,
  ) {}

  /**
   * Opens, migrates and (when empty) seeds every configured tenant's database, then runs `prepare` for each
   * (start-up's first-run work: moving old image files in, the first administrator). On PostgreSQL all of it
   * runs while no other instance starting on the database runs its own (an advisory lock).
   */
  static async open(
    config: AppConfig,
    log: FastifyInstance['log'],
    prepare: (tenant: Tenant) => Promise<void> = async () => {},
  ): Promise<TenantRegistry> {
    const tenants = new Map<string, Tenant>();
    const cacheSync = config.databaseUrl ? new CacheSync(config.databaseUrl, tenants, log) : undefined;
    const handles: Db[] = [];
    const checkpoints = config.databaseUrl ? undefined : new WalCheckpoints();
    try {
      await whileStartingAlone(config.databaseUrl, async () => {
        for (const name of config.tenants) {
          const schema = tenantSchema(name, config.defaultTenant);
          if (config.databaseUrl && schema !== 'public') await createSchemaIfMissing(config.databaseUrl, schema);
          const handle = openDatabase({
            databaseUrl: config.databaseUrl,
            dataDir: config.dataDir,
            sqliteFile: tenantSqliteFile(name, config.defaultTenant),
            schema,
          });
          handles.push(handle.db);
          await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect, schema);
          const seeded = await seedIfEmpty(handle.db, handle.dialect);
          await seedGroupMenusIfMissing(handle.db);
          await seedFieldRulesIfMissing(handle.db);
          await seedMasterDataIfMissing(handle.db);
          log.info({ tenant: name, database: handle.location, seeded }, 'database ready');
          checkpoints?.add(handle.location, handle.db);
          const cache = new TenantCache(cacheSync && ((tags) => cacheSync.publish(name, handle.db, tags)));
          const tenant = { name, db: handle.db, dialect: handle.dialect, cache };
          await prepare(tenant);
          tenants.set(name, tenant);
        }
      });
    } catch (error) {
      // A start that failed half way leaves no pool open behind it.
      for (const db of handles) await db.destroy().catch(() => {});
      await checkpoints?.stop();
      throw error;
    }
    const fallback = tenants.get(config.defaultTenant);
    if (!fallback) throw new Error(`DEFAULT_TENANT ${config.defaultTenant} is not configured`);
    await cacheSync?.start();
    return new TenantRegistry(tenants, fallback, cacheSync, checkpoints);
  }

  /** The spec's `dbName` header picks the tenant; without it the default tenant serves the request. */
  resolve(request: FastifyRequest): Tenant {
    const tenant = this.byHeaders(request.headers);
    if (!tenant) throw new ValidationError('Unknown database name.');
    return tenant;
  }

  /** The tenant a request's headers pick, or undefined for an unknown name (resolve's rule, without the error). */
  byHeaders(headers: IncomingHttpHeaders): Tenant | undefined {
    const header = headers['dbname'];
    const name = Array.isArray(header) ? header[0] : header;
    return name ? this.tenants.get(name.toLowerCase()) : this.defaultTenant;
  }

  /** A configured tenant by its name, or undefined. */
  named(name: string): Tenant | undefined {
    return this.tenants.get(name);
  }

  get default(): Tenant {
    return this.defaultTenant;
  }

  all(): Tenant[] {
    return [...this.tenants.values()];
  }

  async close(): Promise<void> {
    await this.cacheSync?.close();
    for (const tenant of this.tenants.values()) await tenant.db.destroy();
    // Last: the worker's connections close after the tenants' and fold in what the log still holds.
    await this.checkpoints?.stop();
  }
}
