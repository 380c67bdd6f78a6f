import type { ContactContent } from '../../../../core/content/contact';
import { LEAD_FIELD } from '../common-fields';
import type { FieldLayout } from '../entry-fields';
import { pageEditor } from '../page-editor';

/** All four are required, and the set passes the field-rule check before Save All (spec 000 §5). */
const REACH_US: Omit<FieldLayout<ContactContent>, 'lead'> = {
  address: { kind: 'textarea' },
  email: { kind: 'text' },
  phone: { kind: 'text' },
  maplink: { kind: 'text', hint: 'The address of the map (https://…) the map image links to.' },
};

/** Contact (page 11): the introduction and the 'Reach Us' settings; Save All (spec 000 §2); words: src/core/content/contact.ts. */
export default pageEditor({
  page: 'contact',
  saveLabel: 'Save All',
  checkOnSave: REACH_US,
  blocks: (p) => [{ title: 'Reach Us', parts: [p.field('lead', LEAD_FIELD), ...p.fields(REACH_US)] }],
});
