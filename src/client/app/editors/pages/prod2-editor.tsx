import { pageEditor } from '../page-editor';

/** Relationware CRM – Pharma (page 10): description, modules and the service-management list. */
export default pageEditor({
  page: 'prod2',
  blocks: (p) => [
    { title: 'Description', parts: [p.field({ name: 'description', label: 'Description', kind: 'richtext' })] },
    {
      title: 'Modules',
      parts: [
        p.field({ name: 'modulehead', label: 'Modules heading', kind: 'text' }),
        p.list('moduleslst', { entryName: 'module', fields: [{ name: 'moduledata', label: 'Module', kind: 'textarea' }] }),
      ],
    },
    {
      title: 'Service Management',
      parts: [
        p.field({ name: 'section2head', label: 'Service Management heading', kind: 'text' }),
        p.list('section2lst', { entryName: 'service management entry', fields: [{ name: 'data2', label: 'Details', kind: 'richtext' }] }),
      ],
    },
  ],
});
