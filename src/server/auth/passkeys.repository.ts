import type { Db } from '../db/database';
import type { PasskeyTable, WebauthnChallengeTable } from '../db/schema';

/** Passkeys and the challenges of their ceremonies (docs/design.md §33, decision 037). */

const PASSKEY_COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'user_handle',
  'name',
  'created_at',
  'last_used_at',
] as const;

export async function listPasskeysOfUser(db: Db, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(PASSKEY_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type PasskeyRow = Awaited<ReturnType<typeof listPasskeysOfUser>>[number];

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').select(PASSKEY_COLUMNS).where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function findPasskeyOfUser(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .select(PASSKEY_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's passkey of this name, whatever its case. */
export async function findPasskeyNamed(db: Db, userId: number, name: string) {
  return db
    .selectFrom('passkeys')
    .select(['id'])
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertPasskey(
  db: Db,
  passkey: Omit<PasskeyTable, 'id' | 'last_used_at'>,
): Promise<{ id: number; created_at: string }> {
  return db.insertInto('passkeys').values(passkey).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** Removes one of the user's passkeys; true when there was one. */
export async function deletePasskeyOfUser(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes every passkey of a user (an administrator's reset of two-step sign-in); how many there were. */
export async function deletePasskeysOfUser(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A use of a passkey: its new signature counter and the time. Only from the counter read before the check (two
 * uses at once: one wins, the other opens nothing).
 */
export async function recordPasskeyUse(
  db: Db,
  passkey: { id: number; counter: number | string },
  counter: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The WebAuthn user handle the user's passkeys carry, if they have one. */
export async function userHandleOf(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select('user_handle')
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.user_handle;
}

/** Stores a ceremony's challenge (by its hash); expired ones go first. */
export async function insertWebauthnChallenge(db: Db, challenge: Omit<WebauthnChallengeTable, 'id'>): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', challenge.created_at).execute();
  await db.insertInto('webauthn_challenges').values(challenge).execute();
}

/**
 * Takes a live challenge of this purpose once: the row, deleted by this call, or undefined (unknown, expired, used,
 * or taken meanwhile by another request: one wins).
 */
export async function takeWebauthnChallenge(
  db: Db,
  { hash, purpose, now }: { hash: string; purpose: WebauthnChallengeTable['purpose']; now: string },
) {
  const row = await db
    .selectFrom('webauthn_challenges')
    .select(['id', 'user_id', 'user_handle'])
    .where('challenge_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('webauthn_challenges').where('id', '=', row.id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : undefined;
}
