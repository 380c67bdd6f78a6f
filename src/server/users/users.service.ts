import { hashPassword } from '../auth/passwords';
import { deleteSessionsOfUser } from '../auth/sessions.repository';
import type { Db } from '../db/database';
import { ADMINISTRATORS_GROUP_ID } from '../db/seed/seed';

/** Whether an active administrator exists (until one does, companyForm is the first-run setup). */
export async function hasActiveAdministrator(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('group_id', '=', ADMINISTRATORS_GROUP_ID)
    .where('active', '=', 1)
    .where('password_hash', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function createUser(
  db: Db,
  user: { username: string; password: string; groupId: number; firstName?: string },
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: await hashPassword(user.password),
      group_id: user.groupId,
      first_name: user.firstName ?? user.username,
      last_name: '',
      email: '',
      active: 1,
      created_at: now.toISOString(),
      password_changed_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Activates or deactivates a user; deactivating ends every session of theirs at once. */
export async function setUserActive(db: Db, userId: number, active: boolean): Promise<void> {
  await db.updateTable('users').set({ active: active ? 1 : 0 }).where('id', '=', userId).execute();
  if (!active) await deleteSessionsOfUser(db, userId);
}

/** Sets a new password; every existing session of the user ends (they log in again with the new one). */
export async function changePassword(db: Db, userId: number, password: string, now = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), password_changed_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
  await deleteSessionsOfUser(db, userId);
}
