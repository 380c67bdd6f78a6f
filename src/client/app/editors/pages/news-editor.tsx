import { LEAD_FIELD } from '../common-fields';
import { pageEditor } from '../page-editor';

/** News (page 7): the introduction, the timeline entries, Year and Details; Save All (spec 000 §2); words: src/core/content/news.ts. */
export default pageEditor({
  page: 'news',
  saveLabel: 'Save All',
  blocks: (p) => [
    {
      title: 'News',
      parts: [
        p.field('lead', LEAD_FIELD),
        p.list('tablelst', { fields: { newsYear: { kind: 'text' }, newsDetails: { kind: 'richtext' } } }),
      ],
    },
  ],
});
