import { describe, expect, it } from 'vitest';
import { readPhoneLeniently } from '../phone';
import { FormFieldSchema, FormInputSchema, type FormField } from '../schemas/forms';
import { checkSubmission, fileRuleOf, isShown } from './form-rules';
import { JOB_APPLICATION } from './job-application.fixture';

const APPLICATION = JOB_APPLICATION.fields;

const cv = { cv: { name: 'cv.pdf', bytes: 1000 } };
const good = { name: ' Asha Rao ', email: 'asha@example.com', position: 'dev', consent: 'yes' };

describe('checkSubmission', () => {
  it('keeps the shown fields, trimmed, and leaves a hidden field out however it was sent', () => {
    const { values, problems } = checkSubmission(
      APPLICATION,
      { ...good, heard: 'friend', heard_other: 'smuggled' },
      { readPhone: readPhoneLeniently, files: cv },
    );
    expect(problems).toEqual([]);
    expect(values).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '',
      position: 'dev',
      cv: 'cv.pdf',
      heard: 'friend',
      consent: 'yes',
    });
  });

  it('requires the text behind Other only once Other is chosen', () => {
    const { problems } = checkSubmission(
      APPLICATION,
      { ...good, heard: 'other' },
      { readPhone: readPhoneLeniently, files: cv },
    );
    expect(problems).toEqual([{ field: 'heard_other', message: 'Where? is required.' }]);
  });

  it('names every refused field with its sentence, in the form’s order', () => {
    const { problems } = checkSubmission(
      APPLICATION,
      { email: 'asha@', phone: '12', position: 'ceo' },
      { readPhone: readPhoneLeniently, files: { cv: { name: 'cv.exe', bytes: 10 } } },
    );
    expect(problems).toEqual([
      { field: 'name', message: 'Your name is required.' },
      { field: 'email', message: 'Enter a valid email address, like name@example.com.' },
      { field: 'phone', message: 'Enter a valid 10-digit phone number.' },
      { field: 'position', message: 'Choose from the list: Position.' },
      { field: 'cv', message: 'CV must be PDF, at most 5 MB.' },
      { field: 'consent', message: 'Tick the box to send the form: I agree to the privacy notice.' },
    ]);
  });

  it('refuses a file over its limit and a missing required file', () => {
    const big = checkSubmission(APPLICATION, good, {
      readPhone: readPhoneLeniently,
      files: { cv: { name: 'CV.PDF', bytes: 5 * 1024 * 1024 + 1 } },
    });
    expect(big.problems).toEqual([{ field: 'cv', message: 'CV is larger than 5 MB: choose a smaller file.' }]);
    const none = checkSubmission(APPLICATION, good, { readPhone: readPhoneLeniently });
    expect(none.problems).toEqual([{ field: 'cv', message: 'Choose a file: CV.' }]);
  });

  it('checks numbers, dates and several choices', () => {
    const fields: FormField[] = [
      { key: 'people', label: 'People', kind: 'number', required: true },
      { key: 'day', label: 'Day', kind: 'date', required: true },
      {
        key: 'topics',
        label: 'Topics',
        kind: 'checkboxes',
        required: true,
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
    ];
    const wrong = checkSubmission(
      fields,
      { people: '12x', day: '2027-02-30', topics: [] },
      { readPhone: readPhoneLeniently },
    );
    expect(wrong.problems.map((p) => p.message)).toEqual([
      'People must be a number, like 12 or 4.5.',
      'Day must be a date, like 2027-03-31.',
      'Choose at least one: Topics.',
    ]);
    const right = checkSubmission(
      fields,
      { people: '4.5', day: '2028-02-29', topics: ['b', 'a'] },
      { readPhone: readPhoneLeniently },
    );
    expect(right).toEqual({ values: { people: '4.5', day: '2028-02-29', topics: ['b', 'a'] }, problems: [] });
  });

  it('hides a field whose showing field is itself hidden', () => {
    const fields: FormField[] = [
      { key: 'a', label: 'A', kind: 'choice', required: false, options: [{ value: 'y', label: 'Yes' }] },
      {
        key: 'b',
        label: 'B',
        kind: 'choice',
        required: false,
        options: [{ value: 'y', label: 'Yes' }],
        showWhen: { field: 'a', equals: 'y' },
      },
      { key: 'c', label: 'C', kind: 'text', required: true, showWhen: { field: 'b', equals: 'y' } },
    ];
    expect(isShown(fields[2]!, fields, { b: 'y' })).toBe(false);
    expect(isShown(fields[2]!, fields, { a: 'y', b: 'y' })).toBe(true);
  });
});

