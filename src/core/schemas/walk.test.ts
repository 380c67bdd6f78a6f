import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentRuleProblem } from '../field-rules/check-entry';
import { CONTENT_PAGE_DEFINITIONS, CONTENT_SCHEMAS, DEMO_CONTENT } from './page-content';
import { isRichText, list, paragraph, richText, sanitizeDocument, shortText } from './fields';
import { dottedPath, mapDocument, schemaAt, unwrapSchema, walkDocument, WALK_ON, type DocumentPlace } from './walk';

const Entry = z.object({ heading: shortText(), body: richText().optional() });
const Page = z.object({
  title: shortText(),
  intro: paragraph().nullable().default(null),
  items: list(Entry),
  extra: z.string().optional(),
});
const page = () => ({
  title: 'Services',
  intro: 'What we do.',
  items: [
    { heading: 'Cloud', body: '<p>Hosting</p>' },
    { heading: 'Tally', body: '<p>Accounts</p>' },
  ],
});

const placesOf = (
  schema: z.ZodType | undefined,
  value: unknown,
  visit?: (place: DocumentPlace) => 'skip' | 'stop' | void,
) => {
  const seen: string[] = [];
  walkDocument(schema, value, (place) => {
    seen.push(dottedPath(place.path));
    return visit?.(place);
  });
  return seen;
};

describe('walkDocument, the one walker over documents and their schemas', () => {
  it("visits the document, then each field in the schema's order, each list entry before the next, with its path", () => {
    expect(placesOf(Page, page())).toEqual([
      '',
      'title',
      'intro',
      'items',
      'items.0',
      'items.0.heading',
      'items.0.body',
      'items.1',
      'items.1.heading',
      'items.1.body',
    ]);
  });

  it('gives each place its declared schema, and looks through wrappers to step in', () => {
    const schemas = new Map<string, z.core.$ZodType | undefined>();
    walkDocument(Page, page(), ({ path, schema }) => void schemas.set(dottedPath(path), schema));
    expect(schemas.get('items.1.body')).toBe(Entry.shape.body);
    expect(isRichText(schemas.get('items.1.body')!)).toBe(true);
    expect(isRichText(schemas.get('items.1.heading')!)).toBe(false);
    expect(unwrapSchema(Page.shape.intro)._zod.def.type).toBe('string');
  });

  it("walks the schema's fields only, and a value's own keys and entries where there is no schema", () => {
    expect(placesOf(Entry, { heading: 'x', stray: { deep: 1 } })).toEqual(['', 'heading']);
    expect(placesOf(undefined, { a: [1, { b: 'x' }], c: null })).toEqual(['', 'a', 'a.0', 'a.1', 'a.1.b', 'c']);
    expect(placesOf(undefined, new Uint8Array(4))).toEqual(['']);
  });

  it('does not step into a place answered skip, and ends at stop', () => {
    expect(
      placesOf(Page, page(), ({ path }) => (path[0] === 'items' && path.length === 2 ? 'skip' : undefined)),
    ).toEqual(['', 'title', 'intro', 'items', 'items.0', 'items.1']);
    expect(placesOf(Page, page(), ({ path }) => (dottedPath(path) === 'items.0.heading' ? 'stop' : undefined))).toEqual(
      ['', 'title', 'intro', 'items', 'items.0', 'items.0.heading'],
    );
  });

  it('walks a value nested a hundred thousand deep without a stack overflow', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    let texts = 0;
    walkDocument(undefined, deep, ({ value }) => void (typeof value === 'string' && texts++));
    expect(texts).toBe(1);
  });
});

describe('mapDocument and the helpers', () => {
  it('copies the document with the places replaced, the original untouched', () => {
    const original = page();
    const upper = mapDocument(Page, original, ({ schema, value }) =>
      schema && isRichText(schema) && typeof value === 'string' ? value.toUpperCase() : WALK_ON,
    );
    expect(upper).toEqual({
      ...original,
      items: [
        { heading: 'Cloud', body: '<P>HOSTING</P>' },
        { heading: 'Tally', body: '<P>ACCOUNTS</P>' },
      ],
    });
    expect(original.items[0]!.body).toBe('<p>Hosting</p>');
    expect(
      sanitizeDocument(Page, original, {
        richText: (html) => html.replace(/<[^>]+>/g, ''),
        accentText: (html) => html,
      }),
    ).toEqual({
      ...original,
      items: [
        { heading: 'Cloud', body: 'Hosting' },
        { heading: 'Tally', body: 'Accounts' },
      ],
    });
  });

  it('finds the schema of a field by its path', () => {
    expect(schemaAt(Page, ['items', 3, 'body'])).toBe(Entry.shape.body);
    expect(schemaAt(Page, ['items', 'x'])).toBeUndefined();
    expect(schemaAt(Page, ['title', 0])).toBeUndefined();
    expect(dottedPath(['skillList', 2, 'skillName'])).toBe('skillList.2.skillName');
  });
});

describe('documentRuleProblem: the field a rule refuses, by its place', () => {
  it("names a list entry's field by its path, and the document's own fields by their name", () => {
    const home = CONTENT_SCHEMAS.home.parse({ ...structuredClone(DEMO_CONTENT.home), revision: 1 });
    home.skillList[2]!.skillName = 'W';
    const rules = [{ parameterName: 'skillName', type: 'Textarea', minlength: 2, maxlength: 50 }];
    expect(documentRuleProblem(home, rules, new Date(), CONTENT_PAGE_DEFINITIONS.home.labels)).toEqual({
      ok: false,
      title: 'Oops',
      message: 'Please enter at least 2 characters in Skill Name',
      field: 'skillName',
      path: 'skillList.2.skillName',
    });
    expect(
      documentRuleProblem({ lead: 'x', skillList: [] }, [{ parameterName: 'lead', type: 'Textarea', minlength: 3 }])
        ?.path,
    ).toBe('lead');
    expect(
      documentRuleProblem({ lead: 'long enough' }, [{ parameterName: 'lead', type: 'Textarea', minlength: 3 }]),
    ).toBeNull();
  });
});

// The content schemas are the walker's main users: every one of them walks.
describe('every page document', () => {
  it.each(Object.keys(CONTENT_SCHEMAS))('%s walks with a path for every place', (key) => {
    const schema = CONTENT_SCHEMAS[key as keyof typeof CONTENT_SCHEMAS];
    const document = { ...DEMO_CONTENT[key as keyof typeof DEMO_CONTENT], revision: 1 };
    const paths = placesOf(schema, document);
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths.slice(1))
      expect(
        schemaAt(
          schema,
          path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        ),
      ).toBeDefined();
  });
});
