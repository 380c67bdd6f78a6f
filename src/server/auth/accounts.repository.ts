import type { Db } from '../db/database';

const accountQuery = (db: Db) =>
  db
    .selectFrom('users as u')
    .innerJoin('user_groups as g', 'g.id', 'u.group_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.email',
      'u.group_id',
      'u.password_hash',
      'u.active',
      'u.totp_secret',
      'u.totp_enabled_at',
      'u.totp_last_step',
      'u.password_must_change',
      'g.require_two_factor',
      'g.require_passkey',
    ])
    // A passkey counts as two-step sign-in, and is a second step (docs/design.md §33).
    .select((eb) =>
      eb
        .selectFrom('passkeys as p')
        .select((p) => p.fn.countAll<number | string>().as('n'))
        .whereRef('p.user_id', '=', 'u.id')
        .as('passkeys'),
    );

/** The account of a user as sign-in, reset and two-step sign-in need it. */
export async function findAccount(db: Db, where: { id: number } | { username: string }) {
  const query = accountQuery(db);
  return (
    'id' in where ? query.where('u.id', '=', where.id) : query.where('u.username', '=', where.username)
  ).executeTakeFirst();
}
export type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * The account of a user name in any case (the shell: `./folio user reset-password JDoe` finds jdoe). User names
 * are unique whatever their case (users.service refuses a taken one), so there is one; the exact spelling wins
 * should old data hold two.
 */
export async function findAccountByNameInAnyCase(db: Db, username: string): Promise<Account | undefined> {
  const rows = await accountQuery(db)
    .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username.toLowerCase()))
    .orderBy('u.id')
    .execute();
  return rows.find((row) => row.username === username) ?? rows[0];
}

/**
 * Sets a new password; sessions created before `at` are void from then on (findLiveSession). `mustChange`: a
 * one-time password from the shell (docs/design.md §22), whose sessions reach only /account; every other password set
 * is the user's own (or an administrator's on the user form) and lifts that.
 */
export async function setPassword(
  db: Db,
  userId: number,
  hash: string,
  at: string,
  { mustChange = false }: { mustChange?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: at, password_must_change: mustChange ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** Ends every session of a user but one (the one making the change, kept alive as of `at`). */
export async function keepOnlySession(db: Db, userId: number, sessionId: number, at: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', sessionId).execute();
  await db.updateTable('sessions').set({ created_at: at }).where('id', '=', sessionId).execute();
}

export async function insertPasswordReset(
  db: Db,
  reset: { user_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute();
}

/** Voids a user's unused reset tokens (a newer one, or a reset done). */
export async function voidPasswordResets(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function findLiveReset(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a token once: true only for the one caller that marked it (two at once: one wins). */
export async function useReset(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setTotp(
  db: Db,
  userId: number,
  values: { totp_secret: string | null; totp_enabled_at: string | null; totp_last_step: number | null },
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Users whose two-step secret is stored in the clear (`plain:…`, from a start without a key; decision 016). */
export async function plainTotpSecrets(db: Db): Promise<{ id: number; totp_secret: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'like', 'plain:%')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => (row.totp_secret ? [{ id: row.id, totp_secret: row.totp_secret }] : []));
}

/** Replaces a user's stored two-step secret, only if it is still `from` (a later enrolment is left alone). */
export async function replaceTotpSecret(db: Db, userId: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: to })
    .where('id', '=', userId)
    .where('totp_secret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accepts a code's time step once: true only if no code of this step or a later one was accepted before. */
export async function advanceTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length > 0)
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
}

/** Uses an unused recovery code once: true only for the one caller that marked it. */
export async function useRecoveryCode(db: Db, userId: number, hash: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  challenge: { token_hash: string; user_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', challenge.created_at).execute();
  await db.insertInto('sign_in_challenges').values(challenge).execute();
}

export async function findLiveChallenge(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('sign_in_challenges')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteChallenge(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sign_in_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
