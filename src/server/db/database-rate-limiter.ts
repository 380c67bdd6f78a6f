import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import type { Db } from './database';

// The library's types declare its store base class, but its index does not export it: taken from its own file.
const RateLimiterStoreAbstract = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterStoreAbstract') as typeof StoreAbstract;

interface Count {
  points: number;
  expire: number | null;
}

/**
 * A rate-limiter-flexible limiter whose counts live in the tenant's database (table `rate_limits`, DESIGN §18),
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
    const { rows } = await (forceExpire
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
    const { rows } = await sql<Count>`select points, expire from rate_limits where key = ${rlKey} and (expire is null or expire > ${Date.now()})`.execute(this.db);
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
    return new RateLimiterRes(Math.max(this.points - consumedPoints, 0), msBeforeNext, consumedPoints, isFirstInDuration);
  }
}

/** PostgreSQL's bigint arrives as a number (database.ts), SQLite's integer too; a string is read all the same. */
const count = (row: Count): Count => ({ points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) });
