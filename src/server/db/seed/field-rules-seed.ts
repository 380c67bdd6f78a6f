import { parameterOfRule } from '../../../core/page-defs/parameter';
import { CONTENT_PAGES } from '../../../core/pages';
import { DEFAULT_FIELD_RULES } from '../../../core/schemas/page-content';
import { hasAnyParameter, insertParameters } from '../../pages/definitions/parameters.repository';
import { inTransaction, type Db } from '../database';
import { listPageIds } from '../../field-rules/field-rules.repository';

/**
 * Gives every content page its default field rules (from its page file, src/core/content/<key>.ts) as its
 * parameters when there are none at all: on a first start. Existing databases got theirs from their field
 * rules by the page-definitions migration; what an administrator configured is never touched.
 */
export async function seedFieldRulesIfMissing(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (await hasAnyParameter(trx)) return;
    const existing = new Set(await listPageIds(trx));
    for (const page of CONTENT_PAGES) {
      if (!existing.has(page.id)) continue;
      await insertParameters(
        trx,
        page.id,
        DEFAULT_FIELD_RULES[page.key].map((rule, index) => parameterOfRule(rule, index + 1)),
      );
    }
  });
}
