import { pageEditor } from '../page-editor';

/** Language services (page 5): sections of heading and paragraph (spec 000 §2); words: src/core/content/language.ts. */
export default pageEditor({
  page: 'language',
  blocks: (p) => [{ title: 'Sections', parts: [p.list('sectionlst', { fields: { title: { kind: 'text' }, data: { kind: 'richtext' } } })] }],
});
