import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ClearGroupMenuSchema,
  DeleteMenuSchema,
  FlatMenuItemSchema,
  MenuSearchHitSchema,
  MenuSearchSchema,
  RenameMenuItemSchema,
  MenuChangeAnswerSchema,
  MenuNodeSchema,
  MenuOwnerSchema,
  MenuPageOptionSchema,
  SaveMenuSchema,
  UpdateGroupMenuSchema,
} from '../../core/schemas/menu-item';
import { PlacePageAnswerSchema, PlacePageSchema, PublicMenuPlaceRequestSchema, PublicMenuPlaceSchema } from '../../core/page-defs/public-menu';
import { ActiveUserOptionSchema } from '../../core/schemas/user';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import { activeUserOptions } from '../users/users.service';
import { applyGroupMenu, clearGroupMenu, deleteMenuItem, findMenuItemsByName, getFlatMenu, getMenuPages, getMenuTree, placePageInPublicMenu, publicMenuPlace, renameItem, saveMenuItems } from './menu-admin.service';

/**
 * Menu trees (spec 001 §7 api/menu/*). A route belongs to one screen: the tree editor (bmstree, menu2) is
 * registered within newGrouphome, so its calls need newGrouphome; the user picker (MenuByUser) only needs
 * the list of users to pick from. Someone granted MenuByUser alone can pick a user but not edit the tree:
 * editing menus is what lets a user grant screens, so it stays with the group administration screen.
 */
export async function menuAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const tree = { access: { screen: 'newGrouphome' } } as const;
  api.post(
    '/api/menu/getallActiveuser',
    { config: { access: { screen: 'MenuByUser' } }, schema: { body: AnyBodySchema, response: screenReplies(z.array(ActiveUserOptionSchema)) } },
    async (request) => activeUserOptions(request.tenant),
  );
  api.post('/api/menu/menubyuser', { config: tree, schema: { body: MenuOwnerSchema, response: screenReplies(z.array(MenuNodeSchema)) } }, async (request) =>
    getMenuTree(request.tenant, request.body),
  );
  api.post('/api/menu/getAllitempage', { config: tree, schema: { body: AnyBodySchema, response: screenReplies(z.array(MenuPageOptionSchema)) } }, async (request) =>
    getMenuPages(request.tenant),
  );
  api.post(
    '/api/menu/savemenubyuserforjson',
    { config: tree, schema: { body: SaveMenuSchema, response: screenReplies(MenuChangeAnswerSchema, [404]) } },
    async (request) => saveMenuItems(request.tenant, request.body),
  );
  api.post('/api/menu/deletemenubyuser', { config: tree, schema: { body: DeleteMenuSchema, response: screenReplies(MenuChangeAnswerSchema, [404]) } }, async (request) =>
    deleteMenuItem(request.tenant, request.body.menuId),
  );
  api.post('/api/menu/getallmenudata', { config: tree, schema: { body: MenuOwnerSchema, response: screenReplies(z.array(FlatMenuItemSchema)) } }, async (request) =>
    getFlatMenu(request.tenant, request.body),
  );
  api.post('/api/menu/menubymenname', { config: tree, schema: { body: MenuSearchSchema, response: screenReplies(z.array(MenuSearchHitSchema)) } }, async (request) =>
    findMenuItemsByName(request.tenant, request.body.menuname),
  );
  api.post('/api/menu/SaveItemname', { config: tree, schema: { body: RenameMenuItemSchema, response: screenReplies(MenuChangeAnswerSchema, [404]) } }, async (request) =>
    renameItem(request.tenant, request.body.menuId, request.body.menuname),
  );
  api.post('/api/menu/cleargroupall', { config: tree, schema: { body: ClearGroupMenuSchema, response: screenReplies(MenuChangeAnswerSchema) } }, async (request) =>
    clearGroupMenu(request.tenant, request.body.id),
  );
  // A page put into the public menu from its own screen (docs/design.md §34): the tree editor's access, rules and audit.
  api.post(
    '/api/menu/publicmenuplace',
    { config: tree, schema: { body: PublicMenuPlaceRequestSchema, response: screenReplies(PublicMenuPlaceSchema, [404]) } },
    async (request) => publicMenuPlace(request.tenant, request.body.pageId),
  );
  api.post(
    '/api/menu/placeinpublicmenu',
    { config: tree, schema: { body: PlacePageSchema, response: screenReplies(PlacePageAnswerSchema, [404]) } },
    async (request) => placePageInPublicMenu(request.tenant, request.body),
  );
  api.post(
    '/api/menu/updatemenubyuser',
    { config: tree, schema: { body: UpdateGroupMenuSchema, response: screenReplies(MenuChangeAnswerSchema) } },
    async (request) => applyGroupMenu(request.tenant, request.body.groupId),
  );
}
