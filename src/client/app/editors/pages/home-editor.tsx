import { ACCENT_HEADING, ICON_HINT, SLIDE_FIELDS } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Home (page 1): the carousel and four blocks, each a title and a list (spec 000 §2); words: src/core/content/home.ts. */
export default pageEditor({
  page: 'home',
  blocks: (p) => [
    { title: 'Carousel', parts: [p.list('slideList', { fields: SLIDE_FIELDS })] },
    {
      title: 'Expertise',
      parts: [
        p.field('exprtshead', ACCENT_HEADING),
        p.list('expertiseList', {
          fields: {
            exprtsIcon: { kind: 'text', hint: ICON_HINT },
            exprtsHeading: { kind: 'text' },
            exprtsParagraph: { kind: 'richtext' },
          },
        }),
      ],
    },
    {
      title: 'Skills',
      parts: [
        p.field('skillhead', ACCENT_HEADING),
        p.list('skillList', {
          fields: {
            skillName: { kind: 'text' },
            skillValue: { kind: 'number', min: 0, max: 100, hint: 'Percent, 0 to 100: the width of the bar.' },
          },
        }),
      ],
    },
    {
      title: 'About',
      parts: [
        p.field('abouthead', ACCENT_HEADING),
        p.list('abtLst', { fields: { homeAbtPara: { kind: 'richtext' } } }),
      ],
    },
    {
      title: 'News',
      parts: [
        p.field('newshead', ACCENT_HEADING),
        p.list('newsList', { fields: { newsTitle: { kind: 'text' }, newsDescription: { kind: 'richtext' } } }),
      ],
    },
  ],
});
