import type { ContactFormField, ContactFormState } from '../../../core/public-page';

type FieldErrors = ContactFormState['errors'];

/**
 * Which errors the contact form shows, as the visitor moves through it: a field is checked from its first blur
 * on (then live, as it changes), so nobody is told off for a field they have not reached yet. The same rules as
 * react-hook-form's 'onTouched' mode, which the form used before it became an island (decision 011).
 */
export interface FormChecks {
  /** Fields the visitor has left at least once. */
  touched: Partial<Record<ContactFormField, true>>;
  /** What the browser's last check of each field found. */
  found: FieldErrors;
  /** The server's errors after a post without JavaScript: each shows until its field is checked here. */
  server: FieldErrors;
  /** A send was tried: from then on every change is checked, touched or not. */
  submitted: boolean;
}

export const startChecks = (server: FieldErrors): FormChecks => ({ touched: {}, found: {}, server, submitted: false });

/** The sentence under a field, if any. */
export const shownError = (checks: FormChecks, field: ContactFormField): string | undefined =>
  checks.found[field] ?? (checks.touched[field] ? undefined : checks.server[field]);

/** Whether leaving (blur) or changing (input) a field checks it. */
export const checksOn = (checks: FormChecks, field: ContactFormField, event: 'blur' | 'input'): boolean =>
  event === 'blur' || Boolean(checks.touched[field]) || checks.submitted;

/** A field checked against the errors of the whole form (`errors`); leaving it also marks it touched. */
export const checkField = (
  checks: FormChecks,
  field: ContactFormField,
  errors: FieldErrors,
  event: 'blur' | 'input',
): FormChecks => ({
  ...checks,
  touched: event === 'blur' ? { ...checks.touched, [field]: true } : checks.touched,
  found: { ...checks.found, [field]: errors[field] },
});

/** A send was tried with these errors: every field shows its own. */
export const checkAll = (checks: FormChecks, errors: FieldErrors): FormChecks => ({
  ...checks,
  found: { ...errors },
  submitted: true,
});
