import { useCallback, useLayoutEffect, useRef } from 'react';
import type { HTMLAttributes } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { Field } from '../../components/field';
import { growToContent } from './grow-to-content';

/** The field's error once it was left (mode 'onTouched') or the form was submitted. */
export function useFieldError(name: string): string | undefined {
  const { getFieldState, control } = useFormContext<FieldValues>();
  const formState = useFormState({ control, name });
  const { error, isTouched } = getFieldState(name, formState);
  return error?.message && (isTouched || formState.isSubmitted) ? error.message : undefined;
}

interface BoundFieldProps {
  /** The field's path in the form ('company.companyName', 'username'). */
  name: string;
  /** Used for the element ids: unique on the screen. */
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
}

export interface FormFieldProps extends BoundFieldProps {
  type?: 'text' | 'email' | 'url' | 'tel' | 'password' | 'date';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  spellCheck?: boolean;
  /** Fixed text before the input, such as a country code (the hint says it for screen readers). */
  prefix?: string;
  /** The focus goes here as the field first shows (what the screen that opened the form asked for). */
  autoFocus?: boolean;
  /** 'none' for a user name: a phone's keyboard does not capitalise its first letter. */
  autoCapitalize?: 'none' | 'sentences';
}

/**
 * One labelled input of a react-hook-form form (inside a FormProvider) in the shared field frame. The error
 * shows once the field has been left or the form was submitted.
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
  prefix,
  autoFocus,
  autoCapitalize,
}: FormFieldProps) {
  const { register } = useFormContext<FieldValues>();
  const message = useFieldError(name);

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

  return (
    <Field id={id} label={label} required={required} markRequired hint={hint} error={message}>
      {(control) => {
        const common = {
          ...control,
          className: multiline ? 'field__input field__textarea app-textarea' : 'field__input',
          maxLength,
          autoComplete: autoComplete ?? 'off',
          spellCheck,
          autoFocus,
          autoCapitalize,
          ...registration,
        };
        if (multiline) {
          return (
            <textarea
              {...common}
              ref={setTextarea}
              rows={3}
              onChange={(event) => {
                growToContent(event.currentTarget);
                return onChange(event);
              }}
            />
          );
        }
        const input = <input {...common} ref={ref} type={type} inputMode={inputMode} onChange={onChange} />;
        return prefix ? (
          <div className="app-actions" style={{ marginTop: 0, flexWrap: 'nowrap' }}>
            <span aria-hidden="true">{prefix}</span>
            {input}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}

/** A select of a react-hook-form form in the shared field frame, with an empty first choice. */
export function FormSelect({
  name,
  id,
  label,
  required = false,
  hint,
  placeholder,
  options,
}: BoundFieldProps & { placeholder: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const { register } = useFormContext<FieldValues>();
  const message = useFieldError(name);
  return (
    <Field id={id} label={label} required={required} markRequired hint={hint} error={message}>
      {(control) => (
        <select {...control} className="field__input" {...register(name)}>
          <option value="">{placeholder}</option>
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

/** The note that explains the asterisk. */
export function RequiredNote() {
  return (
    <p className="app-form__note">
      Fields marked{' '}
      <span className="field__required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">with an asterisk</span> are required.
    </p>
  );
}
