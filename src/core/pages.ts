/**
 * The page registry: every page Folio knows, public content pages and back-office screens alike.
 * Ids are the spec's menupageid values (docs/design.md §3); back-office screens are pages from id 13 on so that
 * menus and permissions treat them the same way.
 *
 * CONTENT_PAGES is the one list of the built-in pages (docs/design.md §25): an entry here is all the registering a
 * built-in page needs. Its other three parts are found by its key, as files named after it:
 * - src/core/content/<key>.ts, the page file: document schema, editor words, demo document, default field rules
 *   (collected by src/core/schemas/page-content.ts);
 * - src/client/app/editors/pages/<key>-editor.tsx, its editor layout (src/client/app/routes.tsx);
 * - src/client/public/pages/<key>-page.tsx, what visitors see (src/client/public/page-components.ts).
 * src/built-in-pages.test.ts fails for a key without one of them, or a file without a key.
 * The entries stay here, free of zod, because the public pages read them and must not load zod
 * (docs/decisions/007-content-page-files.md).
 */

import { CONTACT_PAGE_ID } from './public-page';

export interface ContentPage {
  readonly id: number;
  readonly key: ContentPageKey;
  /** commonrouting: the editing twin's route name. */
  readonly routing: string;
  /** Canonical public path. */
  readonly publicPath: string;
  /**
   * The page's name in the registry: it seeds the page's display name (page creation), which the menus, the
   * hero and the page title show. No other words of a page live here: its lead and its search title and
   * description are in its content document (docs/design.md §20).
   */
  readonly name: string;
  /** The spec's read and save calls under /api/master/. */
  readonly getCall: string;
  readonly saveCall: string;
  /** Old short route kept as a 301. */
  readonly legacyPath?: string;
}

type ContentPageEntry = Omit<ContentPage, 'key'> & { readonly key: string };

const ENTRIES = [
  {
    id: 1,
    key: 'home',
    routing: 'Home',
    publicPath: '/Home1',
    name: 'Home',
    getCall: 'gethomepages',
    saveCall: 'saveHome',
    legacyPath: '/hom',
  },
  {
    id: 2,
    key: 'about',
    routing: 'About',
    publicPath: '/About1',
    name: 'About',
    getCall: 'getabout',
    saveCall: 'saveabout',
    legacyPath: '/abot',
  },
  {
    id: 3,
    key: 'bespoke',
    routing: 'Bespoke',
    publicPath: '/Bespoke1',
    name: 'Bespoke Development',
    getCall: 'getbespoke',
    saveCall: 'savebespoke',
    legacyPath: '/bspok',
  },
  {
    id: 4,
    key: 'expertise',
    routing: 'Expertise',
    publicPath: '/Expertise1',
    name: 'Expertise',
    getCall: 'getexprts',
    saveCall: 'saveexprts',
    legacyPath: '/exprts',
  },
  {
    id: 5,
    key: 'language',
    routing: 'Language',
    publicPath: '/Language1',
    name: 'Language Services',
    getCall: 'getLang',
    saveCall: 'saveLang',
  },
  {
    id: 6,
    key: 'consulting',
    routing: 'Consulting',
    publicPath: '/Consulting1',
    name: 'Consulting',
    getCall: 'getconsult',
    saveCall: 'saveconsult',
  },
  {
    id: 7,
    key: 'news',
    routing: 'News',
    publicPath: '/News1',
    name: 'News',
    getCall: 'getnews',
    saveCall: 'savenews',
    legacyPath: '/niws',
  },
  {
    id: 8,
    key: 'customers',
    routing: 'Customers',
    publicPath: '/Customers1',
    name: 'Customers',
    getCall: 'getcust',
    saveCall: 'savecust',
    legacyPath: '/cstmrs',
  },
  {
    id: 9,
    key: 'prod1',
    routing: 'RelationwareCRM-Manufacturing',
    publicPath: '/RelationwareCRM-Manufacturing1',
    name: 'Relationware CRM – Manufacturing',
    getCall: 'getprod1',
    saveCall: 'saveprod1',
    legacyPath: '/prd1',
  },
  {
    id: 10,
    key: 'prod2',
    routing: 'RelationwareCRM-Pharma',
    publicPath: '/RelationwareCRM-Pharma1',
    name: 'Relationware CRM – Pharma',
    getCall: 'getprod2',
    saveCall: 'saveprod2',
    legacyPath: '/prd2',
  },
  {
    id: CONTACT_PAGE_ID,
    key: 'contact',
    routing: 'Contact',
    publicPath: '/Contact1',
    name: 'Contact',
    getCall: 'getcont',
    saveCall: 'savecont',
    legacyPath: '/cntct',
  },
  {
    id: 12,
    key: 'prod3',
    routing: 'InnovoCare',
    publicPath: '/InnovoCare1',
    name: 'InnovoCare',
    getCall: 'getprod3',
    saveCall: 'saveprod3',
    legacyPath: '/prd3',
  },
] as const satisfies readonly ContentPageEntry[];

