import { useState } from 'react';
import type { EntryField } from './entry-fields';
import { AutoGrowTextarea } from './auto-grow-textarea';
import { ImageUploadField } from './image-upload';
import { RichTextEditor } from './rich-text-editor';

/** A small preview of an image address; nothing while the address is empty or the image does not load. */
export function ImagePreview({ src, className = 'image-preview' }: { src: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!/^(https?:\/\/|\/(?!\/))/i.test(src.trim()) || failed === src) return null;
  return <img className={className} src={src.trim()} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}

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
  const hintId = field.hint ? `${id}-hint` : undefined;
  const common = {
    id,
    value,
    'aria-required': required || undefined,
    'aria-describedby': hintId,
    autoComplete: 'off',
  } as const;
  return (
    <div className={`field field--${field.kind}`}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {field.label}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {field.kind === 'textarea' ? (
        <AutoGrowTextarea {...common} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : field.kind === 'image-url' && field.upload ? (
        <ImageUploadField id={id} folder={field.upload} value={value} onChange={onChange} describedBy={hintId} />
      ) : field.kind === 'image-url' ? (
        // Images of pages without an upload folder are given by their address.
        <div className="image-field">
          <input {...common} className="field__input" type="url" inputMode="url" spellCheck={false} onChange={(event) => onChange(event.currentTarget.value)} />
          <ImagePreview src={value} />
        </div>
      ) : (
        <input
          {...common}
          className="field__input"
          type={field.kind === 'number' ? 'number' : 'text'}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          min={field.min}
          max={field.max}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {field.hint ? (
        <p className="field__hint" id={hintId}>
          {field.hint}
        </p>
      ) : null}
    </div>
  );
}
