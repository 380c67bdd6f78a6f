import {
  FORM_LIMITS,
  type FormField,
  type FormFieldKind,
  type FormFileType,
  type FormInput,
  type StoredForm,
} from '../../../../core/schemas/forms';

/**
 * A form as its editor holds it (docs/design.md §30) and the call's shape made from it: a field's choices as lines of
 * text (or a master data type's id), its file kinds as ticks, numbers as typed.
 */

/** A field as the editor holds it: its choices as lines of text, its file kinds as ticks. */
export interface EditedField {
  key: string;
  label: string;
  help: string;
  kind: FormFieldKind;
  required: boolean;
  /** Where a choice field's choices come from: '' typed in (`choices`), else a master data type's id. */
  choicesFrom: string;
  choices: string;
  accept: FormFileType[];
  maxMb: string;
  showWhenField: string;
  showWhenEquals: string;
}

export interface EditedForm {
  name: string;
  fields: EditedField[];
  recipients: string;
  confirmation: { enabled: boolean; subject: string; body: string };
  successMessage: string;
  retentionDays: string;
}

/** A key for a label: lower-case letters, digits and _, starting with a letter, unique in the form. */
export function keyFor(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 36) || 'field';
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}_${n}`;
  return key;
}

const choicesText = (field: FormField) =>
  (field.options ?? []).map((o) => (o.value === o.label ? o.label : `${o.value} = ${o.label}`)).join('\n');

export const editedForm = (form: StoredForm | null): EditedForm => ({
  name: form?.name ?? '',
  fields: (form?.fields ?? []).map((field) => ({
    key: field.key,
    label: field.label,
    help: field.help ?? '',
    kind: field.kind,
    required: field.required,
    choicesFrom: field.masterType === undefined ? '' : String(field.masterType),
    choices: choicesText(field),
    accept: field.accept ?? ['pdf'],
    maxMb: String(field.maxMb ?? 5),
    showWhenField: field.showWhen?.field ?? '',
    showWhenEquals: field.showWhen?.equals ?? '',
  })),
  recipients: (form?.recipients ?? []).join('\n'),
  confirmation: form?.confirmation ?? { enabled: false, subject: '', body: '' },
  successMessage: form?.successMessage ?? 'Thank you: we will be in touch soon.',
  retentionDays: String(form?.retentionDays ?? FORM_LIMITS.retentionDaysDefault),
});

/** The form as the call takes it (docs/design.md §30). */
export function formInput(values: EditedForm, saved: StoredForm | null): FormInput {
  return {
    ...(saved ? { id: saved.id, revision: saved.revision } : {}),
    name: values.name,
    fields: values.fields.map((field) => fieldInput(field)),
    recipients: values.recipients
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter(Boolean),
    confirmation: values.confirmation,
    successMessage: values.successMessage,
    retentionDays: Number(values.retentionDays),
  };
}

function fieldInput(field: EditedField): FormField {
  const choosing = field.kind === 'choice' || field.kind === 'checkboxes';
  const options = field.choices
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at === -1
        ? { value: line, label: line }
        : { value: line.slice(0, at).trim(), label: line.slice(at + 1).trim() };
    });
  return {
    key: field.key,
    label: field.label,
    ...(field.help.trim() ? { help: field.help.trim() } : {}),
    kind: field.kind,
    required: field.kind === 'consent' ? true : field.required,
    ...(field.showWhenField ? { showWhen: { field: field.showWhenField, equals: field.showWhenEquals } } : {}),
    ...(choosing ? (field.choicesFrom ? { masterType: Number(field.choicesFrom) } : { options }) : {}),
    ...(field.kind === 'file' ? { accept: field.accept, maxMb: Number(field.maxMb) } : {}),
  };
}
