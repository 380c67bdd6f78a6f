import { describe, expect, it } from 'vitest';
import { checkDocumentEntries } from '../../field-rules/check-entry';
import { fieldRuleOf, parameterOfRule } from '../../page-defs/parameter';
import type { ContentPageKey } from '../../pages';
import { pageFields, paragraphsOf } from '../../schemas/fields';
import {
  CONTENT_PAGE_DEFINITIONS,
  CONTENT_SCHEMAS,
  DEFAULT_FIELD_RULES,
  DEMO_CONTENT,
} from '../../schemas/page-content';
import type { LabelTree } from './content-page';
import { LEAD_LABEL, LEAD_RULE } from './lead';

/** The pages whose hero shows a lead (docs/design.md §20): the words their code showed are now their documents'. */
const LEAD_PAGES: readonly ContentPageKey[] = [
  'bespoke',
  'expertise',
  'language',
  'consulting',
  'news',
  'customers',
  'contact',
  'prod3',
];
const OTHER_PAGES = (Object.keys(CONTENT_SCHEMAS) as ContentPageKey[]).filter((key) => !LEAD_PAGES.includes(key));

const demo = (key: ContentPageKey) => ({ ...DEMO_CONTENT[key], revision: 0 }) as Record<string, unknown>;

describe.each(LEAD_PAGES)('the lead of %s', (key) => {
  it('is seeded with the demo words and is the first paragraph, so the default description', () => {
    const lead = demo(key).lead;
    expect(typeof lead).toBe('string');
    expect(String(lead).length).toBeGreaterThan(20);
    expect(String(lead).length).toBeLessThanOrEqual(LEAD_RULE.maxlength);
    expect(paragraphsOf(CONTENT_SCHEMAS[key], demo(key))[0]?.text).toBe(lead);
  });

  it("is the first of the page's own fields and is called Introduction in its editor", () => {
    const own = Object.keys(CONTENT_SCHEMAS[key].shape).filter((field) => !Object.hasOwn(pageFields, field));
    expect(own[0]).toBe('lead');
    expect((CONTENT_PAGE_DEFINITIONS[key].labels as Record<string, unknown>).lead).toBe(LEAD_LABEL);
  });

  it('reads as empty in a document saved before it existed, and may be left empty under the default rules', () => {
    const { lead: _lead, ...before } = demo(key);
    const parsed = CONTENT_SCHEMAS[key].parse(before) as Record<string, unknown>;
    expect(parsed.lead).toBe('');
    expect(DEFAULT_FIELD_RULES[key][0]).toEqual(LEAD_RULE);
    expect(checkDocumentEntries(parsed, DEFAULT_FIELD_RULES[key])).toEqual({ ok: true });
    // As a stored parameter too (the seed stores the default rules as parameters): optional, not Mandatory.
    const stored = DEFAULT_FIELD_RULES[key].map((rule, index) => fieldRuleOf(parameterOfRule(rule, index + 1)));
    expect(stored[0]).toMatchObject({ parameterName: 'lead', mandatory: 'N', maxlength: 300 });
    expect(checkDocumentEntries(parsed, stored)).toEqual({ ok: true });
    const labels = CONTENT_PAGE_DEFINITIONS[key].labels as LabelTree;
    expect(checkDocumentEntries({ ...parsed, lead: 'x'.repeat(301) }, stored, new Date(), labels)).toEqual({
      ok: false,
      title: 'Oops',
      message: `Please enter less than 300 characters in ${LEAD_LABEL}`,
      field: 'lead',
    });
  });
});

describe('pages without a lead', () => {
  it.each(OTHER_PAGES)('%s has no lead field (its hero shows its title only)', (key) => {
    expect(Object.keys(CONTENT_SCHEMAS[key].shape)).not.toContain('lead');
  });

  it('keeps every other default rule Mandatory, as before', () => {
    const rules = DEFAULT_FIELD_RULES.expertise.filter((rule) => rule.parameterName !== 'lead');
    expect(rules.map((rule, index) => parameterOfRule(rule, index + 1).mandatory)).toEqual(rules.map(() => 'Y'));
  });
});
