import type { ReactNode } from 'react';
import { describedBy, fieldErrorId, fieldHintId } from './field-ids';

/** What a frame gives its control so that the label, the hint and the error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the hint and the error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  required?: boolean;
  /**
   * Sets the label in a row with an asterisk for a required field. Staff forms that mark required fields
   * explain the mark with a note; forms that say so in words (login, contact) leave it off.
   */
  markRequired?: boolean;
  hint?: ReactNode;
  /** Shown under the control and read with it; marks the control invalid. */
  error?: string | undefined;
  /** More classes on the frame, after `field`. */
  className?: string;
  /** The control itself, given the attributes that tie it to the frame. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The frame of one form input, shared by the public contact form and every staff form: label, required
 * mark, hint and error message, wired to the control with htmlFor, aria-describedby and aria-invalid. It knows
 * no form library, so the public bundle pays only for this file.
 */
export function Field({
  id,
  label,
  required = false,
  markRequired = false,
  hint,
  error,
  className,
  children,
}: FieldProps) {
  const hintId = hint ? fieldHintId(id) : undefined;
  const errorId = error ? fieldErrorId(id) : undefined;
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {markRequired ? (
        <div className="field__label-row">
          {labelElement}
          {required ? (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hintId, errorId),
      })}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and its error under the control, with the ids its aria-describedby names. */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}
