import type { FastifyInstance } from 'fastify';
import * as menuAdmin from '../../core/api/menu-admin';
import { typed } from '../http/contract';
import { activeUserOptions } from '../users/users.service';
import {
  applyGroupMenu,
  clearGroupMenu,
  deleteMenuItem,
  findMenuItemsByName,
  getFlatMenu,
  getMenuPages,
  getMenuTree,
  placePageInPublicMenu,
  publicMenuPlace,
  renameItem,
  saveMenuItems,
} from './menu-admin.service';

/**
 * Menu trees (spec 001 §7 api/menu/*). A route belongs to one screen: the tree editor (bmstree, menu2) is
 * registered within newGrouphome, so its calls need newGrouphome; the user picker (MenuByUser) only needs
 * the list of users to pick from. Someone granted MenuByUser alone can pick a user but not edit the tree:
 * editing menus is what lets a user grant screens, so it stays with the group administration screen.
 */
export async function menuAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(menuAdmin.activeUsers, async (request) => activeUserOptions(request.tenant));
  api.route(menuAdmin.menuTree, async (request) => getMenuTree(request.tenant, request.body));
  api.route(menuAdmin.menuPages, async (request) => getMenuPages(request.tenant));
  api.route(menuAdmin.saveMenuItems, async (request) => saveMenuItems(request.tenant, request.body));
  api.route(menuAdmin.deleteMenuItem, async (request) => deleteMenuItem(request.tenant, request.body.menuId));
  api.route(menuAdmin.flatMenu, async (request) => getFlatMenu(request.tenant, request.body));
  api.route(menuAdmin.findMenuItems, async (request) => findMenuItemsByName(request.tenant, request.body.menuname));
  api.route(menuAdmin.renameMenuItem, async (request) =>
    renameItem(request.tenant, request.body.menuId, request.body.menuname),
  );
  api.route(menuAdmin.clearGroupMenu, async (request) => clearGroupMenu(request.tenant, request.body.id));
  // A page put into the public menu from its own screen (docs/design.md §34): the tree editor's access, rules and audit.
  api.route(menuAdmin.publicMenuPlace, async (request) => publicMenuPlace(request.tenant, request.body.pageId));
  api.route(menuAdmin.placeInPublicMenu, async (request) => placePageInPublicMenu(request.tenant, request.body));
  api.route(menuAdmin.applyGroupMenu, async (request) => applyGroupMenu(request.tenant, request.body.groupId));
}
