import { describe, expect, it } from 'vitest';
import { MASTER_MESSAGES, type MasterType, type MasterValue } from '../../../../core/masters/master-data';
import {
  MasterTypeFormSchema,
  MasterValueFormSchema,
  SEQUENCE_MESSAGE,
  dependencyOptions,
  masterTypeFormValues,
  masterTypeInput,
  masterValueFormSchemaFor,
  masterValueFormValues,
  masterValueInput,
  parentOptions,
  parentTypeOf,
  typeListEmptyMessage,
  typeOptions,
  valueListEmptyMessage,
} from './master-forms';

const COUNTRY = { id: 1, code: 'COUNTRY', name: 'Country', dependsOn: null };
const STATE = { id: 2, code: 'STATE', name: 'State', dependsOn: 1 };
const CITY = { id: 3, code: 'CITY', name: 'City', dependsOn: 2 };
const SEGMENT = { id: 4, code: 'SEGMENT', name: 'Industry Segment', dependsOn: null };
const ACTIVE_TYPES = [COUNTRY, STATE, CITY, SEGMENT];

const cityType: MasterType = {
  id: 3,
  code: 'CITY',
  name: 'City',
  dependsOn: 2,
  dependsOnName: 'State',
  activeStatus: 'Y',
};
const pune: MasterValue = {
  id: 40,
  typeId: 3,
  typeName: 'City',
  code: 'PUNE',
  name: 'Pune',
  sequence: 2,
  parentId: 20,
  parentName: 'Maharashtra',
  activeStatus: 'Y',
};

describe('the master type form', () => {
  it('starts empty for a new type and from the record for an edit', () => {
    expect(masterTypeFormValues()).toEqual({ code: '', name: '', dependsOn: '' });
    expect(masterTypeFormValues(cityType)).toEqual({ code: 'CITY', name: 'City', dependsOn: '2' });
    expect(masterTypeFormValues({ ...cityType, dependsOn: null, dependsOnName: null }).dependsOn).toBe('');
  });

  it("checks code and name with the contract's sentences", () => {
    const result = MasterTypeFormSchema.safeParse({ code: 'bad code!', name: ' ', dependsOn: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['code', MASTER_MESSAGES.code],
        ['name', MASTER_MESSAGES.name],
      ]),
    );
    expect(MasterTypeFormSchema.parse({ code: ' OFFICE ', name: ' Office ', dependsOn: '' })).toEqual({
      code: 'OFFICE',
      name: 'Office',
      dependsOn: '',
    });
  });

  it('sends savecommonmastertype the contract input: no id for a new type, null for no dependency', () => {
    expect(masterTypeInput({ code: 'OFFICE', name: 'Office', dependsOn: '' })).toEqual({
      code: 'OFFICE',
      name: 'Office',
      dependsOn: null,
    });
    expect(masterTypeInput({ code: 'CITY', name: 'City', dependsOn: '2' }, 3)).toEqual({
      id: 3,
      code: 'CITY',
      name: 'City',
      dependsOn: 2,
    });
  });

  it('offers as Depends on only what the server allows, plus the saved choice it no longer offers', () => {
    expect(dependencyOptions([COUNTRY, STATE])).toEqual([
      { value: '1', label: 'Country' },
      { value: '2', label: 'State' },
    ]);
    // The saved dependency is among the allowed ones: it is not repeated.
    expect(dependencyOptions([COUNTRY, STATE], cityType)).toHaveLength(2);
    // An inactive parent type: shown so the select reads what is saved.
    expect(dependencyOptions([COUNTRY], cityType)).toEqual([
      { value: '1', label: 'Country' },
      { value: '2', label: 'State' },
    ]);
    expect(dependencyOptions([], { dependsOn: null, dependsOnName: null })).toEqual([]);
  });
});

