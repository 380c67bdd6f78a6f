import { pageEditor } from '../page-editor';

/** News (page 7): the timeline entries, Year and Details; Save All (spec 000 §2). */
export default pageEditor({
  page: 'news',
  saveLabel: 'Save All',
  blocks: (p) => [
    {
      title: 'News',
      parts: [
        p.list('tablelst', {
          entryName: 'news entry',
          fields: [
            { name: 'newsYear', label: 'Year', kind: 'text' },
            { name: 'newsDetails', label: 'Details', kind: 'richtext' },
          ],
        }),
      ],
    },
  ],
});
