import { describe, expect, it } from 'vitest';
import { EDITOR_MODULES } from './client/app/editors/editor-modules';
import { PAGE_LOADERS } from './client/public/page-components';
import { CONTENT_PAGES } from './core/pages';
import { CONTENT_PAGE_DEFINITIONS, DEFAULT_FIELD_RULES, DEMO_CONTENT } from './core/schemas/page-content';

// docs/design.md §25: a built-in page is its page file, its editor layout and its public component, registered in one
// list (CONTENT_PAGES). The three files are found by the page's key; these tests catch a page missing one of
// them and a file that no entry of the list names.
const keys = CONTENT_PAGES.map((page) => page.key).sort();
const namesOf = (files: Record<string, unknown>, folder: string, suffix: string) =>
  Object.keys(files)
    .map((file) => file.slice(folder.length, -suffix.length))
    .sort();

describe('the built-in pages: one list, three files each', () => {
  it('joins every entry of the list with its page file: registry entry, schema and words, demo document, rules', () => {
    for (const page of CONTENT_PAGES) {
      const definition = CONTENT_PAGE_DEFINITIONS[page.key];
      expect(definition).toMatchObject(page);
      expect(definition.schema.safeParse({ ...DEMO_CONTENT[page.key], revision: 1 }).success).toBe(true);
      expect(DEMO_CONTENT[page.key]).toMatchObject({ menupageid: page.id, commonrouting: page.routing });
      expect(DEFAULT_FIELD_RULES[page.key].length).toBeGreaterThan(0);
    }
    expect(Object.keys(CONTENT_PAGE_DEFINITIONS).sort()).toEqual(keys);
  });

  it('has no page file that the list does not name', () => {
    const files = import.meta.glob(['./core/content/*.ts', '!./core/content/*.test.ts']);
    expect(namesOf(files, './core/content/', '.ts')).toEqual(keys);
  });

  it('has an editor layout for every page of the list, and none for a page not in it', () => {
    expect(Object.keys(EDITOR_MODULES).sort()).toEqual(keys);
  });

  it('has a public component for every page of the list, the pages made without code and the 404 page', () => {
    expect(Object.keys(PAGE_LOADERS).sort()).toEqual([...keys, 'autowired', 'not-found'].sort());
  });

  it('loads each editor and public component as a module with a component by default', async () => {
    for (const { key } of CONTENT_PAGES) {
      expect(typeof (await PAGE_LOADERS[key]!()).default).toBe('function');
      expect(typeof (await EDITOR_MODULES[key]!()).default).toBe('function');
    }
  });
});
