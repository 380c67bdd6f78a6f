import { sql } from 'kysely';
import type { Db } from '../db/database';

export type MenuOwner = { kind: 'group' | 'user'; id: number };

/** Every item of one tree, pages active or not (the editor shows what is stored). */
export async function listTreeItems(db: Db, owner: MenuOwner) {
  return db
    .selectFrom('menu_items')
    .select(['id', 'parent_id', 'page_id', 'label', 'sequence', 'is_sub_menu', 'land_page'])
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export async function findMenuItem(db: Db, id: number) {
  return db
    .selectFrom('menu_items')
    .select(['id', 'owner_kind', 'owner_id', 'parent_id', 'page_id', 'label', 'sequence', 'is_sub_menu', 'land_page'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listMenuPages(db: Db) {
  return db
    .selectFrom('pages')
    .select(['id', 'name', 'routing', 'kind'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

export async function pageExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('pages').select('id').where('id', '=', id).executeTakeFirst());
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

export async function groupExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('user_groups').select('id').where('id', '=', id).executeTakeFirst());
}

export async function listUserIdsOfGroup(db: Db, groupId: number): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('group_id', '=', groupId).execute()).map((r) => r.id);
}

export interface MenuItemValues {
  parent_id: number | null;
  page_id: number | null;
  label: string;
  sequence: number;
  is_sub_menu: number;
  land_page: number;
}

export async function updateMenuItem(db: Db, id: number, values: MenuItemValues): Promise<void> {
  await db.updateTable('menu_items').set(values).where('id', '=', id).execute();
}

export async function insertMenuItem(db: Db, owner: MenuOwner, values: MenuItemValues): Promise<number> {
  const row = await db
    .insertInto('menu_items')
    .values({ owner_kind: owner.kind, owner_id: owner.id, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The highest sequence among the items of a tree under one parent (null: the top level); 0 when none. */
export async function maxSiblingSequence(db: Db, owner: MenuOwner, parentId: number | null): Promise<number> {
  let query = db
    .selectFrom('menu_items')
    .select((eb) => eb.fn.max<number | null>('sequence').as('max'))
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  return Number((await query.executeTakeFirst())?.max ?? 0);
}

/** One landing page per tree: clears the mark on every item of the tree but one. */
export async function clearLandingPageExcept(db: Db, owner: MenuOwner, keepId: number): Promise<void> {
  await db
    .updateTable('menu_items')
    .set({ land_page: 0 })
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('id', '!=', keepId)
    .execute();
}

export async function findPageName(db: Db, pageId: number): Promise<string> {
  return (await db.selectFrom('pages').select('name').where('id', '=', pageId).executeTakeFirst())?.name ?? '';
}

/** Deletes an item and everything under it; answers how many items went. Call it in a transaction. */
export async function deleteMenuItemWithChildren(trx: Db, menuId: number): Promise<number> {
  // Children first, level by level (no reliance on the database's cascade, which SQLite may have off).
  let level = [menuId];
  const all: number[] = [];
  while (level.length > 0) {
    all.push(...level);
    level = (await trx.selectFrom('menu_items').select('id').where('parent_id', 'in', level).execute()).map(
      (r) => r.id,
    );
  }
  for (const id of all.reverse()) await trx.deleteFrom('menu_items').where('id', '=', id).execute();
  return all.length;
}

/** Deletes the own menu trees of the given users; answers how many items went. Call it in a transaction. */
export async function deleteUserTrees(trx: Db, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  // Parent links cleared first, so no row points at one deleted before it.
  await trx
    .updateTable('menu_items')
    .set({ parent_id: null })
    .where('owner_kind', '=', 'user')
    .where('owner_id', 'in', userIds)
    .execute();
  const result = await trx
    .deleteFrom('menu_items')
    .where('owner_kind', '=', 'user')
    .where('owner_id', 'in', userIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Items of every tree whose label holds the text (a bound parameter, wildcards escaped). */
export async function searchMenuItems(db: Db, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('menu_items')
    .select(['id', 'owner_kind', 'owner_id', 'parent_id', 'page_id', 'label', 'sequence', 'is_sub_menu', 'land_page'])
    .where(sql<boolean>`lower(label) like ${pattern} escape '\\'`)
    .orderBy('owner_kind')
    .orderBy('owner_id')
    .orderBy('sequence')
    .limit(200)
    .execute();
}

export async function renameMenuItem(db: Db, id: number, label: string): Promise<void> {
  await db.updateTable('menu_items').set({ label }).where('id', '=', id).execute();
}

/** Deletes every item of one tree; answers how many items went. Call it in a transaction. */
export async function deleteTree(trx: Db, owner: MenuOwner): Promise<number> {
  await trx
    .updateTable('menu_items')
    .set({ parent_id: null })
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .execute();
  const result = await trx
    .deleteFrom('menu_items')
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The name of a tree's owner (a group's name, a user's login name), for the audit log; null when gone. */
export async function findOwnerName(db: Db, owner: MenuOwner): Promise<string | null> {
  const row =
    owner.kind === 'group'
      ? await db.selectFrom('user_groups').select('name').where('id', '=', owner.id).executeTakeFirst()
      : await db.selectFrom('users').select('username as name').where('id', '=', owner.id).executeTakeFirst();
  return row?.name ?? null;
}
