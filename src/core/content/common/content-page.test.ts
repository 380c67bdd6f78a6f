import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_DEFINITIONS } from '../../schemas/page-content';
import { describeContentPath } from './content-page';
import { page as EXPERTISE_PAGE } from '../expertise';
import { page as HOME_PAGE, HomeContentSchema } from '../home';
import { page as PROD1_PAGE } from '../prod1';

describe('describeContentPath', () => {
  it('names a field of a list entry by the entry and its label', () => {
    expect(describeContentPath(HOME_PAGE.labels, ['skillList', 0, 'skillName'])).toBe('Skill 1: the skill name');
    expect(describeContentPath(HOME_PAGE.labels, ['expertiseList', 5, 'exprtsHeading'])).toBe(
      'Expertise card 6: the heading',
    );
    expect(describeContentPath(HOME_PAGE.labels, ['slideList', 1, 'alt'])).toBe('Slide 2: the image description');
  });

  it('names a field of the document by its label', () => {
    expect(describeContentPath(HOME_PAGE.labels, ['exprtshead'])).toBe('The expertise title');
    expect(describeContentPath(PROD1_PAGE.labels, ['section1detail'])).toBe('The section 1 introduction');
    expect(describeContentPath(CONTENT_PAGE_DEFINITIONS.contact.labels, ['maplink'])).toBe('The map link');
  });

  it('names nested lists entry by entry', () => {
    expect(describeContentPath(EXPERTISE_PAGE.labels, ['sectionlst', 2, 'heading'])).toBe('Section 3: the heading');
    // The item's only field is labelled as the entry itself ('List item'): not named twice.
    expect(describeContentPath(EXPERTISE_PAGE.labels, ['sectionlst', 2, 'list', 0, 'data'])).toBe(
      'Section 3, list item 1',
    );
    expect(describeContentPath(EXPERTISE_PAGE.labels, ['sectionlst', 2, 'list'])).toBe('Section 3: the list item list');
  });

  it('names an entry, and a list as a whole', () => {
    expect(describeContentPath(HOME_PAGE.labels, ['newsList', 1])).toBe('News item 2');
    expect(describeContentPath(HOME_PAGE.labels, ['skillList'])).toBe('The skill list');
    expect(describeContentPath(PROD1_PAGE.labels, ['moduleslst', 2, 'moduledata'])).toBe('Module 3');
    expect(describeContentPath(PROD1_PAGE.labels, ['section3lst', 0, 'data3'])).toBe(
      'Architecture point 1: the architecture',
    );
  });

  it('keeps the case of words that are not simply capitalised', () => {
    expect(describeContentPath({ a: 'InnovoCare URL' }, ['a'])).toBe('The InnovoCare URL');
  });

  it('answers null for a path the labels do not know', () => {
    const unknown: PropertyKey[][] = [
      [],
      ['nosuchfield'],
      ['revision'],
      ['menupageid'],
      ['toString'],
      ['skillList', 0, 'nosuchfield'],
      ['skillList', 'first', 'skillName'],
      ['skillList', -1, 'skillName'],
      ['skillList', 1.5, 'skillName'],
      ['exprtshead', 0],
      ['skillList', 0, 'skillName', 'more'],
      [Symbol('skillList')],
    ];
    for (const path of unknown)
      expect(describeContentPath(HOME_PAGE.labels, path), String(path.map(String))).toBeNull();
  });

  it('turns a zod issue into a sentence in the editor’s words', () => {
    const home = { skillList: [{ skillName: 'x'.repeat(301), skillValue: 50 }] };
    const issue = HomeContentSchema.pick({ skillList: true }).safeParse(home).error?.issues[0];
    expect(issue?.path).toEqual(['skillList', 0, 'skillName']);
    expect(`${describeContentPath(HOME_PAGE.labels, issue?.path ?? [])} ${issue?.message}.`).toBe(
      'Skill 1: the skill name must be at most 300 characters.',
    );
  });

  it('knows every field of every page: each top-level field of each schema has a label', () => {
    for (const page of Object.values(CONTENT_PAGE_DEFINITIONS)) {
      // The page's bookkeeping and publishing fields, and seo (its own panel, SEO_LABELS), have no label here.
      const notLabelled = [
        'menupageid',
        'commonrouting',
        'revision',
        'seo',
        'publish',
        'status',
        'publishAt',
        'savedAt',
        'published',
        'scheduled',
        'seoDefaults',
        'nextRevision',
      ];
      const fields = Object.keys(page.schema.shape).filter((name) => !notLabelled.includes(name));
      expect(Object.keys(page.labels).sort(), page.key).toEqual(fields.sort());
      for (const name of fields) expect(describeContentPath(page.labels, [name]), `${page.key}.${name}`).not.toBeNull();
    }
  });
});
