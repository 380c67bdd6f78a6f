import {
  DeleteMenuSchema,
  MAX_MENU_DEPTH,
  MENU_MESSAGES,
  MenuOwnerSchema,
  SaveMenuSchema,
  UpdateGroupMenuSchema,
  type MenuItemData,
  type MenuNode,
  type MenuPageOption,
} from '../../core/schemas/menu-item';
import type { Db } from '../db/database';
import { NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { parseInput } from '../validation';
import { findMenuItem, groupExists, listMenuPages, listTreeItems, listUserIdsOfGroup, pageExists, userExists, type MenuOwner } from './menu-admin.repository';

/** menubyuser: the stored tree of a user (from=User) or a group (from=group), as menu nodes. */
export async function getMenuTree(tenant: Tenant, body: unknown): Promise<MenuNode[]> {
  const { userId, from } = parseInput(MenuOwnerSchema, body);
  const owner: MenuOwner = { kind: from === 'group' ? 'group' : 'user', id: userId };
  await assertOwnerExists(tenant.db, owner);
  const rows = await listTreeItems(tenant.db, owner);
  const nodes = new Map<number, MenuNode>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.label, issub: r.is_sub_menu === 1, pageid: r.page_id, parentId: r.parent_id, sequence: r.sequence, landPage: r.land_page === 1, children: [] },
    ]),
  );
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** getAllitempage: every active page that a menu item can open (content pages and back-office screens). */
export async function getMenuPages(tenant: Tenant): Promise<MenuPageOption[]> {
  return listMenuPages(tenant.db);
}

async function assertOwnerExists(db: Db, owner: MenuOwner): Promise<void> {
  const exists = owner.kind === 'group' ? await groupExists(db, owner.id) : await userExists(db, owner.id);
  if (!exists) throw new ValidationError(owner.kind === 'user' ? MENU_MESSAGES.invalidUser : MENU_MESSAGES.owner);
}

async function depthOf(db: Db, itemId: number): Promise<number> {
  let depth = 1;
  let item = await findMenuItem(db, itemId);
  while (item?.parent_id) {
    depth += 1;
    item = await findMenuItem(db, item.parent_id);
  }
  return depth;
}

/**
 * savemenubyuserforjson: adds (menuId 0) or edits items of a tree. The owner is the group when
 * resourcegroupid is set, else the user userId names (the tree being edited, not the caller: identity of
 * the caller still comes from the session). Rules:
 * - an item goes at the top or under a node of the same tree marked as sub menu, at most three levels deep;
 * - 'Sequence is Not Less Than Current': a new item's sequence may not be below the highest sequence among
 *   its siblings (it goes at the end or after it); an edited item may move anywhere (that is reordering).
 * - one landing page per tree: marking an item clears the mark elsewhere.
 */
export async function saveMenuItems(tenant: Tenant, body: unknown): Promise<{ status: 'OK'; message: string }> {
  const { jsonsavelist } = parseInput(SaveMenuSchema, body);
  const items = Array.isArray(jsonsavelist) ? jsonsavelist : [jsonsavelist];
  await tenant.db.transaction().execute(async (trx) => {
    for (const item of items) await saveOne(trx, item);
  });
  tenant.cache.clear();
  return { status: 'OK', message: MENU_MESSAGES.saved };
}

