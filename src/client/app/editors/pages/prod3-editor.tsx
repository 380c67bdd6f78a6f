import { ICON_HINT, LEAD_FIELD } from '../common-fields';
import { pageEditor } from '../page-editor';

/** InnovoCare (page 12): the introduction, description, benefits, front-office and doctor features; words: src/core/content/prod3.ts. */
export default pageEditor({
  page: 'prod3',
  blocks: (p) => [
    {
      title: 'Description',
      parts: [p.field('lead', LEAD_FIELD), p.list('descriptionlst', { fields: { descpara: { kind: 'richtext' } } })],
    },
    {
      title: 'Benefits',
      parts: [
        p.list('benefitslst', {
          fields: { icon: { kind: 'text', hint: ICON_HINT }, title: { kind: 'text' }, data: { kind: 'richtext' } },
        }),
      ],
    },
    { title: 'Front Office', parts: [p.list('section1lst', { fields: { data1: { kind: 'richtext' } } })] },
    { title: 'Doctor', parts: [p.list('section2lst', { fields: { data2: { kind: 'richtext' } } })] },
  ],
});
