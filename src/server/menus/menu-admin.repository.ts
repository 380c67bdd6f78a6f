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
    .select(['id', 'owner_kind', 'owner_id', 'parent_id', 'page_id', 'sequence', 'is_sub_menu'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listMenuPages(db: Db) {
  return db.selectFrom('pages').select(['id', 'name', 'routing', 'kind']).where('active', '=', 1).orderBy('id').execute();
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
