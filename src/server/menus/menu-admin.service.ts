import {
  MAX_MENU_DEPTH,
  MENU_MESSAGES,
  type MenuItemData,
  type MenuNode,
  type MenuOwnerData,
  type MenuPageOption,
  type SaveMenuData,
} from '../../core/schemas/menu-item';
import { PUBLIC_GROUP_ID } from '../../core/groups';
import { PAGE_MESSAGES } from '../../core/page-defs/page-definition';
import {
  PUBLIC_MENU_MESSAGES,
  type PlacePageData,
  type PublicMenuEntry,
  type PublicMenuPlace,
} from '../../core/page-defs/public-menu';
import { audit, changedFields, type AuditTargetType } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import { NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import {
  clearLandingPageExcept,
  deleteMenuItemWithChildren,
  deleteTree,
  deleteUserTrees,
  findMenuItem,
  findOwnerName,
  findPageName,
  groupExists,
  insertMenuItem,
  listMenuPages,
  listTreeItems,
  listUserIdsOfGroup,
  maxSiblingSequence,
  pageExists,
  renameMenuItem,
  searchMenuItems,
  updateMenuItem,
  userExists,
  type MenuOwner,
} from './menu-admin.repository';
import { findPage } from '../pages/definitions/pages.repository';

type MenuChangeAnswer = { status: 'OK'; message: string };

/** menubyuser: the stored tree of a user (from=User) or a group (from=group), as menu nodes. */
export async function getMenuTree(tenant: Tenant, { userId, from }: MenuOwnerData): Promise<MenuNode[]> {
  const owner: MenuOwner = { kind: from === 'group' ? 'group' : 'user', id: userId };
  await assertOwnerExists(tenant.db, owner, 'userId');
  const rows = await listTreeItems(tenant.db, owner);
  const nodes = new Map<number, MenuNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.label,
        issub: r.is_sub_menu === 1,
        pageid: r.page_id,
        parentId: r.parent_id,
        sequence: r.sequence,
        landPage: r.land_page === 1,
        children: [],
      },
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

async function assertOwnerExists(db: Db, owner: MenuOwner, field: string): Promise<void> {
  const exists = owner.kind === 'group' ? await groupExists(db, owner.id) : await userExists(db, owner.id);
  if (!exists)
    throw new ValidationError(owner.kind === 'user' ? MENU_MESSAGES.invalidUser : MENU_MESSAGES.owner, field);
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
export async function saveMenuItems(tenant: Tenant, { jsonsavelist }: SaveMenuData): Promise<MenuChangeAnswer> {
  const items = Array.isArray(jsonsavelist) ? jsonsavelist : [jsonsavelist];
  await inTransaction(tenant.db, async (trx) => {
    // Each refusal names its field as a path into the body (docs/design.md §25): `jsonsavelist.2.sequence`.
    for (const [index, item] of items.entries())
      await saveOne(trx, tenant, item, Array.isArray(jsonsavelist) ? `jsonsavelist.${index}` : 'jsonsavelist');
  });
  invalidate(tenant, [TAGS.menus]);
  return { status: 'OK', message: MENU_MESSAGES.saved };
}

/** How the audit log names a tree: `the menu of group Editors`, `the own menu of user jdoe`. */
async function treeName(db: Db, owner: MenuOwner): Promise<string> {
  const name = (await findOwnerName(db, owner)) ?? `#${owner.id}`;
  return owner.kind === 'group' ? `the menu of group ${name}` : `the own menu of user ${name}`;
}

async function auditTarget(db: Db, owner: MenuOwner): Promise<{ targetType: AuditTargetType; targetId: string }> {
  return {
    targetType: owner.kind === 'group' ? 'group menu' : 'user menu',
    targetId: (await findOwnerName(db, owner)) ?? String(owner.id),
  };
}

const auditedValues = (v: {
  parent_id: number | null;
  page_id: number | null;
  label: string;
  sequence: number;
  is_sub_menu: number;
  land_page: number;
}) => ({
  label: v.label,
  pageId: v.page_id,
  parentId: v.parent_id,
  sequence: v.sequence,
  subMenu: v.is_sub_menu === 1,
  landingPage: v.land_page === 1,
});

async function saveOne(db: Db, tenant: Tenant, item: MenuItemData, at: string): Promise<void> {
  const owner: MenuOwner | null =
    item.resourcegroupid > 0
      ? { kind: 'group', id: item.resourcegroupid }
      : item.userId > 0
        ? { kind: 'user', id: item.userId }
        : null;
  if (!owner) throw new ValidationError(MENU_MESSAGES.owner, `${at}.resourcegroupid`);
  if (item.sequence < 1) throw new ValidationError(MENU_MESSAGES.sequence, `${at}.sequence`);
  await assertOwnerExists(db, owner, `${at}.${owner.kind === 'group' ? 'resourcegroupid' : 'userId'}`);
  const pageId = item.pageid > 0 ? item.pageid : null;
  if (pageId !== null && !(await pageExists(db, pageId))) throw new ValidationError(MENU_MESSAGES.page, `${at}.pageid`);
  const label = item.pagename || item.modulename || (pageId !== null ? await findPageName(db, pageId) : '');
  if (!label) throw new ValidationError(MENU_MESSAGES.label, `${at}.${item.pageid > 0 ? 'pagename' : 'modulename'}`);

  const parentId = item.parentId > 0 ? item.parentId : item.moduleid > 0 ? item.moduleid : null;
  const parentField = `${at}.${item.parentId > 0 ? 'parentId' : 'moduleid'}`;
  if (parentId !== null) {
    const parent = await findMenuItem(db, parentId);
    if (!parent || parent.owner_kind !== owner.kind || parent.owner_id !== owner.id || parent.is_sub_menu !== 1)
      throw new ValidationError(MENU_MESSAGES.parent, parentField);
    if ((await depthOf(db, parentId)) >= MAX_MENU_DEPTH) throw new ValidationError(MENU_MESSAGES.depth, parentField);
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
    if (!existing || existing.owner_kind !== owner.kind || existing.owner_id !== owner.id)
      throw new NotFoundError(MENU_MESSAGES.notFound);
    if (parentId === item.menuId) throw new ValidationError(MENU_MESSAGES.parent, parentField);
    await updateMenuItem(db, item.menuId, values);
    id = item.menuId;
    await audit(db, tenant, {
      action: 'menu.update',
      ...(await auditTarget(db, owner)),
      summary: `Changed item ${label} of ${await treeName(db, owner)}`,
      details: { item: id, ...changedFields(auditedValues(existing), auditedValues(values)) },
    });
  } else {
    if (item.sequence < (await maxSiblingSequence(db, owner, parentId)))
      throw new ValidationError(MENU_MESSAGES.sequence, `${at}.sequence`);
    id = await insertMenuItem(db, owner, values);
    await audit(db, tenant, {
      action: 'menu.create',
      ...(await auditTarget(db, owner)),
      summary: `Added item ${label} to ${await treeName(db, owner)}`,
      details: { item: id, ...auditedValues(values) },
    });
  }
  if (item.landPage) await clearLandingPageExcept(db, owner, id);
}

/** deletemenubyuser: an item and everything under it. */
export async function deleteMenuItem(tenant: Tenant, menuId: number): Promise<MenuChangeAnswer> {
  const item = await findMenuItem(tenant.db, menuId);
  if (!item) throw new NotFoundError(MENU_MESSAGES.notFound);
  const owner: MenuOwner = { kind: item.owner_kind, id: item.owner_id };
  await inTransaction(tenant.db, async (trx) => {
    const removed = await deleteMenuItemWithChildren(trx, menuId);
    const under = removed > 1 ? ` and the ${removed - 1} item${removed === 2 ? '' : 's'} under it` : '';
    await audit(trx, tenant, {
      action: 'menu.delete',
      ...(await auditTarget(trx, owner)),
      summary: `Deleted item ${item.label}${under} from ${await treeName(trx, owner)}`,
      details: { item: menuId, label: item.label, itemsDeleted: removed },
    });
  });
  invalidate(tenant, [TAGS.menus]);
  return { status: 'OK', message: MENU_MESSAGES.deleted };
}

/**
 * updatemenubyuser: applies a group's tree to every user of the group. A user's effective menu is their own
 * tree if they have one, else their group's (docs/design.md §5), so applying means clearing the users' own trees:
 * from then on they follow the group's tree, including later changes to it (a copy would drift apart).
 */
export async function applyGroupMenu(tenant: Tenant, groupId: number): Promise<MenuChangeAnswer> {
  if (!(await groupExists(tenant.db, groupId))) throw new ValidationError(MENU_MESSAGES.owner, 'groupId');
  const owner: MenuOwner = { kind: 'group', id: groupId };
  await inTransaction(tenant.db, async (trx) => {
    const userIds = await listUserIdsOfGroup(trx, groupId);
    const removed = await deleteUserTrees(trx, userIds);
    await audit(trx, tenant, {
      action: 'menu.apply',
      ...(await auditTarget(trx, owner)),
      summary: `Applied ${await treeName(trx, owner)} to its ${userIds.length} user${userIds.length === 1 ? '' : 's'}`,
      details: { users: userIds.length, ownItemsDeleted: removed },
    });
  });
  invalidate(tenant, [TAGS.menus]);
  return { status: 'OK', message: MENU_MESSAGES.groupUpdated };
}

type FlatItem = {
  id: number;
  name: string;
  issub: boolean;
  pageid: number | null;
  parentId: number | null;
  sequence: number;
  landPage: boolean;
};
const flat = (r: {
  id: number;
  label: string;
  is_sub_menu: number;
  page_id: number | null;
  parent_id: number | null;
  sequence: number;
  land_page: number;
}): FlatItem => ({
  id: r.id,
  name: r.label,
  issub: r.is_sub_menu === 1,
  pageid: r.page_id,
  parentId: r.parent_id,
  sequence: r.sequence,
  landPage: r.land_page === 1,
});

/** getallmenudata: every item of a user's (from=User) or group's tree, flat. */
export async function getFlatMenu(tenant: Tenant, { userId, from }: MenuOwnerData): Promise<FlatItem[]> {
  const owner: MenuOwner = { kind: from === 'group' ? 'group' : 'user', id: userId };
  await assertOwnerExists(tenant.db, owner, 'userId');
  return (await listTreeItems(tenant.db, owner)).map(flat);
}

/** menubymenname: items of any tree whose label holds the text. */
export async function findMenuItemsByName(
  tenant: Tenant,
  text: string,
): Promise<Array<FlatItem & { ownerKind: 'group' | 'user'; ownerId: number }>> {
  return (await searchMenuItems(tenant.db, text)).map((r) => ({
    ...flat(r),
    ownerKind: r.owner_kind,
    ownerId: r.owner_id,
  }));
}

/** SaveItemname: renames one item's label. */
export async function renameItem(tenant: Tenant, menuId: number, label: string): Promise<MenuChangeAnswer> {
  const item = await findMenuItem(tenant.db, menuId);
  if (!item) throw new NotFoundError(MENU_MESSAGES.notFound);
  const owner: MenuOwner = { kind: item.owner_kind, id: item.owner_id };
  await inTransaction(tenant.db, async (trx) => {
    await renameMenuItem(trx, menuId, label);
    await audit(trx, tenant, {
      action: 'menu.update',
      ...(await auditTarget(trx, owner)),
      summary: `Renamed item ${item.label} of ${await treeName(trx, owner)} to ${label}`,
      details: { item: menuId, ...changedFields({ label: item.label }, { label }) },
    });
  });
  invalidate(tenant, [TAGS.menus]);
  return { status: 'OK', message: MENU_MESSAGES.saved };
}

/** cleargroupall: empties a group's tree (the screen asks the usual question first). */
export async function clearGroupMenu(tenant: Tenant, groupId: number): Promise<MenuChangeAnswer> {
  if (!(await groupExists(tenant.db, groupId))) throw new ValidationError(MENU_MESSAGES.owner, 'groupId');
  const owner: MenuOwner = { kind: 'group', id: groupId };
  await inTransaction(tenant.db, async (trx) => {
    const removed = await deleteTree(trx, owner);
    await audit(trx, tenant, {
      action: 'menu.clear',
      ...(await auditTarget(trx, owner)),
      summary: `Emptied ${await treeName(trx, owner)} (${removed} item${removed === 1 ? '' : 's'})`,
      details: { itemsDeleted: removed },
    });
  });
  invalidate(tenant, [TAGS.menus]);
  return { status: 'OK', message: MENU_MESSAGES.deleted };
}

/** The Public group's tree: the public header's menu (docs/design.md §11). */
const PUBLIC_MENU: MenuOwner = { kind: 'group', id: PUBLIC_GROUP_ID };

/** A page that can go into the public menu: it exists, is on the public website and is switched on. */
async function publicPageOf(db: Db, pageId: number) {
  const page = await findPage(db, pageId);
  if (!page) throw new NotFoundError(PAGE_MESSAGES.notFound);
  if (page.homepage !== 'Y') throw new ValidationError(PUBLIC_MENU_MESSAGES.notPublic, 'pageId');
  if (page.active !== 1) throw new ValidationError(PUBLIC_MENU_MESSAGES.inactive, 'pageId');
  return page;
}

/** The Public menu's entries flat in tree order, with their depth. */
function flatTree(rows: Awaited<ReturnType<typeof listTreeItems>>): PublicMenuEntry[] {
  const entries: PublicMenuEntry[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const row of rows.filter((r) => r.parent_id === parentId)) {
      entries.push({
        id: row.id,
        label: row.label,
        parentId,
        depth,
        holdsEntries: row.is_sub_menu === 1 && depth < MAX_MENU_DEPTH,
        pageId: row.page_id,
      });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 1);
  return entries;
}

/** Where a page is in the public menu (its first entry there) and the entries it could go under (docs/design.md §34). */
export async function publicMenuPlace(tenant: Tenant, pageId: number): Promise<PublicMenuPlace> {
  if (!(await findPage(tenant.db, pageId))) throw new NotFoundError(PAGE_MESSAGES.notFound);
  const entries = flatTree(await listTreeItems(tenant.db, PUBLIC_MENU));
  const own = entries.find((entry) => entry.pageId === pageId);
  const placed = own
    ? {
        menuId: own.id,
        parentId: own.parentId,
        position: entries.filter((e) => e.parentId === own.parentId).indexOf(own) + 1,
      }
    : null;
  return { entries, placed };
}

/**
 * Puts a page into the public menu from its screen (docs/design.md §34): under a top-level or sub-menu entry of the
 * Public group's tree, at a position among the entries there (the others move down one; beyond the last puts it
 * last). A page already in the menu moves there. The menu editor's rules hold (three levels, only under an entry
 * that holds entries); the change is audited as the menu editor's are.
 */
export async function placePageInPublicMenu(
  tenant: Tenant,
  { pageId, parentId, position }: PlacePageData,
): Promise<{ status: 'OK'; message: string; menuId: number }> {
  const menuId = await inTransaction(tenant.db, async (trx) => {
    const page = await publicPageOf(trx, pageId);
    const rows = await listTreeItems(trx, PUBLIC_MENU);
    const entries = flatTree(rows);
    const existing = entries.find((entry) => entry.pageId === pageId);
    if (parentId !== null) {
      const parent = entries.find((entry) => entry.id === parentId);
      // Never under itself or an entry under it.
      let above = parent;
      while (above && above.id !== existing?.id) above = entries.find((entry) => entry.id === above!.parentId);
      if (!parent || !parent.holdsEntries || above) throw new ValidationError(PUBLIC_MENU_MESSAGES.parent, 'parentId');
    }
    const siblings = rows.filter((row) => row.parent_id === parentId && row.id !== existing?.id);
    const at = Math.min(position, siblings.length + 1) - 1;
    const label = existing?.label ?? (page.display_name || page.name);
    const values = { parent_id: parentId, page_id: pageId, label, sequence: at + 1, is_sub_menu: 0, land_page: 0 };
    let id: number;
    const before = existing ? rows.find((row) => row.id === existing.id)! : undefined;
    if (before) {
      id = before.id;
      await updateMenuItem(trx, id, { ...values, is_sub_menu: before.is_sub_menu, land_page: before.land_page });
    } else {
      id = await insertMenuItem(trx, PUBLIC_MENU, values);
    }
    // The entries there numbered 1, 2, 3 … with the page at its position.
    const order = [...siblings.slice(0, at), { id }, ...siblings.slice(at)];
    for (const [index, row] of order.entries()) {
      const sibling = siblings.find((s) => s.id === row.id);
      if (sibling && sibling.sequence !== index + 1) {
        const { id: siblingId, ...kept } = sibling;
        await updateMenuItem(trx, siblingId, { ...kept, sequence: index + 1 });
      }
    }
    const under =
      parentId === null ? 'at the top level' : `under ${entries.find((entry) => entry.id === parentId)!.label}`;
    await audit(trx, tenant, {
      action: before ? 'menu.update' : 'menu.create',
      ...(await auditTarget(trx, PUBLIC_MENU)),
      summary: `${before ? 'Moved' : 'Added'} page ${page.routing} ${before ? 'in' : 'to'} ${await treeName(trx, PUBLIC_MENU)}, ${under}, position ${at + 1}`,
      details: before
        ? {
            item: id,
            ...changedFields(
              auditedValues(before),
              auditedValues({ ...values, is_sub_menu: before.is_sub_menu, land_page: before.land_page }),
            ),
          }
        : { item: id, ...auditedValues(values) },
    });
    return id;
  });
  invalidate(tenant, [TAGS.menus]);
  const placed = await findMenuItem(tenant.db, menuId);
  return { status: 'OK', message: PUBLIC_MENU_MESSAGES.placed(placed?.label ?? ''), menuId };
}
