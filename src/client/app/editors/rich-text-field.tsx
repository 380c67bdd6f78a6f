import type { ReactNode } from 'react';
import { FieldNotes } from '../../components/field';
import { fieldErrorId, fieldHintId } from '../../components/field-ids';

export interface RichTextFieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
}

/** The ids a rich-text field's label, hint and error carry (the editor names them in its aria attributes). */
export function richTextFieldIds(id: string, hint: string | undefined, error: string | undefined) {
  return {
    labelId: `${id}-label`,
    hintId: hint ? fieldHintId(id) : undefined,
    errorId: error ? fieldErrorId(id) : undefined,
  };
}

/**
 * A rich-text field's frame: its label (a span: a contenteditable cannot be a <label>'s control, so the editor
 * names it through aria-labelledby), the required mark, the editor or its stand-in, the hint and the error. One
 * frame for the editor and the stand-in shown while its chunk loads, so nothing moves when it arrives.
 */
export function RichTextField({
  id,
  label,
  required = false,
  hint,
  error,
  onLabelClick,
  children,
}: RichTextFieldProps & { onLabelClick?: () => void; children: ReactNode }) {
  const { labelId, hintId, errorId } = richTextFieldIds(id, hint, error);
  return (
    <div className="field rte">
      <div className="field__label-row">
        <span className="field__label" id={labelId} onClick={onLabelClick}>
          {label}
        </span>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
