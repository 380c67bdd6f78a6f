import { lazy, Suspense } from 'react';
import { Field } from '../../components/field';
import { describedBy, fieldErrorId } from '../../components/field-ids';
import { booleanLabelsOf } from './entry-fields';
import type { ChoiceSource, EntryField, EntryInputs } from './entry-fields';
import { AutoGrowTextarea } from './auto-grow-textarea';
import { RichTextPending } from './rich-text-pending';

// The rich-text editor (Tiptap, ProseMirror: about 100 KB gzip) is a chunk of its own, fetched as the editor
// opens: the editor's first screen does not wait for it (docs/design.md §26, ≤ 200 KB of JavaScript).
const RichTextEditor = lazy(() => import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })));
// The accented heading's editor (docs/design.md §34): TipTap too, without the rich-text toolbar's extensions.
const AccentTextEditor = lazy(() =>
  import('./accent-text-editor').then((module) => ({ default: module.AccentTextEditor })),
);

// The image field's upload, crop and library picker: fetched when an entry form with an image opens, not with the
// editor's first screen (its list shows the images; the budget of docs/design.md §26 has no room for it).
const ImageUploadField = lazy(() => import('./image-upload').then((module) => ({ default: module.ImageUploadField })));

/** One labelled input of an entry form, by the field's kind. Controlled: the value is the field's text. */
export function EntryInput<E>(
  props: EntryInputProps<E> & {
    /** The field's path in the document (`skillList.2.skillName`): the preview outlines it while it has the focus. */
    path?: string | undefined;
  },
) {
  const { path, ...input } = props;
  // `display: contents`: the wrapper only names the field, it takes no place in the form's layout. It is always
  // there, so that a path coming or going (a list entry opened for editing) never remounts the control under focus.
  return (
    <div className="field-path" data-field-path={path}>
      <FieldInput {...input} />
    </div>
  );
}

