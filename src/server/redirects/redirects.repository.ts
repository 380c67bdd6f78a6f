import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The SQL of redirects and of the 404 log (DESIGN §27). Times are ISO 8601 UTC text. */

const REDIRECT_COLUMNS = ['id', 'from_path', 'to_target', 'status', 'hits', 'last_hit'] as const;

export interface RedirectRow {
  id: number;
  from_path: string;
  to_target: string;
  status: number;
  hits: number;
  last_hit: string | null;
}

/** Every redirect, by address. */
export async function listRedirectRows(db: Db): Promise<RedirectRow[]> {
  return db.selectFrom('redirects').select(REDIRECT_COLUMNS).orderBy('from_path').execute();
}

export async function findRedirectRow(db: Db, id: number): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').select(REDIRECT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The redirect from an address, as spelled. */
export async function findRedirectFrom(db: Db, from: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').select(REDIRECT_COLUMNS).where('from_path', '=', from).executeTakeFirst();
}

/** The redirects whose target is `path`, or `path` with a query. */
export async function listRedirectsTo(db: Db, path: string): Promise<RedirectRow[]> {
  return db
    .selectFrom('redirects')
    .select(REDIRECT_COLUMNS)
    .where((eb) => eb.or([eb('to_target', '=', path), eb(sql<string>`substr(to_target, 1, ${path.length + 1})`, '=', `${path}?`)]))
    .execute();
}

export async function insertRedirect(db: Db, row: { from_path: string; to_target: string; status: number; created_by: number | null; at: string }): Promise<number> {
  const { at, ...values } = row;
  const inserted = await db
    .insertInto('redirects')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateRedirect(db: Db, id: number, values: { from_path?: string; to_target?: string; status?: number; at: string }): Promise<void> {
  const { at, ...changed } = values;
  await db
    .updateTable('redirects')
    .set({ ...changed, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Deletes a redirect; false when there was none. */
export async function deleteRedirectRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Adds hits counted in memory to a redirect (none when it was deleted meanwhile). */
export async function addRedirectHits(db: Db, id: number, hits: number, lastHit: string): Promise<void> {
  await db
    .updateTable('redirects')
    .set((eb) => ({
      hits: eb('hits', '+', hits),
      last_hit: sql<string>`case when last_hit is null or last_hit < ${lastHit} then ${lastHit} else last_hit end`,
    }))
    .where('id', '=', id)
    .execute();
}

export interface NotFoundRow {
  path: string;
  hits: number;
  last_seen: string;
  referrer: string | null;
}

/** Adds 404s counted in memory to the log: a new path, or more hits (and the latest referrer) for a known one. */
export async function addNotFoundHits(db: Db, row: NotFoundRow): Promise<void> {
  await db
    .insertInto('not_found')
    .values(row)
    .onConflict((oc) =>
      oc.column('path').doUpdateSet((eb) => ({
        hits: eb('not_found.hits', '+', eb.ref('excluded.hits')),
        last_seen: sql<string>`case when not_found.last_seen < excluded.last_seen then excluded.last_seen else not_found.last_seen end`,
        referrer: sql<string | null>`coalesce(excluded.referrer, not_found.referrer)`,
      })),
    )
    .execute();
}

/** Keeps the `size` paths asked for most (the fewest hits, and of those the oldest, go); how many went. */
export async function trimNotFound(db: Db, size: number): Promise<number> {
  const counted = await db.selectFrom('not_found').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const over = Number(counted.n) - size;
  if (over <= 0) return 0;
  const going = db.selectFrom('not_found').select('path').orderBy('hits').orderBy('last_seen').orderBy('path').limit(over);
  const result = await db.deleteFrom('not_found').where('path', 'in', going).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The 404 log, most asked for first. */
export async function listNotFoundRows(db: Db, limit: number): Promise<NotFoundRow[]> {
  return db.selectFrom('not_found').select(['path', 'hits', 'last_seen', 'referrer']).orderBy('hits', 'desc').orderBy('last_seen', 'desc').orderBy('path').limit(limit).execute();
}

/** A path leaves the 404 log (a redirect now answers it). */
export async function deleteNotFound(db: Db, path: string): Promise<void> {
  await db.deleteFrom('not_found').where('path', '=', path).execute();
}
