import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessage, refusedField } from './api';

/**
 * A refusal about one field of a form, marked at that field: its sentence shown there (react-hook-form's
 * setError) and the focus on it. The server names the field (`{message, field}`, docs/design.md §25); `prefix` is where
 * the body sent sits in the form's values ('company.' when the form holds the body under `company`). Only the
 * form's own `fields` are marked; false when the refusal is about none of them (the caller shows it otherwise).
 */
export function markRefusedField<T extends FieldValues>(
  methods: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  error: unknown,
  fields: readonly FieldPath<T>[],
  prefix = '',
): boolean {
  const refused = refusedField(error);
  const name = refused === null ? undefined : fields.find((field) => field === `${prefix}${refused}`);
  if (name === undefined) return false;
  methods.setError(name, { type: 'server', message: errorMessage(error) });
  methods.setFocus(name, { shouldSelect: true });
  return true;
}
