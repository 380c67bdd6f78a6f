import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PageRevisionTable, ReleaseTable } from '../db/schema';

type Status = Selectable<ReleaseTable>['status'];

/** A release as stored. */
export type ReleaseRow = Selectable<ReleaseTable>;

/** A page of a release, with the page's names and its newest revision in that language now. */
export interface ReleaseItemRow {
  release_id: number;
  page_id: number;
  routing: string;
  display_name: string;
  locale: string;
  revision: number;
  previous_revision: number | null;
  newest: number | null;
}

/** The releases the screen lists: open, scheduled and failed first, then the newest changed. */
const MOST_LISTED = 200;

export async function listReleaseRows(db: Db): Promise<ReleaseRow[]> {
  return db
    .selectFrom('releases')
    .selectAll()
    .orderBy((eb) => eb.case().when('status', 'in', ['open', 'scheduled', 'failed']).then(0).else(1).end())
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MOST_LISTED)
    .execute();
}

export async function findReleaseRow(db: Db, id: number): Promise<ReleaseRow | undefined> {
  return (await db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst()) as
    ReleaseRow | undefined;
}

/** The pages of the releases `ids`, in each release's order, with the newest revision of each page in its language. */
export async function listItemRows(db: Db, ids: readonly number[]): Promise<ReleaseItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('release_items as i')
    .innerJoin('pages as p', 'p.id', 'i.page_id')
    .select((eb) => [
      'i.release_id',
      'i.page_id',
      'p.routing',
      'p.display_name',
      'i.locale',
      'i.revision',
      'i.previous_revision',
      eb
        .selectFrom('page_revisions as r')
        .select('r.revision')
        .whereRef('r.page_id', '=', 'i.page_id')
        .whereRef('r.locale', '=', 'i.locale')
        .orderBy('r.revision', 'desc')
        .limit(1)
        .as('newest'),
    ])
    .where('i.release_id', 'in', ids)
    .orderBy('i.release_id')
    .orderBy('i.position')
    .execute();
}

export async function insertRelease(db: Db, name: string, by: string, now: string): Promise<number> {
  const row = await db
    .insertInto('releases')
    .values({ name, status: 'open', created_by_name: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames an open (or failed: it is open again) release; false when it is not one of those. */
export async function renameRelease(db: Db, id: number, name: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('releases')
    .set({ name, status: 'open', publish_error: null, publish_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The release's pages, replaced by `items` in their order. */
export async function replaceItems(
  db: Db,
  id: number,
  items: ReadonlyArray<{ pageId: number; locale: string; revision: number }>,
): Promise<void> {
  await db.deleteFrom('release_items').where('release_id', '=', id).execute();
  await db
    .insertInto('release_items')
    .values(
      items.map((item, position) => ({
        release_id: id,
        page_id: item.pageId,
        locale: item.locale,
        revision: item.revision,
        previous_revision: null,
        position,
      })),
    )
    .execute();
}

/**
 * Moves a release from one of the statuses `from` to `to` with the fields `set`, only if it still has one of them:
 * the one way a release is scheduled, published, failed or reverted, so that two instances (or a job and a person)
 * never both act on it. True if it moved.
 */
export async function moveRelease(
  db: Db,
  id: number,
  from: readonly Status[],
  set: Partial<Omit<ReleaseRow, 'id' | 'created_by_name' | 'created_at'>> & { status: Status },
): Promise<boolean> {
  const result = await db
    .updateTable('releases')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPreviousRevision(
  db: Db,
  id: number,
  pageId: number,
  locale: string,
  previous: number | null,
): Promise<void> {
  await db
    .updateTable('release_items')
    .set({ previous_revision: previous })
    .where('release_id', '=', id)
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .execute();
}

/** Puts a revision live: its status `published`, whatever it was (the release checked it was not published). */
export async function publishRevision(db: Db, pageId: number, revision: number): Promise<boolean> {
  const result = await db
    .updateTable('page_revisions')
    .set({ status: 'published', publish_at: null, publish_error: null })
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('status', '<>', 'published')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Scheduled releases whose time has come, oldest first. */
export async function listDueReleases(db: Db, now: string): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('releases')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .orderBy('id')
    .execute();
}

/** Deletes a release that is open, failed or reverted; false when it is not one of those (or no longer there). */
export async function deleteReleaseRow(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('releases')
    .where('id', '=', id)
    .where('status', 'in', ['open', 'failed', 'reverted'])
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Releases scheduled or failed (the calendar and the staff home), soonest first. */
export async function listWaitingReleases(db: Db): Promise<ReleaseRow[]> {
  return db
    .selectFrom('releases')
    .selectAll()
    .where('status', 'in', ['scheduled', 'failed'])
    .orderBy('publish_at')
    .orderBy('id')
    .execute();
}

/** How many pages each of the releases `ids` holds. */
export async function countItems(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('release_items')
    .select((eb) => ['release_id', eb.fn.countAll<number | string>().as('n')])
    .where('release_id', 'in', ids)
    .groupBy('release_id')
    .execute();
  return new Map(rows.map((row) => [row.release_id, Number(row.n)]));
}

/** The newest revision of each of the pages `pageIds` in each language it has one in, with its status. */
export async function listNewestHeads(
  db: Db,
  pageIds: readonly number[],
): Promise<
  Array<{ page_id: number; locale: string; revision: number; status: Selectable<PageRevisionTable>['status'] }>
> {
  if (pageIds.length === 0) return [];
  return db
    .selectFrom('page_revisions as r')
    .select(['r.page_id', 'r.locale', 'r.revision', 'r.status'])
    .where('r.page_id', 'in', [...pageIds])
    .where('r.revision', '=', (eb) =>
      eb
        .selectFrom('page_revisions as n')
        .select((inner) => inner.fn.max('n.revision').as('newest'))
        .whereRef('n.page_id', '=', 'r.page_id')
        .whereRef('n.locale', '=', 'r.locale'),
    )
    .execute();
}

/** The revision visitors see of each of the pages `pageIds` in each language that has one published. */
export async function listPublishedNumbers(
  db: Db,
  pageIds: readonly number[],
): Promise<Array<{ page_id: number; locale: string; published: number }>> {
  if (pageIds.length === 0) return [];
  const rows = await db
    .selectFrom('page_revisions')
    .select((eb) => ['page_id', 'locale', eb.fn.max('revision').as('published')])
    .where('page_id', 'in', [...pageIds])
    .where('status', '=', 'published')
    .groupBy(['page_id', 'locale'])
    .execute();
  return rows.map((row) => ({ ...row, published: Number(row.published) }));
}
