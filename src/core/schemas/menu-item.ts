import { z } from 'zod';
import { databaseId } from './ids';

/** Menu trees (spec 001 §3 menu node and menu item; §4 menu tree; §5; §8), three levels deep (docs/design.md §7). */
export const MENU_MESSAGES = {
  sequence: 'Sequence is Not Less Than Current',
  deleted: 'Menu Deleted Successfully !!',
  saveFailed: 'Save Failed',
  groupUpdated: 'User Group Updated Sucessfully',
  onlyGroups: 'Sorry ! But This Feature Only for Groups',
  invalidUser: 'Oops! Please Select Valid User',
  confirmDelete: 'Do you want to delete this record ?',
  saved: 'Menu Saved Successfully !!',
  label: 'Enter a module or menu name of at most 50 characters.',
  owner: 'Choose the user or group whose menu this is.',
  parent: 'Items can be added only under a node marked as sub menu of the same tree.',
  depth: 'Menus have at most three levels: module, sub menu and child menu.',
  page: 'The chosen page does not exist.',
  notFound: 'This menu item no longer exists.',
} as const;

/** Levels below a top-level module: sub menu, then child menu. */
export const MAX_MENU_DEPTH = 3;

const id = databaseId({ zero: true }).default(0);
const flag = z
  .union([z.boolean(), z.enum(['Y', 'N']), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 'Y' || v === 1)
  .default(false);

export const MenuItemSchema = z.object({
  menuId: id,
  moduleid: id,
  pageid: id,
  parentId: id,
  /** Checked against the tree by the server ('Sequence is Not Less Than Current'). */
  sequence: z.coerce.number({ message: MENU_MESSAGES.sequence }).int().max(10000),
  modulename: z.string().trim().max(50, { message: MENU_MESSAGES.label }).default(''),
  pagename: z.string().trim().max(50, { message: MENU_MESSAGES.label }).default(''),
  isSubMenu: flag,
  landPage: flag,
  resourcegroupid: id,
  userId: id,
});
export type MenuItemInput = z.input<typeof MenuItemSchema>;
export type MenuItemData = z.output<typeof MenuItemSchema>;

export const SaveMenuSchema = z.object({
  jsonsavelist: z.union([MenuItemSchema, z.array(MenuItemSchema).min(1).max(100)]),
});
export const MenuOwnerSchema = z.object({
  userId: databaseId({ message: MENU_MESSAGES.invalidUser }),
  from: z.enum(['User', 'group']),
});
export type MenuOwnerData = z.output<typeof MenuOwnerSchema>;
export const DeleteMenuSchema = z.object({ menuId: databaseId() });
export const UpdateGroupMenuSchema = z.object({ groupId: databaseId() });

export type SaveMenuData = z.output<typeof SaveMenuSchema>;

/** A node of the menu tree editor (spec 001 §3 menu node, with what the editor needs to edit it). */
export interface MenuNode {
  id: number;
  name: string;
  issub: boolean;
  pageid: number | null;
  parentId: number | null;
  sequence: number;
  landPage: boolean;
  children: MenuNode[];
}
export const MenuNodeSchema: z.ZodType<MenuNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  issub: z.boolean(),
  pageid: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  sequence: z.number(),
  landPage: z.boolean(),
  get children() {
    return z.array(MenuNodeSchema);
  },
});

export const MenuPageOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  routing: z.string(),
  kind: z.enum(['content', 'screen']),
});
export type MenuPageOption = z.infer<typeof MenuPageOptionSchema>;

/** Answers of the tree editor's changes. */
export const MenuChangeAnswerSchema = z.object({ status: z.literal('OK'), message: z.string() });

/** getallmenudata: every item of one tree, flat (docs/design.md §11). */
export const FlatMenuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  issub: z.boolean(),
  pageid: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  sequence: z.number(),
  landPage: z.boolean(),
});
/** menubymenname: items of any tree whose label holds the text, with the tree they belong to. */
export const MenuSearchSchema = z.object({
  menuname: z.string().trim().min(1, { message: 'Enter part of a menu name.' }).max(50),
});
export const MenuSearchHitSchema = FlatMenuItemSchema.extend({
  ownerKind: z.enum(['group', 'user']),
  ownerId: z.number().int(),
});
/** SaveItemname: a new label for one item. */
export const RenameMenuItemSchema = z.object({
  menuId: databaseId(),
  menuname: z
    .string({ message: MENU_MESSAGES.label })
    .trim()
    .min(1, { message: MENU_MESSAGES.label })
    .max(50, { message: MENU_MESSAGES.label }),
});
/** cleargroupall: empties a group's tree. */
export const ClearGroupMenuSchema = z.object({ id: databaseId() });
