import { pageEditor } from '../page-editor';

/** Relationware CRM – Manufacturing (page 9): description, modules, sections 1–2, architecture, benefits. */
export default pageEditor({
  page: 'prod1',
  blocks: (p) => [
    { title: 'Description', parts: [p.list('descriptionlst', { entryName: 'paragraph', fields: [{ name: 'descpara', label: 'Paragraph', kind: 'richtext' }] })] },
    {
      title: 'Modules',
      parts: [
        p.field({ name: 'modulehead', label: 'Modules heading', kind: 'text' }),
        p.list('moduleslst', { entryName: 'module', fields: [{ name: 'moduledata', label: 'Module', kind: 'textarea' }] }),
      ],
    },
    {
      title: 'Section 1: Sales Force Automation',
      parts: [
        p.field({ name: 'section1detail', label: 'Section 1 introduction', kind: 'richtext', required: false }),
        p.list('section1lst', {
          entryName: 'section 1 entry',
          fields: [
            { name: 'title1', label: 'Title', kind: 'text' },
            { name: 'data1', label: 'Details', kind: 'richtext' },
          ],
        }),
      ],
    },
    {
      title: 'Section 2: Service Management',
      parts: [
        p.field({ name: 'section2detail', label: 'Section 2 introduction', kind: 'richtext', required: false }),
        p.list('section2lst', {
          entryName: 'section 2 entry',
          fields: [
            { name: 'title2', label: 'Title', kind: 'text' },
            { name: 'data2', label: 'Details', kind: 'richtext' },
          ],
        }),
      ],
    },
    { title: 'Architecture', parts: [p.list('section3lst', { entryName: 'architecture point', fields: [{ name: 'data3', label: 'Architecture', kind: 'richtext' }] })] },
    { title: 'Benefits', parts: [p.list('section4lst', { entryName: 'benefit', fields: [{ name: 'data4', label: 'Benefit', kind: 'richtext' }] })] },
  ],
});
