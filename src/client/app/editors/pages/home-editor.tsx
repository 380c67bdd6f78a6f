import { HEADING_HINT, ICON_HINT, SLIDE_FIELDS } from '../common-fields';
import { pageEditor } from '../page-editor';

/** Home (page 1): the carousel and four blocks, each a title and a list (spec 000 §2). */
export default pageEditor({
  page: 'home',
  blocks: (p) => [
    { title: 'Carousel', parts: [p.list('slideList', { entryName: 'slide', fields: SLIDE_FIELDS })] },
    {
      title: 'Expertise',
      parts: [
        p.field({ name: 'exprtshead', label: 'Expertise title', kind: 'text', hint: HEADING_HINT }),
        p.list('expertiseList', {
          entryName: 'expertise card',
          fields: [
            { name: 'exprtsIcon', label: 'Icon', kind: 'text', hint: ICON_HINT },
            { name: 'exprtsHeading', label: 'Heading', kind: 'text' },
            { name: 'exprtsParagraph', label: 'Paragraph', kind: 'richtext' },
          ],
        }),
      ],
    },
    {
      title: 'Skills',
      parts: [
        p.field({ name: 'skillhead', label: 'Skills title', kind: 'text', hint: HEADING_HINT }),
        p.list('skillList', {
          entryName: 'skill',
          fields: [
            { name: 'skillName', label: 'Skill Name', kind: 'text' },
            { name: 'skillValue', label: 'Skill Value', kind: 'number', min: 0, max: 100, hint: 'Percent, 0 to 100: the width of the bar.' },
          ],
        }),
      ],
    },
    {
      title: 'About',
      parts: [
        p.field({ name: 'abouthead', label: 'About title', kind: 'text', hint: HEADING_HINT }),
        p.list('abtLst', { entryName: 'about paragraph', fields: [{ name: 'homeAbtPara', label: 'Paragraph', kind: 'richtext' }] }),
      ],
    },
    {
      title: 'News',
      parts: [
        p.field({ name: 'newshead', label: 'News title', kind: 'text', hint: HEADING_HINT }),
        p.list('newsList', {
          entryName: 'news item',
          fields: [
            { name: 'newsTitle', label: 'News Title', kind: 'text' },
            { name: 'newsDescription', label: 'News Description', kind: 'richtext' },
          ],
        }),
      ],
    },
  ],
});
