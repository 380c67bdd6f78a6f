import { describe, expect, it } from 'vitest';
import { autowiredRules } from '../../../core/page-defs/autowired-document';
import { ParameterSchema } from '../../../core/page-defs/parameter';
import type { ParameterInput } from '../../../core/page-defs/parameter';
import {
  autowiredSaveProblem,
  editableDocument,
  choiceValue,
  entryFieldOf,
  heldMasterIds,
  hintOf,
  isMasterParameter,
  parentParameterOf,
  inSequence,
  removedValues,
  rowSchema,
  withoutRemoved,
} from './autowired-fields';
import type { MasterParameter } from './autowired-fields';
import { displayText, emptyInputs, entryOf, entryProblem, inputsOf, withInput } from './entry-fields';
import type { ChoiceSource } from './entry-fields';

const param = (input: Partial<ParameterInput> & Pick<ParameterInput, 'parameterName' | 'type' | 'unittype'>) =>
  ParameterSchema.parse({ sequence: 1, ...input });

// The careers page of the issue: a header title and intro, and jobs as entries.
const title = param({
  parameterName: 'title',
  type: 'Textarea',
  unittype: 'Character',
  pagecreationtype: 'Header',
  mandatory: 'Y',
  minlength: 5,
  maxlength: 80,
  sequence: 1,
});
const intro = param({
  parameterName: 'intro',
  type: 'Richtext',
  unittype: 'Richtext',
  pagecreationtype: 'Header',
  sequence: 2,
});
const remote = param({
  parameterName: 'remote',
  type: 'Checkbox',
  unittype: 'Boolean',
  pagecreationtype: 'Header',
  booleanyes: 'Remote',
  booleanno: 'On site',
  sequence: 3,
});
const jobTitle = param({
  parameterName: 'jobTitle',
  type: 'Textarea',
  unittype: 'Character',
  mandatory: 'Y',
  sequence: 4,
});
const closingDate = param({
  parameterName: 'closingDate',
  type: 'Date',
  unittype: 'Date',
  greatthncurrentdate: 'true',
  sequence: 5,
});
const salary = param({ parameterName: 'salary', type: 'number', unittype: 'Float', decimalplaces: 2, sequence: 6 });
const fullTime = param({
  parameterName: 'fullTime',
  type: 'Checkbox',
  unittype: 'Boolean',
  booleanyes: 'Yes',
  booleanno: 'No',
  sequence: 7,
});
const photo = param({ parameterName: 'photo', type: 'Image', unittype: 'Image', sequence: 8, width: 800, height: 600 });
const grade = param({ parameterName: 'grade', type: 'Dropdown', unittype: 'Character', sequence: 9 });
const CAREERS = [title, intro, remote, jobTitle, closingDate, salary, fullTime];
const TODAY = new Date(2030, 5, 15);

describe('entryFieldOf', () => {
  it('gives each parameter type its input, its name as the label and Mandatory as the required mark', () => {
    expect(
      [title, intro, closingDate, salary, photo, grade].map((p) => [
        p.parameterName,
        entryFieldOf(p).kind,
        entryFieldOf(p).required,
      ]),
    ).toEqual([
      ['title', 'textarea', true],
      ['intro', 'richtext', false],
      ['closingDate', 'date', false],
      ['salary', 'decimal', false],
      ['photo', 'image-url', false],
      ['grade', 'text', false],
    ]);
    expect(entryFieldOf(title).label).toBe('title');
  });

  it('gives a checkbox its yes/no labels and never marks it required (not ticked is a value)', () => {
    const field = entryFieldOf({ ...fullTime, mandatory: 'Y' });
    expect(field).toMatchObject({ kind: 'checkbox', required: false, booleanLabels: { yes: 'Yes', no: 'No' } });
    expect(entryFieldOf({ ...fullTime, booleanyes: '', booleanno: '' }).booleanLabels).toEqual({
      yes: 'Yes',
      no: 'No',
    });
    expect(displayText(field, true)).toBe('Yes');
    expect(displayText(entryFieldOf(remote), false)).toBe('On site');
    expect(displayText(field, null)).toBe('');
  });

  it('uploads an image to the page’s folder, naming the parameter (its size rules apply at upload)', () => {
    expect(entryFieldOf(photo, undefined, 'page1001')).toMatchObject({
      kind: 'image-url',
      upload: 'page1001',
      uploadField: photo.parameterName,
    });
    // Without a folder (no page known) the image is given by its address.
    expect(entryFieldOf(photo).upload).toBeUndefined();
  });
});

