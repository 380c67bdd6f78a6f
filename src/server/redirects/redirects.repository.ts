import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The SQL of redirects and of the 404 log (docs/design.md §27). Times are ISO 8601 UTC text. */

const REDIRECT_COLUMNS = ['id', 'from_path', 'to_target', 'status', 'hits', 'last_hit'] as const;

export interface RedirectRow {
  id: number;
  from_path: string;
  to_target: string;
  status: number;
  hits: number;
  last_hit: string | null;
}

/** The redirect from an address, as spelled. */
export async function findRedirectFrom(db: Db, from: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').select(REDIRECT_COLUMNS).where('from_path', '=', from).executeTakeFirst();
}

/** Every redirect, by address. */
export async function listRedirectRows(db: Db): Promise<RedirectRow[]> {
  return db.selectFrom('redirects').select(REDIRECT_COLUMNS).orderBy('from_path').execute();
}

export async function findRedirectRow(db: Db, id: number): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').select(REDIRECT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Rows a statement writes at most: well within both databases' limits on bound values. */
const ROWS_A_STATEMENT = 200;

function* batches<T>(items: readonly T[]): Iterable<T[]> {
  for (let at = 0; at < items.length; at += ROWS_A_STATEMENT) yield items.slice(at, at + ROWS_A_STATEMENT);
}

export interface RedirectWrite {
  from_path: string;
  to_target: string;
  status: number;
}

/** Inserts new redirects, a few hundred a statement. */
export async function insertRedirects(
  db: Db,
  rows: readonly RedirectWrite[],
  createdBy: number | null,
  at: string,
): Promise<void> {
  for (const batch of batches(rows)) {
    await db
      .insertInto('redirects')
      .values(batch.map((row) => ({ ...row, created_by: createdBy, created_at: at, updated_at: at })))
      .execute();
  }
}

/** Changes stored redirects (address, target, status), a few hundred a statement: an insert of each by id that finds it there. */
export async function updateRedirects(
  db: Db,
  rows: ReadonlyArray<RedirectWrite & { id: number }>,
  at: string,
): Promise<void> {
  for (const batch of batches(rows)) {
    await db
      .insertInto('redirects')
      .values(batch.map((row) => ({ ...row, created_at: at, updated_at: at })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          from_path: eb.ref('excluded.from_path'),
          to_target: eb.ref('excluded.to_target'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/**
 * A CSV import's outcome, staged in a temporary table of its own (`name`: letters, digits and _), a few hundred
 * rows a statement, `between` awaited after each: on SQLite other requests are answered meanwhile (docs/design.md §34).
 * `id` null: a new redirect. Then `applyStagedRedirects` writes it in two statements, in one short transaction.
 */
export async function stageRedirects(
  db: Db,
  name: string,
  rows: ReadonlyArray<RedirectWrite & { id: number | null }>,
  between: () => Promise<void>,
  dropOnCommit: boolean,
): Promise<void> {
  const table = sql.table(name);
  await sql`create temporary table ${table} (id integer, from_path text not null, to_target text not null, status integer not null)${sql.raw(dropOnCommit ? ' on commit drop' : '')}`.execute(
    db,
  );
  for (const batch of batches(rows)) {
    await sql`insert into ${table} (id, from_path, to_target, status) values ${sql.join(batch.map((row) => sql`(${row.id}, ${row.from_path}, ${row.to_target}, ${row.status})`))}`.execute(
      db,
    );
    await between();
  }
}

export async function applyStagedRedirects(db: Db, name: string, createdBy: number | null, at: string): Promise<void> {
  const table = sql.table(name);
  await sql`update redirects set from_path = s.from_path, to_target = s.to_target, status = s.status, updated_at = ${at} from ${table} s where redirects.id = s.id`.execute(
    db,
  );
  await sql`insert into redirects (from_path, to_target, status, created_by, created_at, updated_at) select from_path, to_target, status, ${createdBy}, ${at}, ${at} from ${table} where id is null`.execute(
    db,
  );
}

export async function dropStagedRedirects(db: Db, name: string): Promise<void> {
  await sql`drop table if exists ${sql.table(name)}`.execute(db);
}

/** What tells whether the redirects changed between two reads: their count, newest id and last change. */
export async function redirectsVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('redirects')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('id').as('top'),
      eb.fn.max('updated_at').as('latest'),
    ])
    .executeTakeFirstOrThrow();
  return `${Number(row.n)} ${String(row.top)} ${String(row.latest)}`;
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
  const counted = await db
    .selectFrom('not_found')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const over = Number(counted.n) - size;
  if (over <= 0) return 0;
  const going = db
    .selectFrom('not_found')
    .select('path')
    .orderBy('hits')
    .orderBy('last_seen')
    .orderBy('path')
    .limit(over);
  const result = await db.deleteFrom('not_found').where('path', 'in', going).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The 404 log, most asked for first. */
export async function listNotFoundRows(db: Db, limit: number): Promise<NotFoundRow[]> {
  return db
    .selectFrom('not_found')
    .select(['path', 'hits', 'last_seen', 'referrer'])
    .orderBy('hits', 'desc')
    .orderBy('last_seen', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
}

/** Every path in the 404 log (at most a little over its 1,000). */
export async function listNotFoundPaths(db: Db): Promise<string[]> {
  return (await db.selectFrom('not_found').select('path').execute()).map((row) => row.path);
}

/** Paths leave the 404 log (a redirect now answers them). */
export async function deleteNotFound(db: Db, paths: readonly string[]): Promise<void> {
  for (const batch of batches(paths)) await db.deleteFrom('not_found').where('path', 'in', batch).execute();
}
