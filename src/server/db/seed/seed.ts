import { sql } from 'kysely';
import { ADMINISTRATORS_GROUP_ID, EDITORS_GROUP_ID, PUBLIC_GROUP_ID, PUBLIC_USER_ID } from '../../../core/groups';
import { CONTENT_PAGE_MODULES, MODULE_IDS } from '../../../core/page-defs/modules';
import { CONTENT_PAGES, SCREEN_PAGES, contentPageByKey, screenPageByRouting } from '../../../core/pages';
import { CONTACT_FORM, CONTACT_FORM_KEY } from '../../../core/forms/contact-form';
import type { ContentPage, ContentPageKey, ScreenRouting } from '../../../core/pages';
import { DEMO_CONTENT } from '../../../core/schemas/page-content';
import type { Db, Dialect } from '../database';
import { DEMO_COMPANY } from './demo-company';

/** A seeded menu item: a content page named by key, a back-office screen by routing, or a sub-menu. */
type MenuSeed =
  | { label: string; page: ContentPageKey; screen?: never; children?: never }
  | { label: string; screen: ScreenRouting; page?: never; children?: never }
  | { label: string; children: MenuSeed[]; page?: never; screen?: never };

/** What a menu lands on after sign-in: a content page by key or a screen by routing. */
type Landing = ContentPageKey | ScreenRouting;

/** The Public group's menu: Services and Products are sub-menus, Relationware CRM one level deeper. */
const PUBLIC_MENU: MenuSeed[] = [
  { label: 'Home', page: 'home' },
  { label: 'About', page: 'about' },
  {
    label: 'Services',
    children: [
      { label: 'Bespoke Development', page: 'bespoke' },
      { label: 'Expertise', page: 'expertise' },
      { label: 'Language Services', page: 'language' },
      { label: 'Consulting', page: 'consulting' },
    ],
  },
  {
    label: 'Products',
    children: [
      {
        label: 'Relationware CRM',
        children: [
          { label: 'CRM for Manufacturing', page: 'prod1' },
          { label: 'CRM for Pharma', page: 'prod2' },
        ],
      },
      { label: 'InnovoCare Clinic EMR', page: 'prod3' },
    ],
  },
  { label: 'News', page: 'news' },
  { label: 'Customers', page: 'customers' },
  { label: 'Contact', page: 'contact' },
];

/** Back-office screens in the Administrators' menu (the screens reached from them come with them). */
const ADMINISTRATION_MENU: MenuSeed = {
  label: 'Administration',
  children: [
    { label: 'Users', screen: 'userHomepage' },
    { label: 'User Groups', screen: 'newGrouphome' },
    { label: 'Menu By User', screen: 'MenuByUser' },
    { label: 'Home Pages', screen: 'homepages' },
    { label: 'Company Details', screen: 'companyForm' },
    { label: 'Enquiries', screen: 'enquiries' },
    { label: 'Forms', screen: 'forms' },
    { label: 'Visits', screen: 'visits' },
    { label: 'Reviews', screen: 'reviews' },
    { label: 'Calendar', screen: 'calendar' },
    { label: 'Releases', screen: 'releases' },
    { label: 'Sign-in settings', screen: 'signin-settings' },
    { label: 'Master Types', screen: 'commonMasterType' },
    { label: 'Master Values', screen: 'commonMaster' },
    { label: 'Audit Log', screen: 'auditlog' },
    { label: 'Backups', screen: 'backups' },
    { label: 'Webhooks', screen: 'webhooks' },
    { label: 'Redirects', screen: 'redirects' },
    { label: 'Media library', screen: 'media' },
    { label: 'Languages', screen: 'languages' },
    { label: 'Translations', screen: 'translations' },
  ],
};

/** The staff home (docs/design.md §23): first in the staff groups' menus, and where they land after sign-in. */
const STAFF_HOME: MenuSeed = { label: 'Dashboard', screen: 'dashboard' };

/**
 * Seeded menus per group, with what each lands on: the public site (Home); the staff home and the twelve
 * editing twins (same shape); the same plus administration.
 */
const GROUP_MENUS: ReadonlyArray<[number, MenuSeed[], Landing]> = [
  [PUBLIC_GROUP_ID, PUBLIC_MENU, 'home'],
  [EDITORS_GROUP_ID, [STAFF_HOME, ...PUBLIC_MENU], 'dashboard'],
  [ADMINISTRATORS_GROUP_ID, [STAFF_HOME, ...PUBLIC_MENU, ADMINISTRATION_MENU], 'dashboard'],
];

