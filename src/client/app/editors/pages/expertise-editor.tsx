import { LEAD_FIELD } from '../common-fields';
import { pageEditor } from '../page-editor';
import { SectionsEditor } from '../sections-editor';

/** Expertise (page 4): the introduction, description, dynamic sections and the segment/product table; Save All (spec 000 §2); words: src/core/content/expertise.ts. */
export default pageEditor({
  page: 'expertise',
  saveLabel: 'Save All',
  blocks: (p) => [
    { title: 'Description', parts: [p.field('lead', LEAD_FIELD), p.field('description', { kind: 'richtext' })] },
    { title: 'Sections', parts: [p.custom((context) => <SectionsEditor context={context} />)] },
    {
      title: 'Industry Segment & Bespoke Development',
      parts: [p.list('tablelst', { fields: { segment: { kind: 'text' }, product: { kind: 'textarea' } } })],
    },
  ],
});
