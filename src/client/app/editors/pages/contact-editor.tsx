import type { ContactContent } from '../../../../core/schemas/page-content';
import type { EntryField } from '../entry-fields';
import { pageEditor } from '../page-editor';

/** All four are required, and the set passes the field-rule check before Save All (spec 000 §5). */
const REACH_US: readonly EntryField<ContactContent>[] = [
  { name: 'address', label: 'Address', kind: 'textarea' },
  { name: 'email', label: 'Email', kind: 'text' },
  { name: 'phone', label: 'Phone', kind: 'text' },
  { name: 'maplink', label: 'Map link', kind: 'text', hint: 'The address of the map (https://…) the map image links to.' },
];

/** Contact (page 11): the 'Reach Us' settings; Save All (spec 000 §2). */
export default pageEditor({
  page: 'contact',
  saveLabel: 'Save All',
  checkOnSave: REACH_US,
  blocks: (p) => [{ title: 'Reach Us', parts: REACH_US.map((field) => p.field(field)) }],
});
