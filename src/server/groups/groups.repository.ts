import type { GroupPublishing } from '../../core/schemas/group';
import type { Db } from '../db/database';

export async function listGroupsWithUserCounts(db: Db) {
  return db
    .selectFrom('user_groups as g')
    .leftJoin('users as u', 'u.group_id', 'g.id')
    .select((eb) => [
      'g.id',
      'g.name',
      'g.builtin',
      'g.require_two_factor',
      'g.require_passkey',
      'g.publishing',
      eb.fn.count<number>('u.id').as('users'),
    ])
    .groupBy(['g.id', 'g.name', 'g.builtin', 'g.require_two_factor', 'g.require_passkey', 'g.publishing'])
    .orderBy('g.id')
    .execute();
}

export async function findGroupByName(db: Db, name: string) {
  return db
    .selectFrom('user_groups')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function findGroup(db: Db, id: number) {
  return db
    .selectFrom('user_groups')
    .select(['id', 'name', 'builtin', 'require_two_factor', 'require_passkey', 'publishing'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What a group requires and how it publishes (docs/design.md §21, §32, §33); absent: left as it is (a new group: off, direct). */
export interface GroupSettings {
  requireTwoFactor?: boolean | undefined;
  requirePasskey?: boolean | undefined;
  publishing?: GroupPublishing | undefined;
}

export async function insertGroup(db: Db, name: string, at: string, settings: GroupSettings = {}): Promise<number> {
  const row = await db
    .insertInto('user_groups')
    .values({
      name,
      builtin: 0,
      created_at: at,
      require_two_factor: settings.requireTwoFactor === true ? 1 : 0,
      require_passkey: settings.requirePasskey === true ? 1 : 0,
      publishing: settings.publishing ?? 'direct',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames a group, and sets what `settings` gives. */
export async function updateGroup(db: Db, id: number, name: string, settings: GroupSettings = {}): Promise<void> {
  const { requireTwoFactor, requirePasskey, publishing } = settings;
  await db
    .updateTable('user_groups')
    .set({
      name,
      ...(requireTwoFactor === undefined ? {} : { require_two_factor: requireTwoFactor ? 1 : 0 }),
      ...(requirePasskey === undefined ? {} : { require_passkey: requirePasskey ? 1 : 0 }),
      ...(publishing === undefined ? {} : { publishing }),
    })
    .where('id', '=', id)
    .execute();
}

export async function countUsersInGroup(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a group and its menu tree. */
/** Deletes a group and its menu; call it in a transaction (the service's, with its audit entry). */
export async function deleteGroupAndMenu(db: Db, id: number): Promise<void> {
  await db.deleteFrom('menu_items').where('owner_kind', '=', 'group').where('owner_id', '=', id).execute();
  await db.deleteFrom('user_groups').where('id', '=', id).execute();
}