interface EntryInputProps<E> {
  field: EntryField<E>;
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** The other inputs of the same form (a choice field's options may follow one of them). */
  siblings?: EntryInputs;
  /** Why the field was refused (a field rule's message): shown at it, and the control marked invalid. */
  error?: string | undefined;
  /** An image field with uploads: told whether a file is on its way up. */
  onPendingFile?: (pending: boolean) => void;
}

function FieldInput<E>({
  field,
  id,
  value,
  onChange,
  siblings,
  error,
  onPendingFile,
}: {
  field: EntryField<E>;
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** The other inputs of the same form (a choice field's options may follow one of them). */
  siblings?: EntryInputs;
  /** Why the field was refused (a field rule's message): shown at it, and the control marked invalid. */
  error?: string | undefined;
  /** An image field with uploads: told whether a file is on its way up. */
  onPendingFile?: (pending: boolean) => void;
}) {
  const required = field.required ?? true;
  if (field.choice) {
    const parent = field.choice.parentField ? (siblings?.[field.choice.parentField] ?? '') : '';
    return (
      <ChoiceInput
        field={field}
        choice={field.choice}
        id={id}
        value={value}
        parent={parent}
        onChange={onChange}
        error={error}
      />
    );
  }
  if (field.kind === 'richtext' || field.kind === 'accent') {
    const props = { id, label: field.label, value, required, hint: field.hint, error };
    const Editor = field.kind === 'accent' ? AccentTextEditor : RichTextEditor;
    return (
      <Suspense fallback={<RichTextPending {...props} oneLine={field.kind === 'accent'} />}>
        <Editor {...props} onChange={onChange} />
      </Suspense>
    );
  }
  if (field.kind === 'checkbox')
    return <CheckboxInput field={field} id={id} value={value} onChange={onChange} error={error} />;
  const text = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value);
  return (
    <Field
      id={id}
      label={field.label}
      required={required}
      markRequired
      hint={field.hint}
      error={error}
      className={`field--${field.kind}`}
    >
      {(control) => {
        const common = { ...control, value, autoComplete: 'off' } as const;
        if (field.kind === 'textarea') return <AutoGrowTextarea {...common} onChange={text} />;
        if (field.kind === 'image-url') {
          // Without an upload folder the field takes an address or an image of the library.
          return (
            <Suspense fallback={<input {...common} className="field__input" type="url" readOnly aria-busy="true" />}>
              <ImageUploadField
                id={id}
                folder={field.upload}
                field={field.uploadField}
                value={value}
                onChange={onChange}
                describedBy={control['aria-describedby']}
                invalid={control['aria-invalid']}
                onPendingFile={onPendingFile}
              />
            </Suspense>
          );
        }
        if (field.kind === 'date') return <input {...common} className="field__input" type="date" onChange={text} />;
        if (field.kind === 'decimal') {
          // A text input: the number is kept as typed, so that its decimal places survive (12.50).
          return (
            <input
              {...common}
              className="field__input"
              type="text"
              inputMode="decimal"
              spellCheck={false}
              onChange={text}
            />
          );
        }
        const number = field.kind === 'number';
        return (
          <input
            {...common}
            className="field__input"
            type={number ? 'number' : 'text'}
            inputMode={number ? 'decimal' : undefined}
            min={field.min}
            max={field.max}
            onChange={text}
          />
        );
      }}
    </Field>
  );
}

/**
 * A yes/no field: a checkbox labelled with the field's name, and beside it the word its state stands for
 * (the parameter's yes / no labels). The value is 'true' or 'false'.
 */
function CheckboxInput<E>({
  field,
  id,
  value,
  onChange,
  error,
}: {
  field: EntryField<E>;
  id: string;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
}) {
  const labels = booleanLabelsOf(field);
  const checked = value === 'true';
  const hintId = `${id}-hint`;
  const errorId = error ? fieldErrorId(id) : undefined;
  return (
    <div className="field field--checkbox">
      <div className="checkbox-choice">
        <input
          id={id}
          type="checkbox"
          className="checkbox-choice__input"
          checked={checked}
          aria-describedby={describedBy(hintId, errorId)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
        <label className="field__label checkbox-choice__label" htmlFor={id}>
          {field.label}
        </label>
        {/* The state in the field's own words; a screen reader hears it as ticked / not ticked and the hint. */}
        <span className="checkbox-choice__state" aria-hidden="true">
          {checked ? labels.yes : labels.no}
        </span>
      </div>
      <p className="field__hint" id={hintId}>
        {field.hint ? `${field.hint} ` : ''}Ticked: {labels.yes}. Not ticked: {labels.no}.
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * A choice from a list of options: a drop-down list or a group of radio buttons. A held value that is not
 * offered (deactivated since it was chosen, or of another parent) stays selected and is shown by its name.
 */
function ChoiceInput<E>({
  field,
  choice,
  id,
  value,
  parent,
  onChange,
  error,
}: {
  field: EntryField<E>;
  choice: ChoiceSource;
  id: string;
  value: string;
  parent: string;
  onChange: (text: string) => void;
  error: string | undefined;
}) {
  const required = field.required ?? true;
  const offered = choice.useOptions(parent);
  const options =
    value !== '' && !offered.options.some((option) => option.value === value)
      ? [...offered.options, { value, label: choice.labelOf(value) }]
      : offered.options;
  const status = offered.loading
    ? 'Loading the choices…'
    : offered.error
      ? `The choices could not be loaded: ${offered.error}`
      : options.length === 0
        ? 'Nothing to choose from yet.'
        : null;
  const hint = [field.hint, status].filter(Boolean).join(' ') || undefined;
  if (choice.style === 'radio') {
    const hintId = hint ? `${id}-hint` : undefined;
    const errorId = error ? fieldErrorId(id) : undefined;
    const radios = required ? options : [{ value: '', label: 'None' }, ...options];
    return (
      <fieldset
        className={`field field--choice choice-group`}
        id={id}
        // The error is read with the group (aria-invalid belongs to its radio buttons' roles, not to a group).
        aria-describedby={describedBy(hintId, errorId)}
        aria-busy={offered.loading || undefined}
      >
        <legend className="field__label choice-group__legend">
          {field.label}
          {required ? (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </legend>
        <div className="choice-group__options">
          {radios.map((option) => (
            <label key={option.value} className="choice-group__option">
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={value === option.value}
                aria-required={required || undefined}
                onChange={() => onChange(option.value)}
              />{' '}
              {option.label}
            </label>
          ))}
        </div>
        {hint ? (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId} error={error} />
      </fieldset>
    );
  }
  return (
    <Field
      id={id}
      label={field.label}
      required={required}
      markRequired
      hint={hint}
      error={error}
      className="field--choice"
    >
      {(control) => (
        <select
          {...control}
          className="field__input"
          value={value}
          aria-busy={offered.loading || undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          <option value="">{required ? `Choose ${field.label}` : 'None'}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A field's error under a control that has no field frame (a checkbox, a group of radio buttons). */
function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id}>
      {error}
    </p>
  );
}
