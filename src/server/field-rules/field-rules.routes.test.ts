import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocumentEntries } from '../../core/field-rules/check-entry';
import { FieldRuleSchema } from '../../core/field-rules/field-rule';
import { CONTENT_PAGES } from '../../core/pages';
import {
  CONTENT_SCHEMAS,
  DEFAULT_FIELD_RULES as SEEDED_FIELD_RULES,
  DEMO_CONTENT,
} from '../../core/schemas/page-content';
import { seedFieldRulesIfMissing } from '../db/seed/field-rules-seed';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createUser } from '../users/users.service';

/** Every field name that a page's documents can hold, at any depth. */
function fieldNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fieldNames(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!Array.isArray(inner)) into.add(key);
      fieldNames(inner, into);
    }
  }
  return into;
}

describe('seeded field rules', () => {
  it.each(CONTENT_PAGES.map((p) => [p.key, p] as const))('%s: the demo content passes every rule', (key) => {
    const document = CONTENT_SCHEMAS[key].parse({ ...DEMO_CONTENT[key], revision: 0 }) as Record<string, unknown>;
    expect(checkDocumentEntries(document, SEEDED_FIELD_RULES[key])).toEqual({ ok: true });
  });

  it.each(CONTENT_PAGES.map((p) => [p.key, p] as const))(
    '%s: every rule names a field of the page, once, in the spec shape',
    (key) => {
      const rules = SEEDED_FIELD_RULES[key];
      const names = fieldNames(DEMO_CONTENT[key]);
      for (const rule of rules) {
        expect(FieldRuleSchema.safeParse(rule).success).toBe(true);
        expect(names, rule.parameterName).toContain(rule.parameterName);
      }
      expect(new Set(rules.map((r) => r.parameterName)).size).toBe(rules.length);
    },
  );

  it.each(CONTENT_PAGES.map((p) => [p.key, p] as const))(
    '%s: every field has a rule, except the page fields and the SVG image fields',
    (key) => {
      const ruled = new Set(SEEDED_FIELD_RULES[key].map((r) => r.parameterName));
      const unruled = [...fieldNames(DEMO_CONTENT[key])].filter((name) => !ruled.has(name));
      const allowed = ['menupageid', 'commonrouting', 'image', 'mngimg', 'custImage'];
      expect(unruled.filter((name) => !allowed.includes(name))).toEqual([]);
    },
  );
});

