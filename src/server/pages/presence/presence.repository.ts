import type { Db } from '../../db/database';
import { userNameOfU as userName } from '../../db/user-name';

/** The SQL of who has a page's editor open (docs/design.md §26). Times are ISO 8601 UTC text. */

/** The user has the page's editor in a language ('' the source) open now (inserted, or its time renewed). */
export async function upsertPageEditor(
  db: Db,
  pageId: number,
  userId: number,
  locale: string,
  seenAt: string,
): Promise<void> {
  await db
    .insertInto('page_editors')
    .values({ page_id: pageId, user_id: userId, locale, seen_at: seenAt })
    .onConflict((oc) => oc.columns(['page_id', 'user_id', 'locale']).doUpdateSet({ seen_at: seenAt }))
    .execute();
}

/** The names of the other users who said they had the page's editor in that language open since `since`. */
export async function listOtherPageEditors(
  db: Db,
  pageId: number,
  userId: number,
  locale: string,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('page_editors as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .where('e.page_id', '=', pageId)
    .where('e.locale', '=', locale)
    .where('e.user_id', '<>', userId)
    .where('e.seen_at', '>', since)
    .select(userName.as('name'))
    .orderBy('e.user_id')
    .execute();
  return rows.map((row) => row.name);
}

export async function deletePageEditor(db: Db, pageId: number, userId: number, locale: string): Promise<void> {
  await db
    .deleteFrom('page_editors')
    .where('page_id', '=', pageId)
    .where('user_id', '=', userId)
    .where('locale', '=', locale)
    .execute();
}

/** Deletes who-is-editing rows not renewed since `before` (an editor closed without saying so); how many. */
export async function deletePageEditorsSeenBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('page_editors').where('seen_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
