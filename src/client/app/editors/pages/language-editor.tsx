import { LEAD_FIELD } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Language services (page 5): the introduction, sections of heading and paragraph (spec 000 §2); words: src/core/content/language.ts. */
export default pageEditor({
  page: 'language',
  blocks: (p) => [
    {
      title: 'Sections',
      parts: [
        p.field('lead', LEAD_FIELD),
        p.list('sectionlst', { fields: { title: { kind: 'text' }, data: { kind: 'richtext' } } }),
      ],
    },
  ],
});
