import type { Insertable, Selectable } from 'kysely';
import { ADMINISTRATORS_GROUP_ID, PUBLIC_GROUP_ID, PUBLIC_USER_ID } from '../../core/groups';
import type { Db } from '../db/database';
import type { SignInAttemptTable, SignInSettingsTable } from '../db/schema';

/** The firm's sign-in settings are one row (docs/design.md §33). */
const SETTINGS_ROW_ID = 1;

export type SignInSettingsRow = Selectable<SignInSettingsTable>;

export async function findSignInSettings(db: Db): Promise<SignInSettingsRow | undefined> {
  return db.selectFrom('sign_in_settings').selectAll().where('id', '=', SETTINGS_ROW_ID).executeTakeFirst();
}

export async function saveSignInSettingsRow(db: Db, row: Omit<Insertable<SignInSettingsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('sign_in_settings')
    .values({ ...row, id: SETTINGS_ROW_ID })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The groups new users may be put in by a sign-in: every group but Administrators and the visitors' Public. */
export async function listJoinableGroups(db: Db) {
  return db
    .selectFrom('user_groups')
    .select(['id', 'name'])
    .where('id', 'not in', [ADMINISTRATORS_GROUP_ID, PUBLIC_GROUP_ID])
    .orderBy('name')
    .execute();
}

export async function insertSignInAttempt(db: Db, attempt: Insertable<SignInAttemptTable>): Promise<void> {
  await db.insertInto('sign_in_attempts').values(attempt).execute();
}

/** Attempts past their ten minutes go (any start clears them: the table holds only live ones and recent returns). */
export async function deleteExpiredSignInAttempts(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('expires_at', '<=', now).execute();
}

/**
 * Marks an attempt used and answers it, in one statement: of two returns with the same state (a replay, two
 * instances), only one gets the row. Undefined when it is unknown, expired or used already.
 */
export async function claimSignInAttempt(db: Db, stateHash: string, now: string) {
  return db
    .updateTable('sign_in_attempts')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Whether a state came back before (the refusal then says "used" rather than "not started here"). */
export async function wasSignInAttemptUsed(db: Db, stateHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select('used_at')
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  return Boolean(row?.used_at);
}

/** The users whose email is `email` in any case (an email is stored as typed; the Public user has none). */
export async function findUsersByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'active'])
    .where('id', '!=', PUBLIC_USER_ID)
    .where('email', '!=', '')
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('id')
    .execute();
}

/** Whether a user name is taken in any case (user names are unique whatever their case). */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function groupNameOf(db: Db, groupId: number): Promise<string | undefined> {
  return (await db.selectFrom('user_groups').select('name').where('id', '=', groupId).executeTakeFirst())?.name;
}

/** What a user made by a sign-in has beyond insertUser's: the provider's email and family name. */
export async function setSignedInUserDetails(
  db: Db,
  userId: number,
  details: { email: string; lastName: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: details.email, last_name: details.lastName })
    .where('id', '=', userId)
    .execute();
}
