import type { Db } from '../db/database';

/** A revision waiting for review, with its page and its author. */
export interface ReviewRow {
  page_id: number;
  routing: string;
  display_name: string;
  locale: string;
  revision: number;
  saved_by: number | null;
  saved_by_name: string;
  saved_at: string;
  publish_at: string | null;
}

/** Revisions waiting for review (docs/design.md §32) not written by `userId`, oldest request first. */
export async function listInReview(db: Db, userId: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('page_revisions as r')
    .innerJoin('pages as p', 'p.id', 'r.page_id')
    .select([
      'r.page_id',
      'p.routing',
      'p.display_name',
      'r.locale',
      'r.revision',
      'r.saved_by',
      'r.saved_by_name',
      'r.saved_at',
      'r.publish_at',
    ])
    .where('r.status', '=', 'in_review')
    .where((eb) => eb.or([eb('r.saved_by', 'is', null), eb('r.saved_by', '<>', userId)]))
    .orderBy('r.saved_at')
    .orderBy('r.revision')
    .execute();
}

/** A revision's author and where it stands, in one language. */
export async function findReviewed(db: Db, pageId: number, revision: number, locale: string) {
  return db
    .selectFrom('page_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.saved_by')
    .select([
      'r.revision',
      'r.status',
      'r.publish_at',
      'r.saved_by',
      'r.saved_by_name',
      'u.email as author_email',
      'u.first_name as author_first_name',
    ])
    .where('r.page_id', '=', pageId)
    .where('r.revision', '=', revision)
    .where('r.locale', '=', locale)
    .executeTakeFirst();
}

/**
 * Moves a revision out of review: to `published` or `scheduled` (its time kept) when approved, to `draft` with the
 * reviewer's comment when changes are asked for. False when it is no longer in review (someone decided first, or a
 * newer save superseded it).
 */
export async function leaveReview(
  db: Db,
  pageId: number,
  revision: number,
  to: { status: 'published' } | { status: 'scheduled' } | { status: 'draft'; comment: string; reviewer: string },
): Promise<boolean> {
  const result = await db
    .updateTable('page_revisions')
    .set(
      to.status === 'draft'
        ? { status: 'draft', publish_at: null, review_comment: to.comment, reviewed_by_name: to.reviewer }
        : to.status === 'published'
          ? { status: 'published', publish_at: null }
          : { status: 'scheduled' },
    )
    .where('page_id', '=', pageId)
    .where('revision', '=', revision)
    .where('status', '=', 'in_review')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
