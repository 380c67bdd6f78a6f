import { PASSKEY_COUNT, USER_ACCESS_COLUMNS, type UserAccessRow } from '../auth/sessions.repository';
import type { Db } from '../db/database';

/** A live token with its user, as the access layer needs them (see findLiveSession for a session's). */
export interface TokenUserRow extends UserAccessRow {
  token_id: number;
  token_name: string;
  scopes: string;
  last_used_at: string | null;
}

/** The token of a hash when it is live: not revoked, not expired, its user active. */
export async function findLiveToken(db: Db, tokenHash: string, now: string): Promise<TokenUserRow | undefined> {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('user_groups as g', 'g.id', 'u.group_id')
    .select([
      't.id as token_id',
      't.name as token_name',
      't.scopes',
      't.last_used_at',
      ...USER_ACCESS_COLUMNS,
      PASSKEY_COUNT,
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.active', '=', 1)
    .executeTakeFirst();
}

export async function markTokenUsed(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** A user's tokens not revoked, newest first (expired ones too: the account page shows them as expired). */
export async function listTokensOf(db: Db, userId: number) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'expires_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function insertToken(
  db: Db,
  token: { user_id: number; name: string; scopes: string; token_hash: string; created_at: string; expires_at: string },
): Promise<number> {
  const row = await db.insertInto('api_tokens').values(token).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes one of a user's tokens; its name, or undefined when the user has no such live token. */
export async function revokeTokenOf(db: Db, userId: number, id: number, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}
