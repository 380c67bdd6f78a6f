import { ICON_HINT } from '../common-fields';
import { pageEditor } from '../page-editor';

/** InnovoCare (page 12): description, benefits, front-office and doctor features. */
export default pageEditor({
  page: 'prod3',
  blocks: (p) => [
    { title: 'Description', parts: [p.list('descriptionlst', { entryName: 'paragraph', fields: [{ name: 'descpara', label: 'Paragraph', kind: 'richtext' }] })] },
    {
      title: 'Benefits',
      parts: [
        p.list('benefitslst', {
          entryName: 'benefit',
          fields: [
            { name: 'icon', label: 'Icon', kind: 'text', hint: ICON_HINT },
            { name: 'title', label: 'Title', kind: 'text' },
            { name: 'data', label: 'Details', kind: 'richtext' },
          ],
        }),
      ],
    },
    { title: 'Front Office', parts: [p.list('section1lst', { entryName: 'front-office feature', fields: [{ name: 'data1', label: 'Feature', kind: 'richtext' }] })] },
    { title: 'Doctor', parts: [p.list('section2lst', { entryName: 'doctor feature', fields: [{ name: 'data2', label: 'Feature', kind: 'richtext' }] })] },
  ],
});
