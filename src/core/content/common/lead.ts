import type { FieldRule } from '../../field-rules/field-rule';
import { paragraph } from '../../schemas/fields';
import { textarea } from './content-page';

/**
 * The lead: the plain paragraph under a page's hero title (docs/design.md §20). It is the first of the page's own fields,
 * so that it is also the page's default meta description (the first paragraph). Empty shows no lead; a
 * document saved before the field existed reads as empty (the demo words are in each page's demo document).
 */
export const leadField = () => paragraph().default('');

/** The editor's word for the lead. */
export const LEAD_LABEL = 'Introduction';

/** The lead's default field rule: optional (not Mandatory), at most a few sentences. */
export const LEAD_RULE = { ...textarea('lead', 0, 300), mandatory: 'N' } as const satisfies FieldRule;