describe('the form’s schema', () => {
  const form = JOB_APPLICATION;

  it('takes the job application', () => {
    expect(FormInputSchema.safeParse(form).success).toBe(true);
  });

  it('refuses a field shown by one below it, a duplicate key, and a confirmation without an email field', () => {
    const issues = (input: unknown) =>
      (FormInputSchema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    const other = APPLICATION.find((f) => f.key === 'heard_other')!;
    expect(issues({ ...form, fields: [other, ...APPLICATION.filter((f) => f !== other)] })).toContain(
      'fields.0.showWhen.field: A field is shown by a field above it: choose one of those.',
    );
    expect(issues({ ...form, fields: [...APPLICATION, { ...APPLICATION[0]! }] })).toContain(
      'fields.8.key: Two fields have the key “name”.',
    );
    expect(issues({ ...form, fields: APPLICATION.filter((f) => f.kind !== 'email') })).toContain(
      'confirmation.enabled: A confirmation is mailed to the sender: give the form an email field first.',
    );
  });

  it('refuses choices on a text field, a file field without kinds, and an optional consent', () => {
    const issues = (field: unknown) => (FormFieldSchema.safeParse(field).error?.issues ?? []).map((i) => i.message);
    expect(
      issues({ key: 'a', label: 'A', kind: 'text', required: false, options: [{ value: 'x', label: 'X' }] }),
    ).toEqual(['Only a choice field has choices.']);
    expect(issues({ key: 'a', label: 'A', kind: 'file', required: false })).toEqual([
      'Choose at least one kind of file.',
    ]);
    expect(issues({ key: 'a', label: 'A', kind: 'consent', required: false })).toEqual([
      'A consent box is always required.',
    ]);
    expect(issues({ key: 'A b', label: 'A', kind: 'text', required: false })).toEqual([
      "A field's key is 1 to 40 lower-case letters, digits and _, starting with a letter.",
    ]);
  });

  it('says what a file field takes', () => {
    expect(
      fileRuleOf({ key: 'f', label: 'F', kind: 'file', required: true, accept: ['pdf', 'docx', 'odt'], maxMb: 2 }),
    ).toBe('PDF, Word (DOCX) or OpenDocument text (ODT), at most 2 MB');
  });
});

describe('the rules in the page’s words', () => {
  it('refuses with the forms’ words as translated, each field named by its label as shown', () => {
    const words = {
      'form.required': '{label} fehlt noch.',
      'form.fromList': 'Bitte aus der Liste wählen: {label}.',
      'form.fileRule': '{kinds}, höchstens {mb} MB',
      'form.fileKind': '{label} muss {rule} sein.',
      'form.file.pdf': 'PDF-Datei',
    };
    const { problems } = checkSubmission(
      APPLICATION.map((field) => (field.key === 'name' ? { ...field, label: 'Ihr Name' } : field)),
      { email: 'asha@example.com', position: 'ceo', consent: 'yes' },
      { readPhone: readPhoneLeniently, files: { cv: { name: 'cv.exe', bytes: 10 } }, words },
    );
    expect(problems).toEqual([
      { field: 'name', message: 'Ihr Name fehlt noch.' },
      { field: 'position', message: 'Bitte aus der Liste wählen: Position.' },
      { field: 'cv', message: 'CV muss PDF-Datei, höchstens 5 MB sein.' },
    ]);
    // A word not translated is Folio's.
    expect(fileRuleOf({ ...APPLICATION[4]!, accept: ['pdf', 'docx', 'png'] }, { 'form.or': 'oder' })).toBe(
      'PDF, Word (DOCX) oder PNG image, at most 5 MB',
    );
  });
});