describe('the master value form', () => {
  it('starts a new value in the filtered type, and an edit from the record', () => {
    expect(masterValueFormValues()).toEqual({ typeId: '', code: '', name: '', sequence: '', parentId: '' });
    expect(masterValueFormValues(undefined, 3)).toEqual({
      typeId: '3',
      code: '',
      name: '',
      sequence: '',
      parentId: '',
    });
    expect(masterValueFormValues(pune, 4)).toEqual({
      typeId: '3',
      code: 'PUNE',
      name: 'Pune',
      sequence: '2',
      parentId: '20',
    });
    expect(masterValueFormValues({ ...pune, parentId: null, parentName: null }).parentId).toBe('');
  });

  it('needs a type, and a sequence from 0 to 100000 (empty is 0)', () => {
    const noType = MasterValueFormSchema.safeParse({ typeId: '', code: 'X', name: 'X', sequence: '', parentId: '' });
    expect(noType.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['typeId']);
    for (const sequence of ['-1', '1.5', 'ten', '100001', '1234567']) {
      const result = MasterValueFormSchema.safeParse({ typeId: '3', code: 'X', name: 'X', sequence, parentId: '' });
      expect(result.error?.issues[0]?.message, sequence).toBe(SEQUENCE_MESSAGE);
    }
    expect(
      MasterValueFormSchema.safeParse({ typeId: '3', code: 'X', name: 'X', sequence: ' 100000 ', parentId: '' })
        .success,
    ).toBe(true);
  });

  it("needs the parent value when the chosen type depends on another, in the server's words", () => {
    const city = { typeId: '3', code: 'NASHIK', name: 'Nashik', sequence: '', parentId: '' };
    expect(masterValueFormSchemaFor(null).safeParse(city).success).toBe(true);
    const needed = masterValueFormSchemaFor({ typeName: 'City', parentTypeName: 'State' }).safeParse(city);
    expect(needed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['parentId', MASTER_MESSAGES.parentNeeded('City', 'State')],
    ]);
    // Shown together with the other fields' errors, not after them.
    const all = masterValueFormSchemaFor({ typeName: 'City', parentTypeName: 'State' }).safeParse({
      ...city,
      code: '',
      name: '',
    });
    expect(new Set(all.error?.issues.map((issue) => issue.path.join('.')))).toEqual(
      new Set(['code', 'name', 'parentId']),
    );
    expect(
      masterValueFormSchemaFor({ typeName: 'City', parentTypeName: 'State' }).safeParse({ ...city, parentId: '20' })
        .success,
    ).toBe(true);
    expect(MasterValueFormSchema.safeParse({ ...city, parentId: 'x' }).success).toBe(false);
  });

  it('sends savecommonmaster the contract input', () => {
    const values = { typeId: '3', code: 'NASHIK', name: 'Nashik', sequence: '', parentId: '20' };
    expect(masterValueInput(values, 2)).toEqual({
      typeId: 3,
      code: 'NASHIK',
      name: 'Nashik',
      sequence: 0,
      parentId: 20,
    });
    expect(masterValueInput({ ...values, sequence: '7' }, 2, 41)).toEqual({
      id: 41,
      typeId: 3,
      code: 'NASHIK',
      name: 'Nashik',
      sequence: 7,
      parentId: 20,
    });
    // A type without a parent type sends no parent, whatever the hidden select held.
    expect(masterValueInput({ ...values, typeId: '4' }, null).parentId).toBeNull();
  });
});

describe('the selects of the value form', () => {
  it('offers the active types, and the edited value’s own type when it is inactive', () => {
    expect(typeOptions(ACTIVE_TYPES).map((option) => option.label)).toEqual([
      'Country',
      'State',
      'City',
      'Industry Segment',
    ]);
    expect(typeOptions([COUNTRY], pune)).toEqual([
      { value: '1', label: 'Country' },
      { value: '3', label: 'City' },
    ]);
    expect(typeOptions(ACTIVE_TYPES, pune)).toHaveLength(4);
  });

  it('shows a Parent value only when the chosen type depends on another, and names that type', () => {
    expect(parentTypeOf('', ACTIVE_TYPES)).toBeNull();
    expect(parentTypeOf('1', ACTIVE_TYPES)).toBeNull();
    expect(parentTypeOf('4', ACTIVE_TYPES)).toBeNull();
    expect(parentTypeOf('3', ACTIVE_TYPES)).toEqual({ id: 2, name: 'State' });
    expect(parentTypeOf('2', ACTIVE_TYPES)).toEqual({ id: 1, name: 'Country' });
    // The parent type itself is inactive: still its id, with a generic name.
    expect(parentTypeOf('3', [CITY])).toEqual({ id: 2, name: 'the parent type' });
    // The edited value's type is inactive: its own record says whether it depends on another.
    expect(parentTypeOf('3', [COUNTRY], cityType)).toEqual({ id: 2, name: 'State' });
    expect(parentTypeOf('3', [COUNTRY], { ...cityType, dependsOn: null, dependsOnName: null })).toBeNull();
    expect(parentTypeOf('5', [COUNTRY], cityType)).toBeNull();
  });

  it("offers the parent type's active values, and keeps a saved parent that is inactive now", () => {
    const states = [
      { id: 20, code: 'MH', name: 'Maharashtra', parentId: 10 },
      { id: 21, code: 'KA', name: 'Karnataka', parentId: 10 },
    ];
    expect(parentOptions(states)).toEqual([
      { value: '20', label: 'Maharashtra' },
      { value: '21', label: 'Karnataka' },
    ]);
    expect(parentOptions(states, pune)).toHaveLength(2);
    expect(parentOptions(states.slice(1), pune)).toEqual([
      { value: '21', label: 'Karnataka' },
      { value: '20', label: 'Maharashtra (inactive)' },
    ]);
    expect(parentOptions([], { parentId: null, parentName: null })).toEqual([]);
  });
});

describe('the empty lists', () => {
  it('say what was searched, and in which type', () => {
    expect(typeListEmptyMessage('')).toBe('No master types yet');
    expect(typeListEmptyMessage('x')).toBe("No master types match 'x'");
    expect(valueListEmptyMessage('')).toBe('No master values yet');
    expect(valueListEmptyMessage('pun')).toBe("No master values match 'pun'");
    expect(valueListEmptyMessage('', 'Office')).toBe('No values of Office yet');
    expect(valueListEmptyMessage('x', 'City')).toBe("No values of City match 'x'");
  });
});
