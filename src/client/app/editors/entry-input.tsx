import { Field } from '../../components/field';
import { booleanLabelsOf } from './entry-fields';
import type { EntryField } from './entry-fields';
import { AutoGrowTextarea } from './auto-grow-textarea';
import { ImagePreview } from './image-preview';
import { ImageUploadField } from './image-upload';
import { RichTextEditor } from './rich-text-editor';

/** One labelled input of an entry form, by the field's kind. Controlled: the value is the field's text. */
export function EntryInput<E>({
  field,
  id,
  value,
  onChange,
}: {
  field: EntryField<E>;
  id: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const required = field.required ?? true;
  if (field.kind === 'richtext') {
    return <RichTextEditor id={id} label={field.label} value={value} onChange={onChange} required={required} hint={field.hint} />;
  }
  if (field.kind === 'checkbox') return <CheckboxInput field={field} id={id} value={value} onChange={onChange} />;
  const text = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value);
  return (
    <Field id={id} label={field.label} required={required} markRequired hint={field.hint} className={`field--${field.kind}`}>
      {(control) => {
        const common = { ...control, value, autoComplete: 'off' } as const;
        if (field.kind === 'textarea') return <AutoGrowTextarea {...common} onChange={text} />;
        if (field.kind === 'image-url' && field.upload) {
          return <ImageUploadField id={id} folder={field.upload} value={value} onChange={onChange} describedBy={control['aria-describedby']} />;
        }
        if (field.kind === 'image-url') {
          // Images of pages without an upload folder are given by their address.
          return (
            <div className="image-field">
              <input {...common} className="field__input" type="url" inputMode="url" spellCheck={false} onChange={text} />
              <ImagePreview src={value} />
            </div>
          );
        }
        if (field.kind === 'date') return <input {...common} className="field__input" type="date" onChange={text} />;
        if (field.kind === 'decimal') {
          // A text input: the number is kept as typed, so that its decimal places survive (12.50).
          return <input {...common} className="field__input" type="text" inputMode="decimal" spellCheck={false} onChange={text} />;
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
function CheckboxInput<E>({ field, id, value, onChange }: { field: EntryField<E>; id: string; value: string; onChange: (text: string) => void }) {
  const labels = booleanLabelsOf(field);
  const checked = value === 'true';
  const hintId = `${id}-hint`;
  return (
    <div className="field field--checkbox">
      <div className="checkbox-choice">
        <input
          id={id}
          type="checkbox"
          className="checkbox-choice__input"
          checked={checked}
          aria-describedby={hintId}
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
    </div>
  );
}
