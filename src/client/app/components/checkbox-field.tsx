import type { ComponentProps, ReactNode } from 'react';

/**
 * A checkbox with its label after it, inside the label, in a field frame. Staff forms only: it stays out of
 * the shared field.tsx, which the public contact form loads. Takes any input attribute, a react-hook-form
 * registration included.
 */
export function CheckboxField({
  id,
  label,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { id: string; label: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        <input id={id} type="checkbox" {...input} /> {label}
      </label>
    </div>
  );
}
