import type { FastifyInstance } from 'fastify';
import { activeUserOptions } from '../users/users.service';
import { applyGroupMenu, deleteMenuItem, getMenuPages, getMenuTree, saveMenuItems } from './menu-admin.service';

/**
 * Menu trees (spec 001 §7 api/menu/*). A route belongs to one screen: the tree editor (bmstree, menu2) is
 * registered within newGrouphome, so its calls need newGrouphome; the user picker (MenuByUser) only needs
 * the list of users to pick from. Someone granted MenuByUser alone can pick a user but not edit the tree:
 * editing menus is what lets a user grant screens, so it stays with the group administration screen.
 */
export async function menuAdminRoutes(app: FastifyInstance): Promise<void> {
  const tree = { screen: 'newGrouphome' } as const;
  app.post('/api/menu/getallActiveuser', { config: { access: { screen: 'MenuByUser' } } }, async (request) => activeUserOptions(request.tenant));
  app.post('/api/menu/menubyuser', { config: { access: tree } }, async (request) => getMenuTree(request.tenant, request.body));
  app.post('/api/menu/getAllitempage', { config: { access: tree } }, async (request) => getMenuPages(request.tenant));
  app.post('/api/menu/savemenubyuserforjson', { config: { access: tree } }, async (request) => saveMenuItems(request.tenant, request.body));
  app.post('/api/menu/deletemenubyuser', { config: { access: tree } }, async (request) => deleteMenuItem(request.tenant, request.body));
  app.post('/api/menu/updatemenubyuser', { config: { access: tree } }, async (request) => applyGroupMenu(request.tenant, request.body));
}