describe('hintOf', () => {
  it('says each rule in a few words', () => {
    expect(hintOf(title)).toBe('5 to 80 characters.');
    expect(hintOf(salary)).toBe('A number with 2 decimal places, not negative.');
    expect(hintOf({ ...salary, allownegativeforfloat: 'Y' })).toBe('A number with 2 decimal places.');
    expect(hintOf(param({ parameterName: 'staff', type: 'number', unittype: 'Integer', maxlength: 3, min: 1 }))).toBe(
      'A whole number of at most 3 digits, at least 1.',
    );
    expect(hintOf(closingDate)).toBe('A date after today.');
    expect(hintOf(photo)).toBe('Upload a PNG or JPEG image, or give its address, at most 800 × 600 pixels.');
    expect(hintOf({ ...photo, sizeinKB: 200 })).toBe(
      'Upload a PNG or JPEG image, or give its address, at most 800 × 600 pixels, at most 200 KB.',
    );
    expect(hintOf(intro)).toBeNull();
    expect(hintOf(fullTime)).toBeNull();
  });
});

describe('inSequence', () => {
  it('orders parameters by sequence, keeping ties in the order given', () => {
    const a = { ...title, parameterName: 'a', sequence: 3 };
    const b = { ...title, parameterName: 'b', sequence: 1 };
    const c = { ...title, parameterName: 'c', sequence: 3 };
    expect(inSequence([a, b, c]).map((p) => p.parameterName)).toEqual(['b', 'a', 'c']);
  });
});

describe('an entry of the list editor', () => {
  const fields = [jobTitle, closingDate, salary, fullTime].map((p) => entryFieldOf(p));
  const rules = autowiredRules(CAREERS).rows;
  const schema = rowSchema(CAREERS);
  const inputs = (values: Record<string, string>) => ({ ...emptyInputs(fields), ...values });

  it('stores values of the types the server takes: the number as typed, the date as text, the checkbox as a boolean', () => {
    expect(
      entryOf(
        fields,
        inputs({ jobTitle: ' Tester ', closingDate: '2031-01-31', salary: '1200000.50', fullTime: 'true' }),
      ),
    ).toEqual({
      jobTitle: 'Tester',
      closingDate: '2031-01-31',
      salary: '1200000.50',
      fullTime: true,
    });
    expect(entryOf(fields, inputs({ jobTitle: 'Tester' }))).toMatchObject({
      closingDate: '',
      salary: '',
      fullTime: false,
    });
    expect(
      inputsOf(fields, { jobTitle: 'Tester', closingDate: '2031-01-31', salary: '12.50', fullTime: false }),
    ).toEqual({
      jobTitle: 'Tester',
      closingDate: '2031-01-31',
      salary: '12.50',
      fullTime: 'false',
    });
  });

  it("is checked by the page's rules before Add, with the spec's messages", () => {
    const good = { jobTitle: 'Tester', closingDate: '2099-01-31', salary: '1200000.50', fullTime: 'true' };
    expect(entryProblem(fields, inputs(good), rules, schema)).toBeNull();
    expect(entryProblem(fields, inputs({ ...good, jobTitle: ' ' }), rules, schema)).toEqual({
      field: 'jobTitle',
      message: 'Please enter jobTitle',
    });
    expect(entryProblem(fields, inputs({ ...good, closingDate: '2001-01-01' }), rules, schema)).toEqual({
      field: 'closingDate',
      message: 'Please enter a future date in closingDate',
    });
    expect(entryProblem(fields, inputs({ ...good, salary: '10.5' }), rules, schema)).toEqual({
      field: 'salary',
      message: 'Please enter 2 decimal places in salary',
    });
    expect(entryProblem(fields, inputs({ ...good, salary: '12,50' }), rules, schema)).toEqual({
      field: 'salary',
      message: 'Please enter salary',
    });
  });

  it('refuses what the server would even without a rule (an image address that is no address)', () => {
    const imageFields = [entryFieldOf(photo)];
    expect(entryProblem(imageFields, { photo: 'javascript:alert(1).png' }, [], rowSchema([photo]))).toEqual({
      field: 'photo',
      message: 'photo must be an http(s) address or a path on this site',
    });
  });
});

