import { pageEditor } from '../page-editor';

/** Language services (page 5): sections of heading and paragraph (spec 000 §2). */
export default pageEditor({
  page: 'language',
  blocks: (p) => [
    {
      title: 'Sections',
      parts: [
        p.list('sectionlst', {
          entryName: 'section',
          fields: [
            { name: 'title', label: 'Heading', kind: 'text' },
            { name: 'data', label: 'Paragraph', kind: 'richtext' },
          ],
        }),
      ],
    },
  ],
});
