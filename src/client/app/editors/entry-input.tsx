import { Field } from '../../components/field';
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
