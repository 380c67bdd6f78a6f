import type { Db } from '../db/database';

/** What waits for a time, or failed at it, between `from` (included) and `to` (excluded), ISO moments; by time. */
export async function listTimed(db: Db, from: string, to: string) {
  return db
    .selectFrom('page_revisions as r')
    .innerJoin('pages as p', 'p.id', 'r.page_id')
    .select([
      'p.routing',
      'p.display_name',
      'p.name',
      'r.locale',
      'r.revision',
      'r.publish_at',
      'r.saved_by_name',
      'r.status',
    ])
    .where('r.status', 'in', ['scheduled', 'in_review', 'failed'])
    .where('r.publish_at', '>=', from)
    .where('r.publish_at', '<', to)
    .orderBy('r.publish_at')
    .orderBy('p.routing')
    .execute();
}

/** Moves a revision's time while it still has `status`: false when it no longer has (published, cancelled, decided). */
export async function moveTime(
  db: Db,
  pageId: number,
  revision: number,
  status: 'scheduled' | 'in_review',
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('page_revisions')
    .set({ publish_at: at })
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