/** The key of a built-in page: its file names (above) and its place in every map by page. */
export type ContentPageKey = (typeof ENTRIES)[number]['key'];

export const CONTENT_PAGES: readonly ContentPage[] = ENTRIES;

/** Back-office screens (docs/design.md §3): pages from id 13 on. */
export interface ScreenPage {
  readonly id: number;
  readonly routing: string;
  readonly name: string;
  /** A screen reached from another one (the user form from the user list): granted with it. */
  readonly within?: string;
}

const SCREENS = [
  { id: 13, routing: 'homepages', name: 'Home Pages' },
  { id: 14, routing: 'formcreation', name: 'Page Creation', within: 'homepages' },
  { id: 15, routing: 'paramactivity', name: 'Parameter Configuration', within: 'homepages' },
  { id: 16, routing: 'userHomepage', name: 'Users' },
  { id: 17, routing: 'user', name: 'User Form', within: 'userHomepage' },
  { id: 18, routing: 'newGrouphome', name: 'User Groups' },
  { id: 19, routing: 'newGroup', name: 'User Group Form', within: 'newGrouphome' },
  { id: 20, routing: 'bmstree', name: 'Menu Tree', within: 'newGrouphome' },
  { id: 21, routing: 'menu2', name: 'Menu Item', within: 'newGrouphome' },
  { id: 22, routing: 'MenuByUser', name: 'Menu By User' },
  { id: 23, routing: 'companyForm', name: 'Company Details' },
  { id: 24, routing: 'enquiries', name: 'Enquiries' },
  { id: 25, routing: 'commonMasterType', name: 'Master Types' },
  { id: 26, routing: 'commonMaster', name: 'Master Values' },
  { id: 27, routing: 'auditlog', name: 'Audit Log' },
  { id: 28, routing: 'backups', name: 'Backups' },
  { id: 29, routing: 'dashboard', name: 'Dashboard' },
  { id: 30, routing: 'media', name: 'Media library' },
  { id: 31, routing: 'redirects', name: 'Redirects' },
  { id: 32, routing: 'languages', name: 'Languages' },
  { id: 33, routing: 'translations', name: 'Translations' },
  { id: 34, routing: 'forms', name: 'Forms' },
  { id: 35, routing: 'visits', name: 'Visits' },
  { id: 36, routing: 'reviews', name: 'Reviews' },
  { id: 37, routing: 'calendar', name: 'Calendar' },
  { id: 38, routing: 'releases', name: 'Releases' },
  { id: 39, routing: 'signin-settings', name: 'Sign-in settings' },
  { id: 40, routing: 'webhooks', name: 'Webhooks' },
] as const satisfies readonly ScreenPage[];

export const SCREEN_PAGES: readonly ScreenPage[] = SCREENS;

/** The routing name of a back-office screen. */
export type ScreenRouting = (typeof SCREENS)[number]['routing'];

const byKey = new Map(CONTENT_PAGES.map((p) => [p.key, p]));
const byId = new Map(CONTENT_PAGES.map((p) => [p.id, p]));

export function contentPageByKey(key: ContentPageKey): ContentPage {
  const page = byKey.get(key);
  if (!page) throw new Error(`Unknown content page ${key}`);
  return page;
}

export const HOME_PAGE_ID = contentPageByKey('home').id;

export function contentPageById(id: number): ContentPage | undefined {
  return byId.get(id);
}

export function screenPageByRouting(routing: ScreenRouting): ScreenPage {
  const screen = SCREEN_PAGES.find((candidate) => candidate.routing === routing);
  if (!screen) throw new Error(`Unknown screen ${routing}`);
  return screen;
}