describe.each(testDialects())('field rules on %s', (dialect) => {
  let t: TestApp;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const paramconf = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/master/getParamconf', payload: payload as object });
  const read = async (call: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/master/${call}`, payload: {} })).json();
  const save = (call: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/master/${call}`, headers: editor.headers, payload: payload as object });

  it.each(CONTENT_PAGES.map((p) => [p.name, p] as const))(
    'getParamconf answers the rules of %s in sequence, to anyone',
    async (_name, page) => {
      const response = await paramconf({ id: page.id });
      expect(response.statusCode).toBe(200);
      const expected = SEEDED_FIELD_RULES[page.key].map((rule) => ({
        parameterName: rule.parameterName,
        type: rule.type,
        minlength: rule.minlength ?? null,
        maxlength: rule.maxlength ?? null,
        decimalplaces: rule.decimalplaces ?? null,
        currentdate: 'false',
        greatthncurrentdate: 'false',
        lessthncurrentdate: 'false',
        // From parameter configuration (docs/design.md §12): the seeded rules are required unless optional (a page's lead),
        // signs unchecked.
        mandatory: rule.mandatory ?? 'Y',
        unittype: {
          Textarea: 'Character',
          Richtext: 'Richtext',
          Date: 'Date',
          number: Number(rule.decimalplaces ?? 0) > 0 ? 'Float' : 'Integer',
        }[rule.type],
        allownegative: 'Y',
        min: null,
        sizeinKB: null,
        height: null,
        width: null,
      }));
      expect(response.json()).toEqual({ activeList: expected });
    },
  );

  it('takes the id as a numeric string too, and ignores other fields', async () => {
    const asNumber = (await paramconf({ id: 7 })).json();
    const response = await paramconf({ id: '7', commonrouting: 'News' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(asNumber);
  });

  it('answers the rules in sequence order, not in the order they were stored', async () => {
    const db = t.app.tenants.default.db;
    // One row at a time: the flags left out take their column default.
    await db
      .insertInto('page_parameters')
      .values({
        page_id: 24,
        sequence: 2,
        parameter_name: 'second',
        type: 'Textarea',
        unittype: 'Character',
        minlength: null,
        maxlength: 5,
        decimalplaces: null,
        min: null,
        commonmastertype: null,
        sizeinkb: null,
        height: null,
        width: null,
      })
      .execute();
    await db
      .insertInto('page_parameters')
      .values({
        page_id: 24,
        sequence: 1,
        parameter_name: 'first',
        type: 'Date',
        unittype: 'Date',
        minlength: null,
        maxlength: null,
        decimalplaces: null,
        lessthncurrentdate: 'true',
        min: null,
        commonmastertype: null,
        sizeinkb: null,
        height: null,
        width: null,
      })
      .execute();
    const response = await paramconf({ id: 24 });
    const defaults = { mandatory: 'N', allownegative: 'N', min: null, sizeinKB: null, height: null, width: null };
    expect(response.json().activeList).toEqual([
      {
        parameterName: 'first',
        type: 'Date',
        unittype: 'Date',
        minlength: null,
        maxlength: null,
        decimalplaces: null,
        currentdate: 'false',
        greatthncurrentdate: 'false',
        lessthncurrentdate: 'true',
        ...defaults,
      },
      {
        parameterName: 'second',
        type: 'Textarea',
        unittype: 'Character',
        minlength: null,
        maxlength: 5,
        decimalplaces: null,
        currentdate: 'false',
        greatthncurrentdate: 'false',
        lessthncurrentdate: 'false',
        ...defaults,
      },
    ]);
  });

  it('answers an empty list for a page without rules', async () => {
    const response = await paramconf({ id: 13 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activeList: [] });
  });

  it('answers 404 with a message for an unknown page', async () => {
    const response = await paramconf({ id: 999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no page with id 999.' });
  });

  it.each([[{}], [{ id: 'abc' }], [{ id: -1 }], [{ id: 1.5 }], [{ id: null }], [{ id: '' }]])(
    'refuses the body %j with 400 and a message',
    async (body) => {
      const response = await paramconf(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/\w+ \w+/);
    },
  );

  it('does not seed a second time when rules exist', async () => {
    const db = t.app.tenants.default.db;
    const count = async () =>
      Number(
        (await db.selectFrom('page_parameters').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );
    const before = await count();
    await seedFieldRulesIfMissing(db);
    expect(await count()).toBe(before);
  });

  it.each(CONTENT_PAGES.map((p) => [p.name, p] as const))(
    'the demo content of %s saves unchanged under its rules',
    async (_name, page) => {
      const document = await read(page.getCall);
      const response = await save(page.saveCall, document);
      expect(response.statusCode, response.body).toBe(200);
    },
  );

  // Each refusal names the field by its on-screen label from the page file (docs/design.md §24: 'News Title', never
  // 'newsTitle'); the catalogue's words around it are the spec's.
  const breaking: Array<[string, string, string, (doc: any) => void, string, string]> = [
    [
      'a too-long news title',
      'gethomepages',
      'saveHome',
      (d) => (d.newsList[1].newsTitle = '2022 and on'),
      'Please enter less than 10 characters in News Title',
      'newsList.1.newsTitle',
    ],
    [
      'a too-short expertise paragraph, tags not counted',
      'gethomepages',
      'saveHome',
      (d) => (d.expertiseList[0].exprtsParagraph = '<p><strong>Too</strong> <em>short</em></p>'),
      'Please enter at least 10 characters in Paragraph',
      'expertiseList.0.exprtsParagraph',
    ],
    [
      'a blank expertise list item',
      'getexprts',
      'saveexprts',
      (d) => (d.sectionlst[3].list[2].data = '   '),
      'Please enter at least 1 characters in List item',
      'sectionlst.3.list.2.data',
    ],
    [
      'a year with decimals',
      'getnews',
      'savenews',
      (d) => (d.tablelst[0].newsYear = '2024.5'),
      'Please enter 0 decimal places in Year',
      'tablelst.0.newsYear',
    ],
    [
      'a year that is not a number',
      'getnews',
      'savenews',
      (d) => (d.tablelst[0].newsYear = 'Last year'),
      'Please enter Year',
      'tablelst.0.newsYear',
    ],
    [
      'a too-short contact phone',
      'getcont',
      'savecont',
      (d) => (d.phone = '12345'),
      'Please enter at least 8 characters in Phone',
      'phone',
    ],
  ];
  it.each(breaking)(
    'refuses a save with %s: 400 with the exact message, nothing stored',
    async (_what, getCall, saveCall, mutate, message, field) => {
      const before = await read(getCall);
      const changed = structuredClone(before);
      mutate(changed);
      const response = await save(saveCall, changed);
      expect(response.statusCode).toBe(400);
      // docs/design.md §25: the refusal names its field's place, {message, field}.
      expect(response.json()).toEqual({ message, field });
      expect(await read(getCall)).toEqual(before);
    },
  );

  it('reports the first failure in document order', async () => {
    const before = await read('gethomepages');
    const changed = structuredClone(before);
    changed.newsList[0].newsTitle = '23';
    changed.skillList[0].skillName = 'W';
    const response = await save('saveHome', changed);
    expect(response.json()).toEqual({
      message: 'Please enter at least 2 characters in Skill Name',
      field: 'skillList.0.skillName',
    });
  });

  it('applies rules changed in parameter configuration to the next save', async () => {
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    const admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (call: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/master/${call}`, headers: admin.headers, payload });
    const { parameters } = (await master('getActivityParametersByid', { id: 5 })).json() as {
      parameters: { parameterName: string; maxlength?: number }[];
    };
    const withTitleMax = (maxlength: number) =>
      parameters.map((p) => (p.parameterName === 'title' ? { ...p, maxlength } : p));
    const language = await read('getLang');
    expect((await save('saveLang', language)).statusCode).toBe(200); // the rules are in use (and cached)
    expect((await master('saveParameters', { id: 5, parameters: withTitleMax(5) })).statusCode).toBe(200);
    const refused = await save('saveLang', { ...(await read('getLang')) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Please enter less than 5 characters in Heading',
      field: 'sectionlst.0.title',
    });
    expect((await master('saveParameters', { id: 5, parameters: withTitleMax(100) })).statusCode).toBe(200);
    expect((await save('saveLang', await read('getLang'))).statusCode).toBe(200);
  });
});
