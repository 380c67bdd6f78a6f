import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import type { Db } from './database';

// The library's types declare its store base class, but its index does not export it: taken from its own file.
const RateLimiterStoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract',
) as typeof StoreAbstract;

interface Count {
  points: number;
  expire: number | null;
}

/**
 * A rate-limiter-flexible limiter whose counts live in the tenant's database (table `rate_limits`, docs/design.md §18),
 * so that every instance on one database counts the same failures and requests. It fills the library's store
 * extension point (`_upsert`, `_get`, `_delete`) with Kysely queries, one atomic upsert that SQLite and
 * PostgreSQL both run. The library's own SQLite store would write through the raw better-sqlite3 handle, past
 * Kysely's one connection: inside whatever transaction is open on it, or, on a second connection, blocking the
 * event loop while a save holds the write lock.
 */
export class DatabaseRateLimiter extends RateLimiterStoreAbstract {
  private readonly db: Db;

  constructor(db: Db, options: { keyPrefix: string; points: number; duration: number }) {
    super({ ...options, storeClient: db });
    this.db = db;
  }

  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Count> {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    // A count whose window has passed starts again from these points.
    const { rows } = await (
      forceExpire
        ? sql<Count>`insert into rate_limits (key, points, expire) values (${rlKey}, ${points}, ${expire})
          on conflict (key) do update set points = excluded.points, expire = excluded.expire
          returning points, expire`
        : sql<Count>`insert into rate_limits (key, points, expire) values (${rlKey}, ${points}, ${expire})
          on conflict (key) do update set
            points = case when rate_limits.expire is null or rate_limits.expire > ${now} then rate_limits.points + excluded.points else excluded.points end,
            expire = case when rate_limits.expire is null or rate_limits.expire > ${now} then rate_limits.expire else excluded.expire end
          returning points, expire`
    ).execute(this.db);
    return count(rows[0]!);
  }

  async _get(rlKey: string): Promise<Count | null> {
    const { rows } =
      await sql<Count>`select points, expire from rate_limits where key = ${rlKey} and (expire is null or expire > ${Date.now()})`.execute(
        this.db,
      );
    return rows[0] ? count(rows[0]) : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const result = await sql`delete from rate_limits where key = ${rlKey}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: Count): RateLimiterRes {
    const isFirstInDuration = changedPoints === result.points;
    const consumedPoints = isFirstInDuration ? changedPoints : result.points;
    const msBeforeNext = result.expire ? Math.max(result.expire - Date.now(), 0) : -1;
    return new RateLimiterRes(
      Math.max(this.points - consumedPoints, 0),
      msBeforeNext,
      consumedPoints,
      isFirstInDuration,
    );
  }
}

/** PostgreSQL's bigint arrives as a number (database.ts), SQLite's integer too; a string is read all the same. */
const count = (row: Count): Count => ({
  points: Number(row.points),
  expire: row.expire === null ? null : Number(row.expire),
});

/** What @fastify/rate-limit asks of a store (its `FastifyRateLimitStore`), with the tenant's database chosen per key. */
interface RateLimitStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  read(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void;
  child(): RateLimitStore;
}

/** Separates the tenant's name from the rest of a route limit's key (names are `[a-z][a-z0-9_]*`, config.ts). */
const TENANT_KEY_SEPARATOR = '|';

/** The key of a route limit: the tenant first, so the store counts in that tenant's database. */
export const routeLimitKey = (tenantName: string, address: string) => `${tenantName}${TENANT_KEY_SEPARATOR}${address}`;

/**
 * A store for @fastify/rate-limit (the contact form's and the setup form's limits) that counts in the tenant's
 * `rate_limits` table, so a limit holds across every instance on the database (docs/design.md §18). Keys come from
 * `routeLimitKey` (the tenant's name, the address, and the route's groupId that the plugin appends); the tenant
 * is looked up by name in the configured list only.
 */
export function databaseRateLimitStore(databaseOf: (tenantName: string) => Db | undefined): new () => RateLimitStore {
  const limiters = new Map<string, DatabaseRateLimiter>();
  const limiterFor = (key: string): { limiter: DatabaseRateLimiter; rest: string } => {
    const at = key.indexOf(TENANT_KEY_SEPARATOR);
    const name = at > 0 ? key.slice(0, at) : '';
    const db = databaseOf(name);
    if (!db) throw new Error(`rate limit key without a configured tenant: ${key.slice(0, 40)}`);
    let limiter = limiters.get(name);
    if (!limiter) {
      // points and duration are the route's, given with each call; these are the class's required defaults.
      limiter = new DatabaseRateLimiter(db, { keyPrefix: 'route', points: 1, duration: 0 });
      limiters.set(name, limiter);
    }
    return { limiter, rest: key.slice(at + 1) };
  };
  return class Store implements RateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const run = async () => {
        const { limiter, rest } = limiterFor(key);
        const counted = await limiter._upsert(`route:${rest}`, 1, timeWindow);
        return {
          current: counted.points,
          ttl: counted.expire === null ? timeWindow : Math.max(counted.expire - Date.now(), 0),
        };
      };
      run().then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const run = async () => {
        const { limiter, rest } = limiterFor(key);
        const counted = await limiter._get(`route:${rest}`);
        return counted
          ? { current: counted.points, ttl: counted.expire === null ? 0 : Math.max(counted.expire - Date.now(), 0) }
          : { current: 0, ttl: 0 };
      };
      run().then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** Every route shares the one store: the plugin's key already carries the route's groupId. */
    child(): RateLimitStore {
      return this;
    }
  };
}

/** How often the counts whose window has passed are deleted (a job on the runner). */
export const PRUNE_RATE_LIMITS_EVERY_MS = 10 * 60_000;

/** Deletes the counts whose window has passed: they count for nothing, and the table stays small. */
export async function pruneExpiredRateLimits(db: Db, now: Date): Promise<number> {
  const result = await sql`delete from rate_limits where expire is not null and expire <= ${now.getTime()}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
