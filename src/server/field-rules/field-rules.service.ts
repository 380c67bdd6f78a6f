import { type FieldRule } from '../../core/field-rules/field-rule';
import { fieldRuleOf } from '../../core/page-defs/parameter';
import { cached } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { NotFoundError } from '../errors';
import { listParameters, parameterOf } from '../pages/definitions/parameters.repository';
import type { Tenant } from '../tenants/tenants';
import { pageExists } from './field-rules.repository';

/**
 * The rules of a page in the shape of spec 000 §3 (activeList), in sequence order, derived from its parameters
 * (docs/design.md §12): what getParamconf answers and what a save is checked against. A page without parameters has
 * an empty list; an unknown page is a 404.
 */
export async function getActiveRules(tenant: Tenant, pageId: number): Promise<FieldRule[]> {
  return activeRules.get(tenant, pageId);
}

/** Each page's field rules, by page id: every save is checked against them. Parameters change only through page definitions. */
const activeRules = cached({
  name: 'field-rules',
  tags: [TAGS.pages],
  load: async (tenant: Tenant, pageId: number): Promise<FieldRule[]> => {
    const rows = await listParameters(tenant.db, pageId);
    if (rows.length === 0 && !(await pageExists(tenant.db, pageId)))
      throw new NotFoundError(`There is no page with id ${pageId}.`);
    return rows.map((row) => fieldRuleOf(parameterOf(row)));
  },
});
