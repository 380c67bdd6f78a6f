import { CONTENT_PAGES, type ContentPageKey } from '../../../core/pages';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import { hasAnyFieldRule, insertFieldRules, listPageIds } from '../../field-rules/field-rules.repository';
import type { Db } from '../database';

const textarea = (parameterName: string, minlength: number, maxlength: number): FieldRule => ({ parameterName, type: 'Textarea', minlength, maxlength });
const richtext = (parameterName: string, minlength: number, maxlength: number): FieldRule => ({ parameterName, type: 'Richtext', minlength, maxlength });
const number = (parameterName: string, maxlength: number, decimalplaces: number | null = null): FieldRule => ({ parameterName, type: 'number', maxlength, decimalplaces });

/** Slides of the Home and Bespoke carousels. */
const SLIDE_RULES = [textarea('alt', 3, 150), textarea('heading', 3, 100), textarea('caption', 10, 400)];

/**
 * The field rules a fresh install starts with: every field of every content page (src/core/schemas/page-content.ts),
 * in the order the editor shows them. Minimums catch empty or accidental entries; maximums are generous (the
 * demo content passes them all, see field-rules.routes.test.ts) and sit well inside the schemas' hard limits.
 *
 * Image fields (slide image, mngimg, custImage) get no Image rule: the demo images are SVG files, and the Image
 * rule accepts jpeg, jpg, png and gif only (spec 000 §5), so a rule would block every save of the Home, About,
 * Bespoke and Customers pages until each demo image was replaced. Uploads through the file picker are png, jpg
 * or jpeg anyway. An administrator can add Image rules in parameter configuration once the images are replaced.
 */
export const SEEDED_FIELD_RULES: { readonly [K in ContentPageKey]: readonly FieldRule[] } = {
  home: [
    ...SLIDE_RULES,
    richtext('exprtshead', 2, 100),
    textarea('exprtsIcon', 2, 40),
    textarea('exprtsHeading', 3, 60),
    richtext('exprtsParagraph', 10, 600),
    richtext('skillhead', 2, 100),
    textarea('skillName', 2, 40),
    number('skillValue', 3),
    richtext('abouthead', 2, 100),
    richtext('homeAbtPara', 10, 1000),
    richtext('newshead', 2, 100),
    textarea('newsTitle', 4, 10),
    richtext('newsDescription', 10, 600),
  ],
  about: [
    richtext('mainpara', 10, 2000),
    textarea('contenttitle', 3, 80),
    richtext('contentpara', 10, 1500),
    textarea('mngprofname', 3, 80),
    textarea('mngdesignation', 2, 80),
    richtext('mngdetails', 10, 3000),
  ],
  bespoke: [...SLIDE_RULES, richtext('bespokepara', 10, 3000)],
  expertise: [
    richtext('description', 10, 3000),
    textarea('heading', 2, 80),
    // Spec 000 §5: a list item must be non-blank after trimming.
    textarea('data', 1, 300),
    textarea('segment', 2, 80),
    textarea('product', 3, 300),
  ],
  language: [textarea('title', 3, 100), richtext('data', 10, 3000)],
  consulting: [textarea('icon', 2, 40), textarea('title1', 2, 60), textarea('title2', 3, 100), richtext('data', 10, 1500)],
  // A year: four digits, no decimals.
  news: [number('newsYear', 4, 0), richtext('newsDetails', 10, 1500)],
  customers: [textarea('custname', 2, 100)],
  prod1: [
    richtext('descpara', 10, 2000),
    textarea('modulehead', 2, 100),
    textarea('moduledata', 2, 300),
    richtext('section1detail', 10, 2000),
    textarea('title1', 3, 100),
    richtext('data1', 10, 1500),
    richtext('section2detail', 10, 2000),
    textarea('title2', 3, 100),
    richtext('data2', 10, 1500),
    richtext('data3', 10, 1500),
    richtext('data4', 10, 1500),
  ],
  prod2: [
    richtext('description', 10, 3000),
    textarea('modulehead', 2, 100),
    textarea('moduledata', 10, 500),
    textarea('section2head', 2, 100),
    richtext('data2', 10, 1500),
  ],
  contact: [textarea('address', 10, 500), textarea('email', 6, 254), textarea('phone', 8, 20), textarea('maplink', 10, 2000)],
  prod3: [
    richtext('descpara', 10, 2000),
    textarea('icon', 2, 40),
    textarea('title', 3, 100),
    richtext('data', 10, 1500),
    richtext('data1', 5, 600),
    richtext('data2', 5, 600),
  ],
};

/**
 * Gives every content page its seeded field rules when the table is empty: on a first start and on a
 * database created before field rules existed. Rules an administrator has configured are never touched.
 */
export async function seedFieldRulesIfMissing(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await hasAnyFieldRule(trx)) return;
    const existing = new Set(await listPageIds(trx));
    const rows = CONTENT_PAGES.filter((page) => existing.has(page.id)).flatMap((page) =>
      SEEDED_FIELD_RULES[page.key].map((rule, index) => ({
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
