import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Save, Trash2, X } from 'lucide-react';
import {
  FORM_FIELD_KIND_LABELS,
  FORM_FIELD_KINDS,
  FORM_FILE_TYPE_INFO,
  FORM_FILE_TYPES,
  FORM_LIMITS,
  type FormField,
  type FormFieldKind,
  type FormFileType,
  type StoredForm,
} from '../../../../core/schemas/forms';
import { FormField as TextField } from '../../components/form-field';
import { IconButton } from '../../components/icon-button';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { useSaveForm } from './api';

/**
 * A form's editor (docs/design.md §30): its name and fields (each its label, kind, whether it is required, its help, its
 * choices, its kinds of file and limit, the field and value that show it), who is mailed, the confirmation to the
 * sender, the success message and how long submissions are kept. Fields move up and down with buttons (by keyboard
 * as by pointer). Choices are typed one a line (`value = label`, or a label alone). The server checks the form as
 * `FormInputSchema` says and names a refused place (`fields.2.label`); a save on an older revision is refused.
 */

/** A field as the editor holds it: its choices as lines of text, its file kinds as ticks. */
interface EditedField {
  key: string;
  label: string;
  help: string;
  kind: FormFieldKind;
  required: boolean;
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
export function formInput(values: EditedForm, saved: StoredForm | null) {
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
    ...(choosing ? { options } : {}),
    ...(field.kind === 'file' ? { accept: field.accept, maxMb: Number(field.maxMb) } : {}),
  };
}

export function FormEditor({ saved, onDone }: { saved: StoredForm | null; onDone: () => void }) {
  const save = useSaveForm();
  const headingId = useId();
  const builtIn = saved?.builtIn !== null && saved !== null;
  const form = useStaffForm<EditedForm>({
    defaultValues: editedForm(saved),
    submit: async (values) => {
      await save.mutateAsync(formInput(values, saved));
      notify.success(`Visitors of the pages that show “${values.name}” see it as saved.`, 'Form saved');
      onDone();
    },
  });
  return (
    <section className="app-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{saved ? `Change the form ${saved.name}` : 'A new form'}</h2>
      <StaffForm form={form} className="app-form">
        <TextField
          name="name"
          id="form-name"
          label="Name"
          required
          hint="What staff call it: visitors do not see it."
        />
        {builtIn ? (
          <p className="app-notice">The contact form’s fields are the ones the Contact page has always had.</p>
        ) : (
          <FieldList />
        )}
        <TextField
          name="recipients"
          id="form-recipients"
          label="Mail each submission to"
          multiline
          hint="Email addresses, one a line. None: the company’s email address."
        />
        <Confirmation />
        <TextField name="successMessage" id="form-success" label="Success message" required multiline />
        <TextField
          name="retentionDays"
          id="form-retention"
          label="Keep submissions for (days)"
          inputMode="numeric"
          hint={`Deleted after this many days, with their files (at most ${FORM_LIMITS.retentionDaysMax}).`}
        />
        <RefusalBox message={form.refusal} />
        <div className="app-actions">
          <SubmitButton busy={form.busy} icon={Save}>
            Save
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={onDone}>
            <X className="button__icon" aria-hidden="true" focusable="false" />
            Cancel
          </button>
        </div>
      </StaffForm>
    </section>
  );
}

function Confirmation() {
  const enabled = useWatch<EditedForm, 'confirmation.enabled'>({ name: 'confirmation.enabled' });
  const { register } = useFormContext<EditedForm>();
  return (
    <fieldset className="app-fieldset">
      <legend className="app-fieldset__legend">Confirmation to the sender</legend>
      <label className="app-check">
        <input type="checkbox" {...register('confirmation.enabled')} /> Mail the sender a confirmation (the form needs
        an email field)
      </label>
      {enabled ? (
        <>
          <TextField
            name="confirmation.subject"
            id="form-confirmation-subject"
            label="Subject"
            hint="{{key}} puts in what the sender typed in that field, such as {{name}}."
          />
          <TextField name="confirmation.body" id="form-confirmation-body" label="Text" multiline />
        </>
      ) : null}
    </fieldset>
  );
}