async function saveOne(db: Db, item: MenuItemData): Promise<void> {
  const owner: MenuOwner | null = item.resourcegroupid > 0 ? { kind: 'group', id: item.resourcegroupid } : item.userId > 0 ? { kind: 'user', id: item.userId } : null;
  if (!owner) throw new ValidationError(MENU_MESSAGES.owner);
  if (item.sequence < 1) throw new ValidationError(MENU_MESSAGES.sequence);
  await assertOwnerExists(db, owner);
  const pageId = item.pageid > 0 ? item.pageid : null;
  if (pageId !== null && !(await pageExists(db, pageId))) throw new ValidationError(MENU_MESSAGES.page);
  const label = item.pagename || item.modulename || (pageId !== null ? await pageName(db, pageId) : '');
  if (!label) throw new ValidationError(MENU_MESSAGES.label);

  const parentId = item.parentId > 0 ? item.parentId : item.moduleid > 0 ? item.moduleid : null;
  if (parentId !== null) {
    const parent = await findMenuItem(db, parentId);
    if (!parent || parent.owner_kind !== owner.kind || parent.owner_id !== owner.id || parent.is_sub_menu !== 1) throw new ValidationError(MENU_MESSAGES.parent);
    if ((await depthOf(db, parentId)) >= MAX_MENU_DEPTH) throw new ValidationError(MENU_MESSAGES.depth);
  }

  const values = {
    parent_id: parentId,
    page_id: pageId,
    label,
    sequence: item.sequence,
    is_sub_menu: item.isSubMenu ? 1 : 0,
    land_page: item.landPage ? 1 : 0,
  };
  let id: number;
  if (item.menuId > 0) {
    const existing = await findMenuItem(db, item.menuId);
    if (!existing || existing.owner_kind !== owner.kind || existing.owner_id !== owner.id) throw new NotFoundError(MENU_MESSAGES.notFound);
    if (parentId === item.menuId) throw new ValidationError(MENU_MESSAGES.parent);
    await db.updateTable('menu_items').set(values).where('id', '=', item.menuId).execute();
    id = item.menuId;
  } else {
    let siblings = db
      .selectFrom('menu_items')
      .select((eb) => eb.fn.max<number | null>('sequence').as('max'))
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id);
    siblings = parentId === null ? siblings.where('parent_id', 'is', null) : siblings.where('parent_id', '=', parentId);
    const current = Number((await siblings.executeTakeFirst())?.max ?? 0);
    if (item.sequence < current) throw new ValidationError(MENU_MESSAGES.sequence);
    const row = await db
      .insertInto('menu_items')
      .values({ owner_kind: owner.kind, owner_id: owner.id, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  if (item.landPage) {
    await db.updateTable('menu_items').set({ land_page: 0 }).where('owner_kind', '=', owner.kind).where('owner_id', '=', owner.id).where('id', '!=', id).execute();
  }
}

async function pageName(db: Db, pageId: number): Promise<string> {
  return (await db.selectFrom('pages').select('name').where('id', '=', pageId).executeTakeFirst())?.name ?? '';
}

/** deletemenubyuser: an item and everything under it. */
export async function deleteMenuItem(tenant: Tenant, body: unknown): Promise<{ status: 'OK'; message: string }> {
  const { menuId } = parseInput(DeleteMenuSchema, body);
  if (!(await findMenuItem(tenant.db, menuId))) throw new NotFoundError(MENU_MESSAGES.notFound);
  await tenant.db.transaction().execute(async (trx) => {
    // Children first, level by level (no reliance on the database's cascade, which SQLite may have off).
    let level = [menuId];
    const all: number[] = [];
    while (level.length > 0) {
      all.push(...level);
      level = (await trx.selectFrom('menu_items').select('id').where('parent_id', 'in', level).execute()).map((r) => r.id);
    }
    for (const id of all.reverse()) await trx.deleteFrom('menu_items').where('id', '=', id).execute();
  });
  tenant.cache.clear();
  return { status: 'OK', message: MENU_MESSAGES.deleted };
}

/**
 * updatemenubyuser: applies a group's tree to every user of the group. A user's effective menu is their own
 * tree if they have one, else their group's (DESIGN §5), so applying means clearing the users' own trees:
 * from then on they follow the group's tree, including later changes to it (a copy would drift apart).
 */
export async function applyGroupMenu(tenant: Tenant, body: unknown): Promise<{ status: 'OK'; message: string }> {
  const { groupId } = parseInput(UpdateGroupMenuSchema, body);
  if (!(await groupExists(tenant.db, groupId))) throw new ValidationError(MENU_MESSAGES.owner);
  const userIds = await listUserIdsOfGroup(tenant.db, groupId);
  if (userIds.length > 0) {
    await tenant.db.transaction().execute(async (trx) => {
      // Children before parents: delete deepest items first by clearing parent links in one step.
      await trx.updateTable('menu_items').set({ parent_id: null }).where('owner_kind', '=', 'user').where('owner_id', 'in', userIds).execute();
      await trx.deleteFrom('menu_items').where('owner_kind', '=', 'user').where('owner_id', 'in', userIds).execute();
    });
  }
  tenant.cache.clear();
  return { status: 'OK', message: MENU_MESSAGES.groupUpdated };
}
