import type { FieldRule } from '../../../core/field-rules/field-rule';
import { CONTENT_PAGES } from '../../../core/pages';
import { DEFAULT_FIELD_RULES } from '../../../core/schemas/page-content';
import { hasAnyFieldRule, insertFieldRules, listPageIds } from '../../field-rules/field-rules.repository';
import type { Db } from '../database';

/**
 * Gives every content page its default field rules (from its page file, src/core/content/<key>.ts) when the
 * table is empty: on a first start and on a database created before field rules existed. Rules an
 * administrator has configured are never touched.
 */
export async function seedFieldRulesIfMissing(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await hasAnyFieldRule(trx)) return;
    const existing = new Set(await listPageIds(trx));
    const rows = CONTENT_PAGES.filter((page) => existing.has(page.id)).flatMap((page) =>
      DEFAULT_FIELD_RULES[page.key].map((rule, index) => ({
        page_id: page.id,
        sequence: index + 1,
        parameter_name: rule.parameterName,
        type: rule.type,
        minlength: toBound(rule.minlength),
        maxlength: toBound(rule.maxlength),
        decimalplaces: toBound(rule.decimalplaces),
        currentdate: rule.currentdate ?? 'false',
        greatthncurrentdate: rule.greatthncurrentdate ?? 'false',
        lessthncurrentdate: rule.lessthncurrentdate ?? 'false',
      })),
    );
    await insertFieldRules(trx, rows);
  });
}

const toBound = (value: FieldRule['minlength']): number | null => (typeof value === 'number' ? value : null);
