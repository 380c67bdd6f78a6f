import { z } from 'zod';
import { databaseId } from '../schemas/ids';
import { CONTENT_PAGES, SCREEN_PAGES } from '../pages';

/**
 * Page definitions (spec 001 §2 homepages / formcreation, §3 page definition, docs/design.md §11). Every page is a
 * row of `pages`: the twelve content pages and the back-office screens are `wired` (they have code); pages
 * made in page creation are `Autowired` and need none (docs/design.md §13).
 */
export const PAGE_MESSAGES = {
  saved: 'Data Save successfully !!',
  failed: 'Somthing Wrong  !!',
  nameLength: 'Enter a page name of 1 to 25 characters.',
  nameShape: 'A page name starts with a letter and has only letters, digits and hyphens: no spaces, dots or slashes.',
  displayName: 'Enter a display name of 1 to 100 characters.',
  module: 'Choose the module of the page.',
  type: 'Choose whether the page is built in or made without code.',
  newWired: 'A new page is made without code: built-in pages come with Folio’s code.',
  wiredName: 'The name of a built-in page cannot be changed: its code answers to it.',
  wiredType: 'A built-in page stays built in, and a page made without code stays made without code.',
  notFound: 'This page no longer exists.',
  statusFailed: 'Oops, Please Check Again!',
  activated: 'Page activated.',
  deactivated: 'Page deactivated: its public page is gone, its content is kept.',
} as const;

/** What the screens say where the spec's catalogue answers (docs/design.md §34: the screens say it properly). */
export const PAGE_SCREEN_WORDS = {
  saved: 'Page saved.',
  failed: 'The page could not be saved. Try again in a moment.',
  statusFailed: 'The page could not be switched on or off.',
  builtIn: 'Built in',
  withoutCode: 'Made without code',
} as const;

/** A page's type as the screens name it (the spec's Wired and Autowired stay in the API and in small print). */
export const pageTypeWords = (type: PageType) =>
  type === 'wired' ? PAGE_SCREEN_WORDS.builtIn : PAGE_SCREEN_WORDS.withoutCode;

export const PAGE_NAME_MAX = 25;
export const PAGE_PAGE_SIZE = 10;
export const PAGE_TYPES = ['wired', 'Autowired'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Names no page may take (docs/design.md §11): the server's own paths and every route of docs/design.md §3. */
export const RESERVED_PAGE_NAMES: readonly string[] = [
  'api',
  'uploads',
  'assets',
  'images',
  'login',
  'logout',
  'new',
  'robots.txt',
  'sitemap.xml',
  'favicon.svg',
  ...CONTENT_PAGES.flatMap((p) => [p.routing, p.publicPath.slice(1), ...(p.legacyPath ? [p.legacyPath.slice(1)] : [])]),
  ...SCREEN_PAGES.map((p) => p.routing),
  'Blankpage',
  'commonMasterType',
  'commonMaster',
  // `POST /api/master/previewshare/revoke` (docs/design.md §26) sits where a page's `previewshare/:routing` would.
  'revoke',
];

const YesNo = z.enum(['Y', 'N']);
const id = databaseId();

/** savePageCreation: create without `id`, update with it (docs/design.md §11). */
export const PageDefinitionSchema = z.object({
  id: id.optional(),
  filename: z
    .string({ message: PAGE_MESSAGES.nameLength })
    .trim()
    .min(1, { message: PAGE_MESSAGES.nameLength })
    // A new name has at most 25 characters (checked where a name is chosen); a wired page keeps its longer one.
    .max(100, { message: PAGE_MESSAGES.nameLength })
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, { message: PAGE_MESSAGES.nameShape }),
  dspname: z
    .string({ message: PAGE_MESSAGES.displayName })
    .trim()
    .min(1, { message: PAGE_MESSAGES.displayName })
    .max(100, { message: PAGE_MESSAGES.displayName }),
  module: databaseId({ message: PAGE_MESSAGES.module }),
  type: z.enum(PAGE_TYPES, { message: PAGE_MESSAGES.type }),
  homepage: YesNo.default('N'),
});
export type PageDefinitionInput = z.input<typeof PageDefinitionSchema>;
export type PageDefinitionData = z.output<typeof PageDefinitionSchema>;

export const PageSaveAnswerSchema = z.object({ status: z.literal('OK'), message: z.string(), id: z.number().int() });

/** A page as the page-creation form edits it (getpageedit, getactivityById). */
export const PageRecordSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  dspname: z.string(),
  module: z.number().int().nullable(),
  modulename: z.string(),
  type: z.enum(PAGE_TYPES),
  homepage: YesNo,
  activeStatus: YesNo,
});
export type PageRecord = z.infer<typeof PageRecordSchema>;

/** A row of the home-pages list (spec 001 §3 page list row). */
export const PageListRowSchema = PageRecordSchema.extend({
  srno: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export type PageListRow = z.infer<typeof PageListRowSchema>;
export const PageListSchema = z.object({ items: z.array(PageListRowSchema), totalItems: z.number().int() });
export type PageList = z.infer<typeof PageListSchema>;

export const PageListRequestSchema = z
  .object({ pageno: z.coerce.number().int().min(1).max(100000).default(1) })
  .default({ pageno: 1 });
export const PageIdSchema = z.object({ id });
export const PageStatusSchema = z.object({ id, activeStatus: YesNo });
export const PageStatusAnswerSchema = z.object({ status1: z.literal('Success'), message: z.string() });

/** Modules: the named groups of pages that menu trees start from (docs/design.md §11). */
export const ModuleSchema = z.object({ id: z.number().int(), name: z.string() });
export type Module = z.infer<typeof ModuleSchema>;

/** Why a name cannot be a page's, in a sentence; null when it can (the format is checked by the schema). */
export function reservedNameProblem(name: string): string | null {
  if (name.length > PAGE_NAME_MAX) return PAGE_MESSAGES.nameLength;
  const lower = name.toLowerCase();
  if (RESERVED_PAGE_NAMES.some((reserved) => reserved.toLowerCase() === lower))
    return `The name ${name} is used by Folio itself; choose another.`;
  return null;
}
