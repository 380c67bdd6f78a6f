import { pageEditor } from '../page-editor';
import { SectionsEditor } from '../sections-editor';

/** Expertise (page 4): description, dynamic sections and the segment/product table; Save All (spec 000 §2); words: src/core/content/expertise.ts. */
export default pageEditor({
  page: 'expertise',
  saveLabel: 'Save All',
  blocks: (p) => [
    { title: 'Description', parts: [p.field('description', { kind: 'richtext' })] },
    { title: 'Sections', parts: [p.custom((context) => <SectionsEditor context={context} />)] },
    {
      title: 'Industry Segment & Bespoke Development',
      parts: [p.list('tablelst', { fields: { segment: { kind: 'text' }, product: { kind: 'textarea' } } })],
    },
  ],
});
