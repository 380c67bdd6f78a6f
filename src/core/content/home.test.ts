import { describe, expect, it } from 'vitest';
import { textarea } from './common/content-page';
import type { ContentLabels, DefaultFieldRules } from './common/content-page';
import { fieldRules as HOME_FIELD_RULES, page as HOME_PAGE } from './home';
import type { HomeContent } from './home';
import type { Slide } from './common/slide';

describe('the Home page file', () => {
  it('types its default rules and labels against its document: a misspelt field name fails the typecheck', () => {
    // Each line below would compile if the names were not checked; tsc (npm run typecheck) proves they are.
    // @ts-expect-error 'skilName' is not a field of the Home document
    const misspeltRule: DefaultFieldRules<HomeContent> = [textarea('skilName', 2, 40)];
    // A field of a list entry, at any depth, is a field name a rule may use.
    const nestedRule: DefaultFieldRules<HomeContent> = [textarea('skillName', 2, 40), textarea('alt', 3, 150)];
    const misspeltLabel: ContentLabels<Slide> = {
      image: 'Image',
      alt: 'Image description',
      heading: 'Heading',
      // @ts-expect-error 'captoin' is not a field of a slide
      captoin: 'Caption',
    };
    expect([misspeltRule, nestedRule, misspeltLabel]).toHaveLength(3);
  });

  it('starts with the rules of spec 000 §5, in the editor’s order', () => {
    expect(HOME_FIELD_RULES.map((rule) => rule.parameterName)).toEqual([
      'alt',
      'heading',
      'caption',
      'exprtshead',
      'exprtsIcon',
      'exprtsHeading',
      'exprtsParagraph',
      'skillhead',
      'skillName',
      'skillValue',
      'abouthead',
      'homeAbtPara',
      'newshead',
      'newsTitle',
      'newsDescription',
    ]);
  });

  it('joins its registry entry, schema and labels', () => {
    expect(HOME_PAGE).toMatchObject({
      id: 1,
      key: 'home',
      routing: 'Home',
      publicPath: '/Home1',
      getCall: 'gethomepages',
      saveCall: 'saveHome',
    });
    expect(HOME_PAGE.labels.skillList).toEqual({
      entry: 'skill',
      fields: { skillName: 'Skill Name', skillValue: 'Skill Value' },
    });
  });
});
