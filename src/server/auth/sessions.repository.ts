import { sql } from 'kysely';
import type { Db } from '../db/database';

/** What access needs to know of a caller's user and group, for a session or an API token (access/caller.ts). */
export interface UserAccessRow {
  user_id: number;
  username: string;
  first_name: string;
  group_id: number;
  totp_enabled_at: string | null;
  require_two_factor: number;
  /** 1: the group requires a passkey (docs/design.md §33). */
  require_passkey: number;
  /** How many passkeys the user has. */
  passkeys: number | string | null;
  publishing: 'direct' | 'review';
  /** 1 while the user's password is a one-time one from the shell (docs/design.md §22). */
  password_must_change: number;
}

/** The columns of a UserAccessRow, from `users as u` joined with `user_groups as g`. */
export const USER_ACCESS_COLUMNS = [
  'u.id as user_id',
  'u.username',
  'u.first_name',
  'u.group_id',
  'u.totp_enabled_at',
  'u.password_must_change',
  'g.require_two_factor',
  'g.require_passkey',
  'g.publishing',
] as const;

/** How many passkeys the user `u` has (docs/design.md §33): a passkey counts as two-step sign-in. */
export const PASSKEY_COUNT = sql<number | string>`(select count(*) from passkeys where passkeys.user_id = u.id)`.as(
  'passkeys',
);

export interface SessionUserRow extends UserAccessRow {
  session_id: number;
  csrf_token: string;
}

/** The live session of a token hash: not expired, user active, created after the last password change. */
export async function findLiveSession(db: Db, tokenHash: string, now: string): Promise<SessionUserRow | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('user_groups as g', 'g.id', 'u.group_id')
    .select(['s.id as session_id', 's.csrf_token', ...USER_ACCESS_COLUMNS, PASSKEY_COUNT])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .where('u.active', '=', 1)
    .whereRef('s.created_at', '>=', 'u.password_changed_at')
    .executeTakeFirst();
}

export async function insertSession(
  db: Db,
  session: { token_hash: string; user_id: number; csrf_token: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Ends one session; true when there was one. */
export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
