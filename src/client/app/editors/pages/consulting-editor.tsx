import { ICON_HINT } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Consulting services (page 6): sections with an icon, two titles and a paragraph (spec 000 §2). */
export default pageEditor({
  page: 'consulting',
  blocks: (p) => [
    {
      title: 'Sections',
      parts: [
        p.list('sectionlst', {
          entryName: 'section',
          fields: [
            { name: 'icon', label: 'Icon', kind: 'text', hint: ICON_HINT },
            { name: 'title1', label: 'Title', kind: 'text' },
            { name: 'title2', label: 'Subtitle', kind: 'text' },
            { name: 'data', label: 'Paragraph', kind: 'richtext' },
          ],
        }),
      ],
    },
  ],
});
