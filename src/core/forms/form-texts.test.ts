import { describe, expect, it } from 'vitest';
import { formIn, formTextUnits } from './form-texts';
import { JOB_APPLICATION } from './job-application.fixture';

const FORM = { ...JOB_APPLICATION, id: 7 };

describe('a form’s texts to translate', () => {
  it('names each text by the form’s id and the field’s key, so that moving a field keeps its translation', () => {
    const keys = formTextUnits(FORM).map((unit) => unit.key);
    expect(keys).toEqual([
      'form.7.field.name.label',
      'form.7.field.email.label',
      'form.7.field.phone.label',
      'form.7.field.position.label',
      'form.7.field.position.option.dev',
      'form.7.field.position.option.qa',
      'form.7.field.cv.label',
      'form.7.field.heard.label',
      'form.7.field.heard.option.friend',
      'form.7.field.heard.option.other',
      'form.7.field.heard_other.label',
      'form.7.field.consent.label',
      'form.7.successMessage',
      'form.7.confirmation.subject',
      'form.7.confirmation.body',
    ]);
    const texts = { 'form.7.field.position.label': 'Stelle', 'form.7.field.position.option.qa': 'Testerin' };
    const moved = formIn({ ...FORM, fields: [...FORM.fields].reverse() }, texts);
    const position = moved.fields.find((field) => field.key === 'position')!;
    expect(position.label).toBe('Stelle');
    // A choice's value, which is stored, stays.
    expect(position.options).toEqual([
      { value: 'dev', label: 'Developer' },
      { value: 'qa', label: 'Testerin' },
    ]);
  });

  it('leaves out a master data type’s values, an empty help and a confirmation not sent', () => {
    const units = formTextUnits({
      ...FORM,
      fields: [{ key: 'team', label: 'Team', kind: 'choice', required: true, masterType: 3, help: ' ' }],
      confirmation: { enabled: false, subject: '', body: '' },
    });
    expect(units.map((unit) => unit.key)).toEqual(['form.7.field.team.label', 'form.7.successMessage']);
  });
});
