import { describe, expect, it } from 'vitest';
import type { LabelTree } from '../../../../core/content/common/content-page';
import { CONTENT_PAGE_DEFINITIONS } from '../../../../core/schemas/page-content';
import { fieldDescriber, pageFieldDescriber } from './field-names';

describe("the preview's names of fields", () => {
  const home = fieldDescriber(CONTENT_PAGE_DEFINITIONS.home.labels as unknown as LabelTree);

  it("names a built-in page's fields in the editor's words, list places counted from 1", () => {
    expect(home('skillhead')).toBe('The skills title');
    expect(home('skillList.2.skillName')).toBe('Skill 3: the skill name');
    expect(home('seo.title')).toBe('Search title');
    expect(home('seo.description')).toBe('Search description');
  });

  it('shows a path it does not know as it is', () => {
    expect(home('noSuchField')).toBe('noSuchField');
    expect(home('skillList.x.skillName')).toBe('skillList.x.skillName');
  });

  it("names a page made without code's fields by their parameters", () => {
    const page = pageFieldDescriber();
    expect(page('document.header.Joining date')).toBe('Joining date');
    expect(page('document.rows.0.role')).toBe('Entry 1: role');
    expect(page('seo.image')).toBe('Sharing image');
    expect(page('document.rows.x')).toBe('document.rows.x');
  });
});
