import type { RefObject } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field } from '../../components/field';

/** The moment as its inputs hold it: a local date and time. */
export interface MomentValues {
  date: string;
  time: string;
}

/** The date or the time input, in the shared field frame; a change takes away what was said about the moment. */
export function MomentField({
  name,
  id,
  label,
  error,
  inputRef,
  bounds,
  onChange,
}: {
  /** Also the input's type: `date` or `time`. */
  name: 'date' | 'time';
  id: string;
  label: string;
  error: string | undefined;
  /** The date's input is the dialog's first focus. */
  inputRef?: RefObject<HTMLInputElement | null>;
  bounds?: { min: string; max: string };
  onChange: () => void;
}) {
  const { ref, ...field } = useFormContext<MomentValues>().register(name, { onChange });
  return (
    <Field id={id} label={label} required error={error}>
      {(control) => (
        <input
          {...control}
          {...field}
          ref={(element) => {
            ref(element);
            if (inputRef) inputRef.current = element;
          }}
          className="field__input"
          type={name}
          {...bounds}
        />
      )}
    </Field>
  );
}
