import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';
import { fullTextSearch } from '../db/full-text';
import { likePattern, lowerLike } from '../db/like-pattern';

// ---- Types -------------------------------------------------------------------------------------------------

const TYPE_COLUMNS = ['t.id', 't.code', 't.name', 't.depends_on', 'd.name as depends_on_name', 't.active'] as const;

function typesWithDependency(db: Db) {
  return db.selectFrom('master_types as t').leftJoin('master_types as d', 'd.id', 't.depends_on');
}

/** A page of master types, oldest first; `text` searches code and name. */
export async function listTypesPage(db: Db, text: string, offset: number, limit: number) {
  let base = typesWithDependency(db);
  if (text !== '') {
    const pattern = likePattern(text);
    base = base.where((eb) => eb.or([lowerLike('t.code', pattern), lowerLike('t.name', pattern)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([...TYPE_COLUMNS])
      .orderBy('t.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findType(db: Db, id: number) {
  return typesWithDependency(db)
    .select([...TYPE_COLUMNS])
    .where('t.id', '=', id)
    .executeTakeFirst();
}
export type MasterTypeRow = NonNullable<Awaited<ReturnType<typeof findType>>>;

/** Every type (a handful): what the dependency walks and the dropdowns read. */
export async function listAllTypes(db: Db) {
  return db
    .selectFrom('master_types')
    .select(['id', 'code', 'name', 'depends_on', 'active'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A type by its code, ignoring case (codes are unique regardless of case). */
export async function findTypeIdByCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('master_types')
    .select('id')
    .where(sql<boolean>`lower(code) = ${code.toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

export interface MasterTypeValues {
  code: string;
  name: string;
  depends_on: number | null;
}

export async function insertType(db: Db, values: MasterTypeValues, at: string): Promise<number> {
  const row = await db
    .insertInto('master_types')
    .values({ ...values, active: 1, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateType(db: Db, id: number, values: MasterTypeValues): Promise<void> {
  await db.updateTable('master_types').set(values).where('id', '=', id).execute();
}

export async function setTypeActive(db: Db, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('master_types')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function hasAnyType(db: Db): Promise<boolean> {
  return (await db.selectFrom('master_types').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Whether any value of the type has a parent (then the type it depends on cannot change under them). */
export async function typeHasValuesWithParents(db: Db, typeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('master_values')
    .select('id')
    .where('type_id', '=', typeId)
    .where('parent_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Values ------------------------------------------------------------------------------------------------

const VALUE_COLUMNS = [
  'v.id',
  'v.type_id',
  't.name as type_name',
  'v.code',
  'v.name',
  'v.sequence',
  'v.parent_id',
  'p.name as parent_name',
  'v.active',
] as const;

function valuesWithTypeAndParent(db: Db) {
  return db
    .selectFrom('master_values as v')
    .innerJoin('master_types as t', 't.id', 'v.type_id')
    .leftJoin('master_values as p', 'p.id', 'v.parent_id');
}

/**
 * A page of values, by type, then grouped under their parents (in the parents' order), then by sequence and
 * name; optionally of one type; `text` searches the words of code and name (full text, migration 0016).
 */
export async function listValuesPage(
  db: Db,
  dialect: Dialect,
  filter: { typeId?: number | undefined; text: string },
  offset: number,
  limit: number,
) {
  let base = valuesWithTypeAndParent(db);
  if (filter.typeId !== undefined) base = base.where('v.type_id', '=', filter.typeId);
  if (filter.text !== '') base = base.where(fullTextSearch(dialect, 'master_values', filter.text).condition('v'));
  const [rows, count] = await Promise.all([
    base
      .select([...VALUE_COLUMNS])
      .orderBy('v.type_id')
      // Values without a parent first on both databases (they sort nulls differently).
      .orderBy(sql`coalesce(p.sequence, -1)`)
      .orderBy(sql`coalesce(p.name, '')`)
      .orderBy('v.sequence')
      .orderBy('v.name')
      .orderBy('v.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findValue(db: Db, id: number) {
  return valuesWithTypeAndParent(db)
    .select([...VALUE_COLUMNS])
    .where('v.id', '=', id)
    .executeTakeFirst();
}
export type MasterValueRow = NonNullable<Awaited<ReturnType<typeof findValue>>>;

/** A value of a type by its code, ignoring case (codes are unique within a type regardless of case). */
export async function findValueIdByCode(db: Db, typeId: number, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('master_values')
    .select('id')
    .where('type_id', '=', typeId)
    .where(sql<boolean>`lower(code) = ${code.toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

export interface MasterValueValues {
  type_id: number;
  code: string;
  name: string;
  sequence: number;
  parent_id: number | null;
}

export async function insertValue(db: Db, values: MasterValueValues): Promise<number> {
  const row = await db
    .insertInto('master_values')
    .values({ ...values, active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateValue(db: Db, id: number, values: MasterValueValues): Promise<void> {
  await db.updateTable('master_values').set(values).where('id', '=', id).execute();
}

export async function setValueActive(db: Db, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('master_values')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function setValueParent(db: Db, id: number, parentId: number): Promise<void> {
  await db.updateTable('master_values').set({ parent_id: parentId }).where('id', '=', id).execute();
}

/**
 * The active values a dropdown offers, optionally those of one parent, plus the values of the type with the ids
 * in `include` whatever their status or parent, in sequence then name order.
 */
export async function listActiveChoices(
  db: Db,
  typeId: number,
  parentId: number | null | undefined,
  include: readonly number[] = [],
) {
  const hasParent = parentId !== undefined && parentId !== null;
  return db
    .selectFrom('master_values')
    .select(['id', 'code', 'name', 'parent_id', 'active'])
    .where('type_id', '=', typeId)
    .where((eb) => {
      const offered = hasParent ? eb.and([eb('active', '=', 1), eb('parent_id', '=', parentId)]) : eb('active', '=', 1);
      return include.length > 0 ? eb.or([offered, eb('id', 'in', [...include])]) : offered;
    })
    .orderBy('sequence')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Values by id, inactive ones included: what a page's choices are checked against and shown as. */
export async function findValuesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('master_values')
    .select(['id', 'type_id', 'name', 'parent_id', 'active'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Routing names of the pages with a parameter whose values come from the type. */
export async function routingsOfPagesUsingType(db: Db, typeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pages as p')
    .innerJoin('page_parameters as pp', 'pp.page_id', 'p.id')
    .select('p.routing')
    .distinct()
    .where('pp.commonmastertype', '=', typeId)
    .execute();
  return rows.map((row) => row.routing);
}
