import { LEAD_FIELD, SLIDE_FIELDS } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Bespoke development (page 3): the introduction, the carousel and the rich-text paragraphs (spec 000 §2); words: src/core/content/bespoke.ts. */
export default pageEditor({
  page: 'bespoke',
  blocks: (p) => [
    { title: 'Carousel', parts: [p.field('lead', LEAD_FIELD), p.list('slidelst', { fields: SLIDE_FIELDS })] },
    { title: 'Bespoke content', parts: [p.list('bespokelst', { fields: { bespokepara: { kind: 'richtext' } } })] },
  ],
});
