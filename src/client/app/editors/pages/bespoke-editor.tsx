import { SLIDE_FIELDS } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Bespoke development (page 3): the carousel and the rich-text paragraphs (spec 000 §2). */
export default pageEditor({
  page: 'bespoke',
  blocks: (p) => [
    { title: 'Carousel', parts: [p.list('slidelst', { entryName: 'slide', fields: SLIDE_FIELDS })] },
    { title: 'Bespoke content', parts: [p.list('bespokelst', { entryName: 'paragraph', fields: [{ name: 'bespokepara', label: 'Paragraph', kind: 'richtext' }] })] },
  ],
});
