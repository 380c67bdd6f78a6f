import type { FieldRule } from '../../core/field-rules/field-rule';
import { NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { listFieldRules, pageExists, type FieldRuleRow } from './field-rules.repository';

/**
 * The rules of a page in the shape of spec 000 §3 (activeList), in sequence order: what getParamconf answers
 * and what a save is checked against (DESIGN §6). A page without rules has an empty list; an unknown page is
 * a 404.
 */
export async function getActiveRules(tenant: Tenant, pageId: number): Promise<FieldRule[]> {
  const rows = await listFieldRules(tenant.db, pageId);
  if (rows.length === 0 && !(await pageExists(tenant.db, pageId))) throw new NotFoundError(`There is no page with id ${pageId}.`);
  return rows.map(toFieldRule);
}

function toFieldRule(row: FieldRuleRow): FieldRule {
  return {
    parameterName: row.parameter_name,
    type: row.type,
    minlength: row.minlength,
    maxlength: row.maxlength,
    decimalplaces: row.decimalplaces,
    currentdate: row.currentdate,
    greatthncurrentdate: row.greatthncurrentdate,
    lessthncurrentdate: row.lessthncurrentdate,
  };
}
