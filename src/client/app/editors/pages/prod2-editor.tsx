import { pageEditor } from '../page-editor';

/** Relationware CRM – Pharma (page 10): description, modules and the service-management list; words: src/core/content/prod2.ts. */
export default pageEditor({
  page: 'prod2',
  blocks: (p) => [
    { title: 'Description', parts: [p.field('description', { kind: 'richtext' })] },
    {
      title: 'Modules',
      parts: [
        p.field('modulehead', { kind: 'text' }),
        p.list('moduleslst', { fields: { moduledata: { kind: 'textarea' } } }),
      ],
    },
    {
      title: 'Service Management',
      parts: [
        p.field('section2head', { kind: 'text' }),
        p.list('section2lst', { fields: { data2: { kind: 'richtext' } } }),
      ],
    },
  ],
});
