import { describe, expect, it } from 'vitest';
import { ParameterSchema, type Parameter, type ParameterInput } from '../../../../core/page-defs/parameter';
import {
  addToTable,
  bySequence,
  chooseKind,
  chooseType,
  deleteFromTable,
  describeConfiguration,
  describeValidations,
  draftOf,
  emptyDraft,
  nextSequence,
  parameterOfDraft,
  tableProblems,
  toggleDateRule,
  type ParameterDraft,
} from './parameter-form';

const param = (input: Partial<ParameterInput> & { parameterName: string; sequence: number }): Parameter =>
  ParameterSchema.parse({ type: 'Textarea', unittype: 'Character', ...input });

const draft = (changes: Partial<ParameterDraft>): ParameterDraft => ({ ...emptyDraft(1), ...changes });

const ok = (d: ParameterDraft): Parameter => {
  const result = parameterOfDraft(d);
  if (!result.ok) throw new Error(result.problems.join(' '));
  return result.parameter;
};

describe('the date rules', () => {
  it('turn one on and the others off, and clear the one that is on when it is clicked again', () => {
    expect(toggleDateRule(null, 'greatthncurrentdate')).toBe('greatthncurrentdate');
    expect(toggleDateRule('greatthncurrentdate', 'currentdate')).toBe('currentdate');
    expect(toggleDateRule('currentdate', 'lessthncurrentdate')).toBe('lessthncurrentdate');
    expect(toggleDateRule('lessthncurrentdate', 'lessthncurrentdate')).toBeNull();
  });

  it('become the three true/false strings, at most one true', () => {
    const p = ok(draft({ parameterName: 'closing', type: 'Date', unittype: 'Date', dateRule: 'greatthncurrentdate' }));
    expect([p.currentdate, p.greatthncurrentdate, p.lessthncurrentdate]).toEqual(['false', 'true', 'false']);
    expect(draftOf(p).dateRule).toBe('greatthncurrentdate');
  });
});

describe('choosing a kind', () => {
  it('sets unittype and clears every other flag', () => {
    const before = draft({
      parameterName: 'salary',
      type: 'number',
      unittype: 'Integer',
      maxlength: '6',
      allownegative: true,
      min: '3',
    });
    const after = chooseKind(before, 'Float');
    expect(after.unittype).toBe('Float');
    expect(after).toMatchObject({
      maxlength: '',
      allownegative: false,
      min: '',
      decimalplaces: '',
      dateRule: null,
      parameterName: 'salary',
      type: 'number',
    });
  });

  it('keeps the flags when the same kind is chosen again', () => {
    const before = draft({ minlength: '5', maxlength: '80' });
    expect(chooseKind(before, 'Character')).toBe(before);
  });

  it('follows the type: a type that cannot hold the kind takes its first one', () => {
    expect(chooseType(draft({ minlength: '5' }), 'Checkbox')).toMatchObject({
      type: 'Checkbox',
      unittype: 'Boolean',
      minlength: '',
    });
    expect(chooseType(draft({ minlength: '5' }), 'Dropdown')).toMatchObject({
      type: 'Dropdown',
      unittype: 'Character',
      minlength: '5',
    });
    expect(chooseType(draft({}), 'number').unittype).toBe('Integer');
  });
});

