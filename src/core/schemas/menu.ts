import { z } from 'zod';

/** Menu entry shape of spec 000 §3 / 001 §3, as served by POST /api/menu/menuofUserforjosn. */
export const ChildMenuSchema = z.object({
  id: z.number(),
  submenulabel: z.string(),
  submenulink: z.string(),
});

export const SubMenuSchema = ChildMenuSchema.extend({
  lstchildmenu: z.array(ChildMenuSchema),
});

export const MenuEntrySchema = z.object({
  id: z.number(),
  mainmenulabel: z.string(),
  mainmenulink: z.string(),
  lstsubmenu: z.array(SubMenuSchema),
});

export type ChildMenu = z.infer<typeof ChildMenuSchema>;
export type SubMenu = z.infer<typeof SubMenuSchema>;
export type MenuEntry = z.infer<typeof MenuEntrySchema>;
