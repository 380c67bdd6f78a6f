import { ICON_HINT, LEAD_FIELD } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Consulting services (page 6): the introduction, sections with an icon, two titles and a paragraph (spec 000 §2); words: src/core/content/consulting.ts. */
export default pageEditor({
  page: 'consulting',
  blocks: (p) => [
    {
      title: 'Sections',
      parts: [
        p.field('lead', LEAD_FIELD),
        p.list('sectionlst', {
          fields: {
            icon: { kind: 'text', hint: ICON_HINT },
            title1: { kind: 'text' },
            title2: { kind: 'text' },
            data: { kind: 'richtext' },
          },
        }),
      ],
    },
  ],
});
