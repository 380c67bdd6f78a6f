import type { MenuEntry, SubMenu } from '../../core/schemas/menu';
import { PUBLIC_GROUP_ID } from '../../core/groups';
import { cached } from '../cache/cached';
import { TAGS } from '../cache/tags';
import type { Tenant } from '../tenants/tenants';
import { listMenuItems, type MenuItemRow } from './menus.repository';

export type MenuAudience = 'public' | 'staff';

/**
 * Builds the spec's menu entry shape (three levels: main menu, sub menu, child menu) from a flat list.
 * Public visitors follow links to the public pages (Home1…); staff to the editing twins and screens.
 */
export function buildMenuTree(rows: readonly MenuItemRow[], audience: MenuAudience): MenuEntry[] {
  const children = new Map<number | null, MenuItemRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  const linkOf = (row: MenuItemRow): string => {
    if (audience === 'public') return row.public_path ?? '';
    return row.routing ? `/${row.routing}` : '';
  };
  const kids = (id: number) => children.get(id) ?? [];
  return (children.get(null) ?? []).map((main): MenuEntry => ({
    id: main.id,
    mainmenulabel: main.label,
    mainmenulink: linkOf(main),
    lstsubmenu: kids(main.id).map((sub): SubMenu => ({
      id: sub.id,
      submenulabel: sub.label,
      submenulink: linkOf(sub),
      lstchildmenu: kids(sub.id).map((child) => ({
        id: child.id,
        submenulabel: child.label,
        submenulink: linkOf(child),
      })),
    })),
  }));
}

/** The Public group's menu, shown in the header of every public page. */
export async function getPublicMenu(tenant: Tenant): Promise<MenuEntry[]> {
  return publicMenu.get(tenant);
}

/** The public menu, read once per change of the menus or of the pages (a page deactivated leaves it). */
const publicMenu = cached({
  name: 'public-menu',
  tags: [TAGS.menus, TAGS.pages],
  load: async (tenant: Tenant): Promise<MenuEntry[]> =>
    buildMenuTree(await listMenuItems(tenant.db, 'group', PUBLIC_GROUP_ID), 'public'),
});

/**
 * The items of a user's effective menu (docs/design.md §5): their own tree if one is assigned, else their group's.
 * The one place this rule lives: the menu shown, the screens allowed and the landing page all come from it.
 */
export async function effectiveMenuItems(tenant: Tenant, userId: number, groupId: number): Promise<MenuItemRow[]> {
  const own = await listMenuItems(tenant.db, 'user', userId);
  return own.length > 0 ? own : listMenuItems(tenant.db, 'group', groupId);
}

/** The menu of a logged-in user, in the spec's menu entry shape. */
export async function getUserMenu(tenant: Tenant, userId: number, groupId: number): Promise<MenuEntry[]> {
  return buildMenuTree(await effectiveMenuItems(tenant, userId, groupId), 'staff');
}
