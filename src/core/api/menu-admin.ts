import { z } from 'zod';
import {
  PlacePageAnswerSchema,
  PlacePageSchema,
  PublicMenuPlaceRequestSchema,
  PublicMenuPlaceSchema,
} from '../page-defs/public-menu';
import {
  ClearGroupMenuSchema,
  DeleteMenuSchema,
  FlatMenuItemSchema,
  MenuChangeAnswerSchema,
  MenuNodeSchema,
  MenuOwnerSchema,
  MenuPageOptionSchema,
  MenuSearchHitSchema,
  MenuSearchSchema,
  RenameMenuItemSchema,
  SaveMenuSchema,
  UpdateGroupMenuSchema,
} from '../schemas/menu-item';
import { ActiveUserOptionSchema } from '../schemas/user';
import { AnyBodySchema, route, screenErrors } from './route';

/** Menu trees (spec 001 §7 api/menu/*): the tree editor's calls belong to newGrouphome, the user picker to MenuByUser. */
const tree = { screen: 'newGrouphome' } as const;

export const activeUsers = route({
  method: 'POST',
  path: '/api/menu/getallActiveuser',
  body: AnyBodySchema,
  reply: z.array(ActiveUserOptionSchema),
  errors: screenErrors(),
  access: { screen: 'MenuByUser' },
});
export const menuTree = route({
  method: 'POST',
  path: '/api/menu/menubyuser',
  body: MenuOwnerSchema,
  reply: z.array(MenuNodeSchema),
  errors: screenErrors(),
  access: tree,
});
export const menuPages = route({
  method: 'POST',
  path: '/api/menu/getAllitempage',
  body: AnyBodySchema,
  reply: z.array(MenuPageOptionSchema),
  errors: screenErrors(),
  access: tree,
});
export const saveMenuItems = route({
  method: 'POST',
  path: '/api/menu/savemenubyuserforjson',
  body: SaveMenuSchema,
  reply: MenuChangeAnswerSchema,
  errors: screenErrors(404),
  access: tree,
});
export const deleteMenuItem = route({
  method: 'POST',
  path: '/api/menu/deletemenubyuser',
  body: DeleteMenuSchema,
  reply: MenuChangeAnswerSchema,
  errors: screenErrors(404),
  access: tree,
});
export const flatMenu = route({
  method: 'POST',
  path: '/api/menu/getallmenudata',
  body: MenuOwnerSchema,
  reply: z.array(FlatMenuItemSchema),
  errors: screenErrors(),
  access: tree,
});
export const findMenuItems = route({
  method: 'POST',
  path: '/api/menu/menubymenname',
  body: MenuSearchSchema,
  reply: z.array(MenuSearchHitSchema),
  errors: screenErrors(),
  access: tree,
});
export const renameMenuItem = route({
  method: 'POST',
  path: '/api/menu/SaveItemname',
  body: RenameMenuItemSchema,
  reply: MenuChangeAnswerSchema,
  errors: screenErrors(404),
  access: tree,
});
export const clearGroupMenu = route({
  method: 'POST',
  path: '/api/menu/cleargroupall',
  body: ClearGroupMenuSchema,
  reply: MenuChangeAnswerSchema,
  errors: screenErrors(),
  access: tree,
});
/** A page put into the public menu from its own screen (docs/design.md §34). */
export const publicMenuPlace = route({
  method: 'POST',
  path: '/api/menu/publicmenuplace',
  body: PublicMenuPlaceRequestSchema,
  reply: PublicMenuPlaceSchema,
  errors: screenErrors(404),
  access: tree,
});
export const placeInPublicMenu = route({
  method: 'POST',
  path: '/api/menu/placeinpublicmenu',
  body: PlacePageSchema,
  reply: PlacePageAnswerSchema,
  errors: screenErrors(404),
  access: tree,
});
export const applyGroupMenu = route({
  method: 'POST',
  path: '/api/menu/updatemenubyuser',
  body: UpdateGroupMenuSchema,
  reply: MenuChangeAnswerSchema,
  errors: screenErrors(),
  access: tree,
});
