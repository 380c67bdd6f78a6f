import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The whole site's rows in visit_days and visit_sources: routing (and locale) ''. */
export const SITE = '';

export interface DayRow {
  routing: string;
  locale: string;
  day: string;
  views: number;
  visitors: number;
}
export interface SourceRow {
  routing: string;
  day: string;
  kind: 'referrer' | 'campaign' | 'device';
  name: string;
  views: number;
}

/** Rows a statement writes at most (parameters stay far below SQLite's and PostgreSQL's limits). */
const BATCH = 500;
const batches = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, i) => rows.slice(i * BATCH, (i + 1) * BATCH));

/** The day's salt, made by whichever instance asks first (the others read that one). */
export async function daySalt(db: Db, day: string, made: string): Promise<string> {
  await db
    .insertInto('visit_salts')
    .values({ day, salt: made })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('visit_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Inserts the hashes not there yet; answers how many were new per scope (each a visitor counted for the first time). */
export async function addHashes(
  db: Db,
  rows: ReadonlyArray<{ day: string; scope: string; hash: string }>,
): Promise<Map<string, number>> {
  const added = new Map<string, number>();
  for (const batch of batches(rows)) {
    const inserted = await db
      .insertInto('visit_hashes')
      .values(batch)
      .onConflict((oc) => oc.columns(['day', 'scope', 'hash']).doNothing())
      .returning('scope')
      .execute();
    for (const { scope } of inserted) added.set(scope, (added.get(scope) ?? 0) + 1);
  }
  return added;
}

/** Adds views and visitors to the days' rows (made when missing). */
export async function addDays(db: Db, rows: readonly DayRow[]): Promise<void> {
  for (const batch of batches(rows))
    await db
      .insertInto('visit_days')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['routing', 'locale', 'day']).doUpdateSet((eb) => ({
          views: eb('visit_days.views', '+', eb.ref('excluded.views')),
          visitors: eb('visit_days.visitors', '+', eb.ref('excluded.visitors')),
        })),
      )
      .execute();
}

/** Adds views to the days' sources (made when missing). */
export async function addSources(db: Db, rows: readonly SourceRow[]): Promise<void> {
  for (const batch of batches(rows))
    await db
      .insertInto('visit_sources')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['routing', 'day', 'kind', 'name']).doUpdateSet((eb) => ({
          views: eb('visit_sources.views', '+', eb.ref('excluded.views')),
        })),
      )
      .execute();
}

/** Deletes the hashes and salts of the days before `today`: nothing that could tell a visitor outlives its day. */
export async function deleteEndedDays(db: Db, today: string): Promise<number> {
  const hashes = await db.deleteFrom('visit_hashes').where('day', '<', today).executeTakeFirst();
  await db.deleteFrom('visit_salts').where('day', '<', today).execute();
  return Number(hashes.numDeletedRows);
}

/** Deletes the figures of the days before `first` (kept 25 months). */
export async function deleteFiguresBefore(db: Db, first: string): Promise<number> {
  const days = await db.deleteFrom('visit_days').where('day', '<', first).executeTakeFirst();
  await db.deleteFrom('visit_sources').where('day', '<', first).execute();
  return Number(days.numDeletedRows);
}

/** Where the figures of a range are read: the site, a page in every language, or a page in one. */
export interface VisitsScope {
  from: string;
  to: string;
  routing: string;
  locale: string | undefined;
}

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** Views and visitors per day of the range (days without a row are missing). */
export async function readDays(db: Db, scope: VisitsScope) {
  let query = db
    .selectFrom('visit_days')
    .select(['day', sql<number>`sum(views)`.as('views'), sql<number>`sum(visitors)`.as('visitors')])
    .where('routing', '=', scope.routing)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
  if (scope.routing === SITE) query = query.where('locale', '=', SITE);
  else if (scope.locale !== undefined) query = query.where('locale', '=', scope.locale);
  const rows = await query.groupBy('day').orderBy('day').execute();
  return rows.map((row) => ({ date: row.day, views: num(row.views), visitors: num(row.visitors) }));
}

/** The pages by views over the range (each language a row), most first. */
export async function readPages(db: Db, scope: VisitsScope, top: number) {
  let query = db
    .selectFrom('visit_days')
    .select(['routing', 'locale', sql<number>`sum(views)`.as('views'), sql<number>`sum(visitors)`.as('visitors')])
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
  query = scope.routing === SITE ? query.where('routing', '<>', SITE) : query.where('routing', '=', scope.routing);
  if (scope.locale !== undefined) query = query.where('locale', '=', scope.locale);
  const rows = await query
    .groupBy(['routing', 'locale'])
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('routing')
    .orderBy('locale')
    .limit(top)
    .execute();
  return rows.map((row) => ({
    routing: row.routing,
    locale: row.locale,
    views: num(row.views),
    visitors: num(row.visitors),
  }));
}

/** Views by language over the range, most first. */
export async function readLocales(db: Db, scope: VisitsScope) {
  let query = db
    .selectFrom('visit_days')
    .select(['locale', sql<number>`sum(views)`.as('views')])
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
  query = scope.routing === SITE ? query.where('routing', '<>', SITE) : query.where('routing', '=', scope.routing);
  if (scope.locale !== undefined) query = query.where('locale', '=', scope.locale);
  const rows = await query
    .groupBy('locale')
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('locale')
    .execute();
  return rows.map((row) => ({ code: row.locale, views: num(row.views) }));
}

/** Views by source of one kind over the range (the site's or a page's, in every language), most first. */
export async function readSources(db: Db, scope: VisitsScope, kind: SourceRow['kind'], top: number) {
  const rows = await db
    .selectFrom('visit_sources')
    .select(['name', sql<number>`sum(views)`.as('views')])
    .where('routing', '=', scope.routing)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to)
    .where('kind', '=', kind)
    .groupBy('name')
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('name')
    .limit(top)
    .execute();
  return rows.map((row) => ({ name: row.name, views: num(row.views) }));
}

/** Every day row of the range, the site's first, then the pages' (for the CSV). */
export async function readAllDays(db: Db, from: string, to: string): Promise<DayRow[]> {
  const rows = await db
    .selectFrom('visit_days')
    .selectAll()
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('routing')
    .orderBy('locale')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ ...row, views: num(row.views), visitors: num(row.visitors) }));
}
