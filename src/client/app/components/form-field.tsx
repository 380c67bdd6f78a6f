import { useCallback, useLayoutEffect, useRef } from 'react';
import type { HTMLAttributes } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';

/** Lets a textarea grow with its content where CSS `field-sizing: content` is not supported. */
export function growToContent(element: HTMLTextAreaElement | null): void {
  if (!element || (typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content'))) return;
  element.style.height = 'auto';
  const borders = element.offsetHeight - element.clientHeight;
  element.style.height = `${element.scrollHeight + borders}px`;
}

export interface FormFieldProps {
  /** The field's path in the form ('company.companyName', 'username'). */
  name: string;
  /** Used for the element ids: unique on the screen. */
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'tel' | 'password';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  spellCheck?: boolean;
}

/**
 * One labelled input of a react-hook-form form (inside a FormProvider), with its hint and its error. The
 * error shows once the field has been left (mode 'onTouched') or the form was submitted, and is tied to the
 * input with aria-describedby so a screen reader reads it with the field.
 */
export function FormField({
  name,
  id,
  label,
  required = false,
  hint,
  type = 'text',
  multiline = false,
  autoComplete,
  inputMode,
  maxLength,
  spellCheck,
}: FormFieldProps) {
  const { register, getFieldState, control } = useFormContext<FieldValues>();
  const formState = useFormState({ control, name });
  const { error, isTouched } = getFieldState(name, formState);
  const message = error?.message && (isTouched || formState.isSubmitted) ? error.message : undefined;

  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  const { ref, onChange, ...registration } = register(name);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const setTextarea = useCallback(
    (element: HTMLTextAreaElement | null) => {
      ref(element);
      textareaRef.current = element;
    },
    [ref],
  );
  useLayoutEffect(() => {
    if (multiline) growToContent(textareaRef.current);
  });

  const common = {
    id,
    className: multiline ? 'field__input field__textarea app-textarea' : 'field__input',
    'aria-required': required || undefined,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    maxLength,
    autoComplete: autoComplete ?? 'off',
    spellCheck,
    ...registration,
  } as const;

  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {multiline ? (
        <textarea
          {...common}
          ref={setTextarea}
          rows={3}
          onChange={(event) => {
            growToContent(event.currentTarget);
            return onChange(event);
          }}
        />
      ) : (
        <input {...common} ref={ref} type={type} inputMode={inputMode} onChange={onChange} />
      )}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p className="field__error" id={errorId}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The note that explains the asterisk. */
export function RequiredNote() {
  return (
    <p className="app-form__note">
      Fields marked <span className="field__required" aria-hidden="true">*</span>
      <span className="visually-hidden">with an asterisk</span> are required.
    </p>
  );
}
