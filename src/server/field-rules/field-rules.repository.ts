import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { FieldRuleTable } from '../db/schema';

export type FieldRuleRow = Selectable<FieldRuleTable>;
export type NewFieldRuleRow = Insertable<FieldRuleTable>;

/** A page's rules in the order they apply. */
export async function listFieldRules(db: Db, pageId: number): Promise<FieldRuleRow[]> {
  return db
    .selectFrom('field_rules')
    .selectAll()
    .where('page_id', '=', pageId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export async function pageExists(db: Db, pageId: number): Promise<boolean> {
  const row = await db.selectFrom('pages').select('id').where('id', '=', pageId).executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyFieldRule(db: Db): Promise<boolean> {
  const row = await db.selectFrom('field_rules').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function listPageIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('pages').select('id').execute();
  return rows.map((r) => r.id);
}

export async function insertFieldRules(db: Db, rows: readonly NewFieldRuleRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('field_rules')
      .values([...rows])
      .execute();
}