describe('editableDocument', () => {
  it('keeps the header, rows and revision of what getpagecontent answered', () => {
    const raw = {
      header: { title: 'Join us', junk: { a: 1 } },
      rows: [{ jobTitle: 'Tester' }, 'not a row'],
      revision: 4,
      commonrouting: 'Careers',
    };
    expect(editableDocument(raw, CAREERS)).toEqual({
      header: { title: 'Join us', remote: false },
      rows: [{ jobTitle: 'Tester' }],
      revision: 4,
    });
  });

  it('makes a new page an empty document at revision 0, its header checkboxes not ticked', () => {
    expect(editableDocument({ header: {}, rows: [], revision: 0 }, CAREERS)).toEqual({
      header: { remote: false },
      rows: [],
      revision: 0,
    });
    expect(editableDocument(null, [])).toEqual({ header: {}, rows: [], revision: 0 });
  });
});

describe('values of removed parameters', () => {
  const doc = {
    header: { title: 'Join us', tagline: 'We are hiring', blank: '' },
    rows: [
      { jobTitle: 'Tester', grade: 'B2' },
      { jobTitle: 'Writer', grade: null },
    ],
    revision: 3,
  };

  it('are listed for the notice, blank ones left out', () => {
    expect(removedValues(doc, CAREERS)).toEqual([
      { entry: null, name: 'tagline', value: 'We are hiring' },
      { entry: 1, name: 'grade', value: 'B2' },
    ]);
    expect(removedValues(doc, [...CAREERS, { ...grade, pagecreationtype: 'Detail' }])).toEqual([
      { entry: null, name: 'tagline', value: 'We are hiring' },
    ]);
  });

  it('are dropped from what a save sends, and nothing else is', () => {
    expect(withoutRemoved(doc, CAREERS)).toEqual({
      header: { title: 'Join us' },
      rows: [{ jobTitle: 'Tester' }, { jobTitle: 'Writer' }],
      revision: 3,
    });
  });

  it('count a parameter moved from Header to Detail as removed from the header', () => {
    const moved = { ...title, pagecreationtype: 'Detail' as const };
    expect(removedValues({ header: { title: 'Join us' }, rows: [], revision: 1 }, [moved])).toEqual([
      { entry: null, name: 'title', value: 'Join us' },
    ]);
  });
});

describe('autowiredSaveProblem', () => {
  const good = {
    header: { title: 'Join us today', intro: '', remote: false },
    rows: [{ jobTitle: 'Tester', closingDate: '2031-01-31', salary: '10.50', fullTime: true }],
    revision: 2,
  };

  it('lets a good document through', () => {
    expect(autowiredSaveProblem(good, CAREERS, TODAY)).toBeNull();
  });

  it("checks the header's rules", () => {
    expect(autowiredSaveProblem({ ...good, header: { ...good.header, title: 'Hey' } }, CAREERS, TODAY)).toBe(
      'Please enter at least 5 characters in title',
    );
    expect(autowiredSaveProblem({ ...good, header: {} }, CAREERS, TODAY)).toBe('Please enter title');
  });

  it('catches a newly mandatory field left blank in an entry, naming the entry', () => {
    const stricter = CAREERS.map((p) => (p.parameterName === 'salary' ? { ...p, mandatory: 'Y' as const } : p));
    const rows = [...good.rows, { jobTitle: 'Writer', closingDate: '', fullTime: false }];
    expect(autowiredSaveProblem({ ...good, rows }, CAREERS, TODAY)).toBeNull();
    expect(autowiredSaveProblem({ ...good, rows }, stricter, TODAY)).toBe('Entry 2: Please enter salary');
  });

  it("applies the server's model after the rules", () => {
    const long = 'x'.repeat(5001);
    const loose = CAREERS.map((p) => (p.parameterName === 'title' ? { ...p, maxlength: null } : p));
    expect(autowiredSaveProblem({ ...good, header: { ...good.header, title: long } }, loose, TODAY)).toBe(
      'The title must be at most 5000 characters',
    );
  });
});