/** Gives each built-in group its seeded menu if it has none (also on databases seeded by earlier versions). */
export async function seedGroupMenusIfMissing(db: Db): Promise<void> {
  for (const [groupId, menu, landing] of GROUP_MENUS) {
    const existing = await db
      .selectFrom('menu_items')
      .select('id')
      .where('owner_kind', '=', 'group')
      .where('owner_id', '=', groupId)
      .limit(1)
      .executeTakeFirst();
    if (!existing) await db.transaction().execute((trx) => insertMenu(trx, 'group', groupId, menu, null, landing));
  }
}

/**
 * The demo's display names where they are not the registry's page names: the headings the spec gives these
 * pages (spec 000 §2, docs/design.md §24; News's is its name). Migration 0018 sets them on databases seeded before.
 */
const DEMO_DISPLAY_NAMES: Readonly<Partial<Record<ContentPageKey, string>>> = {
  about: 'About us',
  customers: 'Our Customers',
};

/** The display name the seed gives a page: its hero's heading and its title (until a firm renames it). */
export const demoDisplayName = (page: ContentPage): string => DEMO_DISPLAY_NAMES[page.key] ?? page.name;

/**
 * Fills an empty database with what Folio needs to run (built-in groups, the Public user, the page
 * registry) and the demo content of the firm. Does nothing on a database that already has pages.
 */
export async function seedIfEmpty(db: Db, dialect: Dialect, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('pages').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return false;
  const at = now.toISOString();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_groups')
      .values([
        { id: ADMINISTRATORS_GROUP_ID, name: 'Administrators', builtin: 1, created_at: at },
        { id: PUBLIC_GROUP_ID, name: 'Public', builtin: 1, created_at: at },
        { id: EDITORS_GROUP_ID, name: 'Editors', builtin: 1, created_at: at },
      ])
      .execute();
    await trx
      .insertInto('users')
      .values({
        id: PUBLIC_USER_ID,
        username: 'Public',
        password_hash: null,
        group_id: PUBLIC_GROUP_ID,
        first_name: 'Public',
        last_name: '',
        email: '',
        active: 1,
        created_at: at,
      })
      .execute();

    await trx
      .insertInto('pages')
      .values([
        ...CONTENT_PAGES.map((p) => ({
          id: p.id,
          routing: p.routing,
          name: p.name,
          display_name: demoDisplayName(p),
          public_path: p.publicPath,
          kind: 'content' as const,
          active: 1,
          module_id: CONTENT_PAGE_MODULES[p.key],
          page_type: 'wired' as const,
          homepage: 'Y' as const,
        })),
        ...SCREEN_PAGES.map((p) => ({
          id: p.id,
          routing: p.routing,
          name: p.name,
          display_name: p.name,
          public_path: null,
          kind: 'screen' as const,
          active: 1,
          module_id: MODULE_IDS.administration,
          page_type: 'wired' as const,
          homepage: 'N' as const,
        })),
      ])
      .execute();

    await trx
      .insertInto('page_revisions')
      .values(
        CONTENT_PAGES.map((p) => ({
          page_id: p.id,
          revision: 1,
          document: JSON.stringify({ ...DEMO_CONTENT[p.key], revision: 1 }),
          saved_by: null,
          saved_by_name: 'Folio demo content',
          saved_at: at,
        })),
      )
      .execute();

    await trx
      .insertInto('company')
      .values({ id: 1, ...DEMO_COMPANY, updated_at: at })
      .execute();

    await insertContactForm(trx, at);

    if (dialect === 'postgres') {
      // Rows inserted with explicit ids do not move an identity sequence; move it past them.
      for (const table of ['user_groups', 'users']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          trx,
        );
      }
    }
  });
  return true;
}

/** The contact form as a form made without code (docs/design.md §30): listed on the forms screen, never deleted. */
async function insertContactForm(db: Db, at: string): Promise<void> {
  await db
    .insertInto('forms')
    .values({
      built_in: CONTACT_FORM_KEY,
      name: CONTACT_FORM.name,
      definition: JSON.stringify(CONTACT_FORM.definition),
      revision: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function insertMenu(
  db: Db,
  ownerKind: 'group' | 'user',
  ownerId: number,
  items: MenuSeed[],
  parentId: number | null,
  landing: Landing,
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const row = await db
      .insertInto('menu_items')
      .values({
        owner_kind: ownerKind,
        owner_id: ownerId,
        parent_id: parentId,
        page_id: item.page ? contentPageByKey(item.page).id : item.screen ? screenPageByRouting(item.screen).id : null,
        label: item.label,
        sequence: index + 1,
        is_sub_menu: item.children ? 1 : 0,
        land_page: item.page === landing || item.screen === landing ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (item.children) await insertMenu(db, ownerKind, ownerId, item.children, row.id, landing);
  }
}