describe('the draft as a parameter', () => {
  it('makes the spec’s shapes: Y/N, numbers, nulls for empty limits', () => {
    const p = ok(
      draft({ parameterName: ' title ', mandatory: true, pagecreationtype: 'Header', minlength: '5', maxlength: '80' }),
    );
    expect(p).toMatchObject({
      parameterName: 'title',
      mandatory: 'Y',
      pagecreationtype: 'Header',
      minlength: 5,
      maxlength: 80,
      decimalplaces: null,
      min: null,
    });
  });

  it('gives the server’s sentences for contradictions', () => {
    const result = parameterOfDraft(draft({ parameterName: 'title', minlength: '9', maxlength: '3' }));
    expect(result).toEqual({
      ok: false,
      problems: ['Parameter title: the minimum length is more than the maximum length.'],
    });
    const master = parameterOfDraft(draft({ parameterName: 'city', type: 'Dropdown', unittype: 'MasterData' }));
    expect(master).toEqual({ ok: false, problems: ['Parameter city: choose the master type its values come from.'] });
  });

  it('says which number is not a number, and asks for a name', () => {
    const result = parameterOfDraft(draft({ parameterName: '', sequence: '0', minlength: '-1', min: 'abc' }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual([
        'Enter a parameter name of 1 to 100 characters.',
        'Sequence: enter a whole number from 1 to 1000.',
        'Minimum length: enter a whole number of 0 or more, or leave it empty.',
        'Minimum: enter a number, or leave it empty.',
      ]);
    }
  });

  it('round-trips through the form unchanged (Edit then Add without changes)', () => {
    const p = param({
      parameterName: 'salary',
      sequence: 3,
      type: 'number',
      unittype: 'Float',
      decimalplaces: 2,
      allownegativeforfloat: 'Y',
      min: -5,
    });
    expect(ok(draftOf(p))).toEqual(p);
  });
});

describe('the table', () => {
  const title = param({ parameterName: 'title', sequence: 1 });
  const closing = param({ parameterName: 'closing', sequence: 2, type: 'Date', unittype: 'Date' });

  it('starts the sequence at the rows plus one', () => {
    expect(nextSequence([])).toBe(1);
    expect(nextSequence([title, closing])).toBe(3);
  });

  it('appends on Add and increments the sequence', () => {
    const salary = param({ parameterName: 'salary', sequence: 3 });
    expect(addToTable({ rows: [title, closing], editing: null }, salary)).toEqual({
      rows: [title, closing, salary],
      sequence: 4,
    });
  });

  it('replaces the row being edited, in sequence order', () => {
    const moved = { ...title, parameterName: 'heading', sequence: 5 };
    const { rows, sequence } = addToTable({ rows: [title, closing], editing: 0 }, moved);
    expect(rows.map((r) => r.parameterName)).toEqual(['closing', 'heading']);
    expect(sequence).toBe(6);
  });

  it('decrements the sequence on delete, never below 1', () => {
    expect(deleteFromTable({ rows: [title, closing], editing: null }, 1, 3)).toEqual({
      rows: [title],
      editing: null,
      sequence: 2,
      editEnded: false,
    });
    expect(deleteFromTable({ rows: [title], editing: null }, 0, 1).sequence).toBe(1);
  });

  it('ends the edit when its row is deleted, and follows its row when another goes', () => {
    expect(deleteFromTable({ rows: [title, closing], editing: 1 }, 1, 2)).toMatchObject({
      rows: [title],
      editing: null,
      sequence: 2,
      editEnded: true,
    });
    expect(deleteFromTable({ rows: [title, closing], editing: 1 }, 0, 2)).toMatchObject({
      rows: [closing],
      editing: 0,
      sequence: 2,
      editEnded: false,
    });
  });

  it('refuses a name used twice (in any case), except by the row being edited', () => {
    const again = param({ parameterName: 'Title', sequence: 3 });
    const context = { allowedNames: null, pageName: 'Careers' };
    expect(tableProblems({ rows: [title, closing], editing: null }, again, context)).toEqual([
      'The parameter Title is there twice; each name may be used once.',
    ]);
    expect(tableProblems({ rows: [title, closing], editing: 0 }, again, context)).toEqual([]);
  });

  it('refuses a name that is not a field of a wired page', () => {
    const context = { allowedNames: [{ name: 'title', label: 'Title' }], pageName: 'Home' };
    expect(tableProblems({ rows: [], editing: null }, closing, context)).toEqual([
      'closing is not a field of the page Home; choose one from the list of its labels.',
    ]);
    expect(tableProblems({ rows: [], editing: null }, title, context)).toEqual([]);
  });

  it('sorts by sequence and keeps the order of equal ones', () => {
    const a = param({ parameterName: 'a', sequence: 2 });
    const b = param({ parameterName: 'b', sequence: 1 });
    const c = param({ parameterName: 'c', sequence: 2 });
    expect(bySequence([a, b, c]).map((r) => r.parameterName)).toEqual(['b', 'a', 'c']);
  });
});

describe('the summaries', () => {
  it('reads each kind’s rules', () => {
    expect(describeValidations(param({ parameterName: 't', sequence: 1, minlength: 5, maxlength: 80 }))).toBe(
      'length 5–80',
    );
    expect(describeValidations(param({ parameterName: 't', sequence: 1, maxlength: 1 }))).toBe('at most 1 character');
    expect(describeValidations(param({ parameterName: 't', sequence: 1 }))).toBe('No limits');
    expect(
      describeValidations(
        param({ parameterName: 'd', sequence: 1, type: 'Date', unittype: 'Date', greatthncurrentdate: 'true' }),
      ),
    ).toBe('future date');
    expect(describeValidations(param({ parameterName: 'd', sequence: 1, type: 'Date', unittype: 'Date' }))).toBe(
      'any date',
    );
    expect(
      describeValidations(
        param({ parameterName: 's', sequence: 1, type: 'number', unittype: 'Float', decimalplaces: 2 }),
      ),
    ).toBe('2 decimal places, no negatives');
    expect(
      describeValidations(
        param({
          parameterName: 'n',
          sequence: 1,
          type: 'number',
          unittype: 'Integer',
          maxlength: 4,
          allownegative: 'Y',
          min: -10,
        }),
      ),
    ).toBe('up to 4 digits, negatives allowed, minimum -10');
    expect(
      describeValidations(
        param({
          parameterName: 'f',
          sequence: 1,
          type: 'Checkbox',
          unittype: 'Boolean',
          booleanyes: 'Yes',
          booleanno: 'No',
        }),
      ),
    ).toBe('Yes/No');
    expect(
      describeValidations(
        param({
          parameterName: 'i',
          sequence: 1,
          type: 'Image',
          unittype: 'Image',
          sizeinKB: 200,
          width: 800,
          height: 600,
        }),
      ),
    ).toBe('up to 200 KB, width 800 px, height 600 px');
    expect(
      describeValidations(
        param({ parameterName: 'm', sequence: 1, type: 'Dropdown', unittype: 'MasterData', commonmastertype: 3 }),
      ),
    ).toBe('master type 3');
  });

  // In plain words (docs/design.md §34): the spec's Textarea, Header, Detail and User Selection are small print elsewhere.
  it('reads the configuration', () => {
    expect(
      describeConfiguration(param({ parameterName: 't', sequence: 1, mandatory: 'Y', pagecreationtype: 'Header' })),
    ).toBe('Text · Once on the page · Required · Name not shown');
    expect(
      describeConfiguration(
        param({ parameterName: 'h', sequence: 1, pagecreationtype: 'Header', asHeading: true, showName: true }),
      ),
    ).toBe('Text · Once on the page · Optional · A heading · Name shown to visitors');
    expect(
      describeConfiguration(
        param({
          parameterName: 'm',
          sequence: 1,
          type: 'Dropdown',
          unittype: 'MasterData',
          commonmastertype: 3,
          validator: 'User Selection',
        }),
      ),
    ).toBe(
      'Drop-down list (a master-data value) · In each entry of the page’s list · Optional · Name shown to visitors · Chosen from master data',
    );
  });
});

describe('what visitors see of a field (docs/design.md §34)', () => {
  it('follows its kind until chosen: a text field’s name is not shown, a number’s is; a choice is kept', () => {
    expect(ok(draft({ parameterName: 'intro' })).showName).toBeNull();
    expect(ok(draft({ parameterName: 'intro', showName: true })).showName).toBe(true);
    expect(ok(draft({ parameterName: 'price', type: 'number', unittype: 'Integer', showName: false })).showName).toBe(
      false,
    );
  });

  it('keeps "a heading" only for a line of text', () => {
    expect(ok(draft({ parameterName: 'headline', asHeading: true })).asHeading).toBe(true);
    expect(
      ok(draft({ parameterName: 'body', type: 'Richtext', unittype: 'Richtext', asHeading: true })).asHeading,
    ).toBe(false);
  });
});

describe('the translated flag (docs/design.md §28)', () => {
  it('is on for a new text field, kept as chosen for text kinds, and null for any other kind', () => {
    expect(emptyDraft(1).translatable).toBe(true);
    expect(ok(draft({ parameterName: 'title' })).translatable).toBe(true);
    expect(ok(draft({ parameterName: 'code', translatable: false })).translatable).toBe(false);
    expect(
      ok(draft({ parameterName: 'intro', type: 'Richtext', unittype: 'Richtext', translatable: false })).translatable,
    ).toBe(false);
    expect(
      ok(draft({ parameterName: 'salary', type: 'number', unittype: 'Float', translatable: false })).translatable,
    ).toBeNull();
  });

  it('reads back as it was saved, and the table says when a text field is not translated', () => {
    expect(draftOf(param({ parameterName: 'title', sequence: 1 })).translatable).toBe(true);
    expect(draftOf(param({ parameterName: 'code', sequence: 1, translatable: false })).translatable).toBe(false);
    expect(describeConfiguration(param({ parameterName: 'code', sequence: 1, translatable: false }))).toContain(
      'Not translated',
    );
    expect(describeConfiguration(param({ parameterName: 'title', sequence: 1 }))).not.toContain('Not translated');
  });
});