function FieldList() {
  const { control, getValues } = useFormContext<EditedForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'fields', keyName: 'id' });
  const add = () => {
    const taken = new Set(getValues('fields').map((field) => field.key));
    append(
      {
        key: keyFor(`field ${fields.length + 1}`, taken),
        label: '',
        help: '',
        kind: 'text',
        required: false,
        choices: '',
        accept: ['pdf'],
        maxMb: '5',
        showWhenField: '',
        showWhenEquals: '',
      },
      { focusName: `fields.${fields.length}.label` },
    );
  };
  return (
    <fieldset className="app-fieldset">
      <legend className="app-fieldset__legend">Fields</legend>
      {fields.length === 0 ? <p>No fields yet: add the first.</p> : null}
      <ol className="form-editor__fields">
        {fields.map((item, index) => (
          <li key={item.id} className="app-panel form-editor__field">
            <FieldEditor index={index} />
            <div className="app-actions">
              <IconButton
                icon={ArrowUp}
                label={`Move field ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <IconButton
                icon={ArrowDown}
                label={`Move field ${index + 1} down`}
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <IconButton
                icon={Trash2}
                tone="danger"
                label={`Remove field ${index + 1}`}
                onClick={() => remove(index)}
              />
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--outline" onClick={add}>
        <Plus className="button__icon" aria-hidden="true" focusable="false" />
        Add a field
      </button>
    </fieldset>
  );
}

function FieldEditor({ index }: { index: number }) {
  const { register } = useFormContext<EditedForm>();
  const kind = useWatch<EditedForm, `fields.${number}.kind`>({ name: `fields.${index}.kind` });
  const above = useWatch<EditedForm, 'fields'>({ name: 'fields' }).slice(0, index);
  const id = `form-field-${index}`;
  return (
    <>
      <TextField name={`fields.${index}.label`} id={`${id}-label`} label={`Field ${index + 1}: label`} required />
      <TextField
        name={`fields.${index}.key`}
        id={`${id}-key`}
        label="Key"
        required
        spellCheck={false}
        hint="Lower-case letters, digits and _: the column of the CSV, and {{key}} in the confirmation."
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-kind`}>
          Kind
        </label>
        <select id={`${id}-kind`} className="field__input" {...register(`fields.${index}.kind`)}>
          {FORM_FIELD_KINDS.map((value) => (
            <option key={value} value={value}>
              {FORM_FIELD_KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {kind === 'consent' ? null : (
        <label className="app-check">
          <input type="checkbox" {...register(`fields.${index}.required`)} /> Required
        </label>
      )}
      <TextField name={`fields.${index}.help`} id={`${id}-help`} label="Help under the field" />
      {kind === 'choice' || kind === 'checkboxes' ? (
        <TextField
          name={`fields.${index}.choices`}
          id={`${id}-choices`}
          label="Choices"
          multiline
          hint="One a line; `value = label` to store a short value, such as `dev = Developer`."
        />
      ) : null}
      {kind === 'file' ? <FileRule index={index} id={id} /> : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-shown-by`}>
          Shown only when
        </label>
        <select id={`${id}-shown-by`} className="field__input" {...register(`fields.${index}.showWhenField`)}>
          <option value="">Always shown</option>
          {above.map((field) => (
            <option key={field.key} value={field.key}>
              {field.label || field.key}
            </option>
          ))}
        </select>
      </div>
      <TextField name={`fields.${index}.showWhenEquals`} id={`${id}-shown-equals`} label="…has the value" />
    </>
  );
}

function FileRule({ index, id }: { index: number; id: string }) {
  const { register } = useFormContext<EditedForm>();
  return (
    <>
      <fieldset className="app-fieldset">
        <legend className="app-fieldset__legend">Kinds of file</legend>
        {FORM_FILE_TYPES.map((type) => (
          <label key={type} className="app-check">
            <input type="checkbox" value={type} {...register(`fields.${index}.accept`)} />{' '}
            {FORM_FILE_TYPE_INFO[type].label}
          </label>
        ))}
      </fieldset>
      <TextField
        name={`fields.${index}.maxMb`}
        id={`${id}-max-mb`}
        label="Largest file (MB)"
        inputMode="decimal"
        hint={`At most ${FORM_LIMITS.fileMaxMb} MB.`}
      />
    </>
  );
}