describe('master-data choices', () => {
  const STATE = 2;
  const CITY = 3;
  const master = (parameterName: string, sequence: number, commonmastertype: number) =>
    ({
      ...param({
        parameterName,
        type: 'Dropdown',
        unittype: 'MasterData',
        validator: 'User Selection',
        commonmastertype,
        sequence,
      }),
      commonmastertype,
    }) as MasterParameter;
  const state = master('state', 1, STATE);
  const city = master('city', 2, CITY);
  const lists = new Map([
    [
      STATE,
      [
        { id: 10, code: 'MH', name: 'Maharashtra', parentId: 1 },
        { id: 11, code: 'KA', name: 'Karnataka', parentId: 1 },
      ],
    ],
    [
      CITY,
      [
        { id: 20, code: 'PUNE', name: 'Pune', parentId: 10, active: false },
        { id: 21, code: 'BLR', name: 'Bengaluru', parentId: 11 },
      ],
    ],
  ]);

  it('knows master parameters, and which one of the same part a type follows', () => {
    expect([state, city, grade].map(isMasterParameter)).toEqual([true, true, false]);
    expect(parentParameterOf(city, [state, city], lists)).toBe('state');
    // State's parents (countries) are no parameter's values; without the state parameter the city follows nothing.
    expect(parentParameterOf(state, [state, city], lists)).toBeUndefined();
    expect(parentParameterOf(city, [city], lists)).toBeUndefined();
  });

  it('stores the id as a number and collects the ids a document holds by type', () => {
    expect([choiceValue(''), choiceValue('20'), choiceValue(' 7 ')]).toEqual([null, 20, 7]);
    const doc = {
      header: {},
      rows: [
        { state: 10, city: 20 },
        { state: 11, city: '21' },
        { state: null, city: '' },
      ],
      revision: 1,
    };
    expect(heldMasterIds(doc, [state, city])).toEqual(
      new Map([
        [STATE, [10, 11]],
        [CITY, [20, 21]],
      ]),
    );
  });

  it('shows a choice by name, marked when inactive, and clears a child choice that no longer fits its parent', () => {
    const names = new Map([
      ['20', 'Pune (inactive)'],
      ['21', 'Bengaluru'],
    ]);
    const source = (parentField?: string): ChoiceSource => ({
      style: 'select',
      ...(parentField ? { parentField } : {}),
      useOptions: () => ({ options: [], loading: false, error: null }),
      labelOf: (text) => names.get(text) ?? text,
      fits: (text, parent) => (text === '21' && parent === '11') || (text === '20' && parent === '10'),
    });
    const fields = [entryFieldOf(state, source()), entryFieldOf(city, source('state'))];
    expect(fields.map((f) => f.kind)).toEqual(['choice', 'choice']);
    expect(displayText(fields[1]!, 20)).toBe('Pune (inactive)');
    expect(entryOf(fields, { state: '10', city: '20' })).toEqual({ state: 10, city: 20 });
    expect(inputsOf(fields, { state: 10, city: 20 })).toEqual({ state: '10', city: '20' });
    expect(withInput(fields, { state: '10', city: '20' }, 'state', '11')).toEqual({ state: '11', city: '' });
    expect(withInput(fields, { state: '10', city: '21' }, 'state', '11')).toEqual({ state: '11', city: '21' });
    expect(withInput(fields, { state: '10', city: '20' }, 'state', '')).toEqual({ state: '', city: '20' });
  });
});
