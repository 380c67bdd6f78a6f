import { pageEditor } from '../page-editor';

/** Relationware CRM – Manufacturing (page 9): description, modules, sections 1–2, architecture, benefits; words: src/core/content/prod1.ts. */
export default pageEditor({
  page: 'prod1',
  blocks: (p) => [
    { title: 'Description', parts: [p.list('descriptionlst', { fields: { descpara: { kind: 'richtext' } } })] },
    {
      title: 'Modules',
      parts: [
        p.field('modulehead', { kind: 'text' }),
        p.list('moduleslst', { fields: { moduledata: { kind: 'textarea' } } }),
      ],
    },
    {
      title: 'Section 1: Sales Force Automation',
      parts: [
        p.field('section1detail', { kind: 'richtext', required: false }),
        p.list('section1lst', { fields: { title1: { kind: 'text' }, data1: { kind: 'richtext' } } }),
      ],
    },
    {
      title: 'Section 2: Service Management',
      parts: [
        p.field('section2detail', { kind: 'richtext', required: false }),
        p.list('section2lst', { fields: { title2: { kind: 'text' }, data2: { kind: 'richtext' } } }),
      ],
    },
    { title: 'Architecture', parts: [p.list('section3lst', { fields: { data3: { kind: 'richtext' } } })] },
    { title: 'Benefits', parts: [p.list('section4lst', { fields: { data4: { kind: 'richtext' } } })] },
  ],
});
