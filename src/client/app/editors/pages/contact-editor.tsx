import type { ContactContent } from '../../../../core/content/contact';
import type { FieldLayout } from '../entry-fields';
import { pageEditor } from '../page-editor';

/** All four are required, and the set passes the field-rule check before Save All (spec 000 §5). */
const REACH_US: FieldLayout<ContactContent> = {
  address: { kind: 'textarea' },
  email: { kind: 'text' },
  phone: { kind: 'text' },
  maplink: { kind: 'text', hint: 'The address of the map (https://…) the map image links to.' },
};

/** Contact (page 11): the 'Reach Us' settings; Save All (spec 000 §2); words: src/core/content/contact.ts. */
export default pageEditor({
  page: 'contact',
  saveLabel: 'Save All',
  checkOnSave: REACH_US,
  blocks: (p) => [{ title: 'Reach Us', parts: p.fields(REACH_US) }],
});
