import type { Db } from '../../db/database';
import { userNameOfU as userName } from '../../db/user-name';

/** The SQL of shared preview links (docs/design.md §26). Times are ISO 8601 UTC text. */

export async function insertPreviewShare(
  db: Db,
  share: {
    page_id: number;
    locale: string;
    token_hash: string;
    created_by: number;
    created_at: string;
    expires_at: string;
  },
): Promise<number> {
  const row = await db.insertInto('preview_shares').values(share).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function liveShares(db: Db, now: string) {
  return db
    .selectFrom('preview_shares as s')
    .innerJoin('users as u', 'u.id', 's.created_by')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .select(['s.id', 's.page_id', 's.created_at', 's.expires_at', userName.as('created_by_name')]);
}
export type LiveShareRow = NonNullable<Awaited<ReturnType<ReturnType<typeof liveShares>['executeTakeFirst']>>>;

/** A page's live links (not revoked, not expired), newest first. */
export async function listLiveShares(db: Db, pageId: number, locale: string, now: string): Promise<LiveShareRow[]> {
  return liveShares(db, now)
    .where('s.page_id', '=', pageId)
    .where('s.locale', '=', locale)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** A live link by its id. */
export async function findLiveShare(db: Db, id: number, now: string): Promise<LiveShareRow | undefined> {
  return liveShares(db, now).where('s.id', '=', id).executeTakeFirst();
}

/** The language of the live link of this page with this token hash ('' the source); null when there is none. */
export async function liveShareLocale(db: Db, tokenHash: string, pageId: number, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('preview_shares')
    .select('locale')
    .where('token_hash', '=', tokenHash)
    .where('page_id', '=', pageId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.locale ?? null;
}

/** Revokes a link that is still live; false when it is not (revoked meanwhile, or expired). */
export async function revokeShare(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('preview_shares')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets when a link expires (tests: a link that has run out). */
export async function setShareExpiry(db: Db, id: number, expiresAt: string): Promise<void> {
  await db.updateTable('preview_shares').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Deletes the links that expired or were revoked before `before`; how many. */
export async function deleteSharesEndedBefore(db: Db, before: string): Promise<number> {
  const expired = await db.deleteFrom('preview_shares').where('expires_at', '<', before).executeTakeFirst();
  const revoked = await db.deleteFrom('preview_shares').where('revoked_at', '<', before).executeTakeFirst();
  return Number(expired.numDeletedRows) + Number(revoked.numDeletedRows);
}
