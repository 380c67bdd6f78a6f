import type { Insertable, Selectable } from 'kysely';
import type { Parameter } from '../../../core/page-defs/parameter';
import type { Db } from '../../db/database';
import type { PageParameterTable } from '../../db/schema';

export type ParameterRow = Selectable<PageParameterTable>;

/** A page's parameters in the order they apply. */
export async function listParameters(db: Db, pageId: number): Promise<ParameterRow[]> {
  return db
    .selectFrom('page_parameters')
    .selectAll()
    .where('page_id', '=', pageId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export async function hasAnyParameter(db: Db): Promise<boolean> {
  return (await db.selectFrom('page_parameters').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Replaces a page's parameters as a whole (call inside a transaction). */
export async function replaceParameters(db: Db, pageId: number, parameters: readonly Parameter[]): Promise<void> {
  await db.deleteFrom('page_parameters').where('page_id', '=', pageId).execute();
  if (parameters.length > 0)
    await db
      .insertInto('page_parameters')
      .values(parameters.map((p) => rowOf(pageId, p)))
      .execute();
}

export async function insertParameters(db: Db, pageId: number, parameters: readonly Parameter[]): Promise<void> {
  if (parameters.length > 0)
    await db
      .insertInto('page_parameters')
      .values(parameters.map((p) => rowOf(pageId, p)))
      .execute();
}

function rowOf(pageId: number, p: Parameter): Insertable<PageParameterTable> {
  return {
    page_id: pageId,
    sequence: p.sequence,
    parameter_name: p.parameterName,
    mandatory: p.mandatory,
    type: p.type,
    unittype: p.unittype,
    validator: p.validator,
    pagecreationtype: p.pagecreationtype,
    minlength: p.minlength,
    maxlength: p.maxlength,
    decimalplaces: p.decimalplaces,
    allownegative: p.allownegative,
    allownegativeforfloat: p.allownegativeforfloat,
    min: p.min,
    currentdate: p.currentdate,
    greatthncurrentdate: p.greatthncurrentdate,
    lessthncurrentdate: p.lessthncurrentdate,
    booleanyes: p.booleanyes,
    booleanno: p.booleanno,
    commonmastertype: p.commonmastertype,
    sizeinkb: p.sizeinKB,
    height: p.height,
    width: p.width,
    translatable: p.translatable === null ? null : p.translatable ? 1 : 0,
    show_name: p.showName === null ? null : p.showName ? 1 : 0,
    as_heading: p.asHeading ? 1 : 0,
  };
}

/** A stored row in the API's shape. */
export function parameterOf(row: ParameterRow): Parameter {
  return {
    parameterName: row.parameter_name,
    sequence: row.sequence,
    mandatory: row.mandatory,
    type: row.type as Parameter['type'],
    unittype: row.unittype as Parameter['unittype'],
    validator: row.validator as Parameter['validator'],
    pagecreationtype: row.pagecreationtype as Parameter['pagecreationtype'],
    minlength: row.minlength,
    maxlength: row.maxlength,
    decimalplaces: row.decimalplaces,
    allownegative: row.allownegative,
    allownegativeforfloat: row.allownegativeforfloat,
    min: row.min === null ? null : Number(row.min),
    currentdate: row.currentdate as Parameter['currentdate'],
    greatthncurrentdate: row.greatthncurrentdate as Parameter['greatthncurrentdate'],
    lessthncurrentdate: row.lessthncurrentdate as Parameter['lessthncurrentdate'],
    booleanyes: row.booleanyes,
    booleanno: row.booleanno,
    commonmastertype: row.commonmastertype,
    sizeinKB: row.sizeinkb,
    height: row.height,
    width: row.width,
    translatable: row.translatable === null ? null : row.translatable === 1,
    showName: row.show_name === null ? null : row.show_name === 1,
    asHeading: row.as_heading === 1,
  };
}
