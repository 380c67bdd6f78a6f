import { z } from 'zod';
import { databaseId } from '../schemas/ids';

/**
 * A page put into the public menu from its own screen (docs/design.md §34): where it goes in the Public group's menu
 * tree (the menu-tree editor's machinery on the server, with its rules, its access and its audit).
 */
export const PUBLIC_MENU_MESSAGES = {
  placed: (label: string) => `${label} is in the public menu.`,
  notPublic:
    'Only a page on the public website can be in the public menu: tick “Part of the public website”, save, then place it.',
  inactive: 'This page is switched off: switch it on in the list of pages before you put it in the public menu.',
  parent: 'Choose a menu entry that holds other entries, or the top level.',
} as const;

/** The screen's read: the Public menu's entries that can hold a page, and where the page is now (null: not in it). */
export const PublicMenuPlaceRequestSchema = z.object({ pageId: databaseId() });

export const PlacePageSchema = z.object({
  pageId: databaseId(),
  /** The entry the page goes under; null: the top level. */
  parentId: databaseId().nullable(),
  /** Its place among the entries there, 1 for the first; beyond the last puts it last. */
  position: z.coerce
    .number({ message: 'Enter a position of 1 or more.' })
    .int({ message: 'Enter a position of 1 or more.' })
    .min(1, { message: 'Enter a position of 1 or more.' })
    .max(1000, { message: 'Enter a position of at most 1000.' }),
});
export type PlacePageData = z.output<typeof PlacePageSchema>;

/** An entry of the Public menu, flat in tree order: `depth` 1 for the top level. */
export const PublicMenuEntrySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  parentId: z.number().int().nullable(),
  depth: z.number().int(),
  /** Whether entries can go under it (the menu editor's "sub menu"), and whether a third level could. */
  holdsEntries: z.boolean(),
  pageId: z.number().int().nullable(),
});
export type PublicMenuEntry = z.infer<typeof PublicMenuEntrySchema>;

export const PublicMenuPlaceSchema = z.object({
  entries: z.array(PublicMenuEntrySchema),
  /** Where the page is: its entry, the entry it is under (null: the top level) and its position there. */
  placed: z
    .object({ menuId: z.number().int(), parentId: z.number().int().nullable(), position: z.number().int() })
    .nullable(),
});
export type PublicMenuPlace = z.infer<typeof PublicMenuPlaceSchema>;

export const PlacePageAnswerSchema = z.object({
  status: z.literal('OK'),
  message: z.string(),
  menuId: z.number().int(),
});
