import { sql } from 'kysely';
import type { PageRecord } from '../../../core/page-defs/page-definition';
import type { Db } from '../../db/database';

/** Pages made in page creation get ids from here up (docs/design.md §11): ids below stay free for pages with code. */
export const FIRST_CREATED_PAGE_ID = 1000;

const PAGE_COLUMNS = [
  'p.id',
  'p.routing',
  'p.name',
  'p.display_name',
  'p.module_id',
  'm.name as module_name',
  'p.page_type',
  'p.homepage',
  'p.active',
  'p.kind',
  'p.public_path',
] as const;

function pagesWithModule(db: Db) {
  return db.selectFrom('pages as p').leftJoin('modules as m', 'm.id', 'p.module_id');
}

export async function listPagesPage(db: Db, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    pagesWithModule(db)
      .select([...PAGE_COLUMNS])
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findPage(db: Db, id: number) {
  return pagesWithModule(db)
    .select([...PAGE_COLUMNS])
    .where('p.id', '=', id)
    .executeTakeFirst();
}
export type PageRow = NonNullable<Awaited<ReturnType<typeof findPage>>>;

/** A page's definition as page creation shows it (getFormCreatedData, getpagedefinition). */
export function pageRecordOf(row: PageRow): PageRecord {
  return {
    id: row.id,
    filename: row.routing,
    dspname: row.display_name || row.name,
    module: row.module_id,
    modulename: row.module_name ?? '',
    type: row.page_type,
    homepage: row.homepage,
    activeStatus: row.active === 1 ? 'Y' : 'N',
  };
}

/** A page by its routing name, ignoring case (names are unique regardless of case). */
export async function findPageByRouting(db: Db, routing: string) {
  return pagesWithModule(db)
    .select([...PAGE_COLUMNS])
    .where(sql<boolean>`lower(p.routing) = ${routing.toLowerCase()}`)
    .executeTakeFirst();
}

/** Every page with content (the twelve built-in pages and those made without code): a few dozen rows. */
export async function listContentPages(db: Db) {
  return pagesWithModule(db)
    .select([...PAGE_COLUMNS])
    .where('p.kind', '=', 'content')
    .orderBy('p.id')
    .execute();
}

export async function nextCreatedPageId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('pages')
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .where('id', '>=', FIRST_CREATED_PAGE_ID)
    .executeTakeFirst();
  return Math.max(FIRST_CREATED_PAGE_ID, Number(row?.max ?? 0) + 1);
}

export interface PageValues {
  routing: string;
  name: string;
  display_name: string;
  module_id: number;
  homepage: 'Y' | 'N';
  public_path: string | null;
}

export async function insertAutowiredPage(db: Db, id: number, values: PageValues): Promise<void> {
  await db
    .insertInto('pages')
    .values({ id, ...values, kind: 'content', page_type: 'Autowired', active: 1 })
    .execute();
}

export async function updatePage(db: Db, id: number, values: Partial<PageValues>): Promise<void> {
  await db.updateTable('pages').set(values).where('id', '=', id).execute();
}

export async function setPageActive(db: Db, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('pages')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function listModules(db: Db) {
  return db.selectFrom('modules').select(['id', 'name']).orderBy('sequence').orderBy('id').execute();
}

export async function moduleExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('modules').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether a page is active (a deactivated content page has no public twin). */
export async function isPagePublished(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('pages').select('active').where('id', '=', id).executeTakeFirst();
  return row?.active === 1;
}
