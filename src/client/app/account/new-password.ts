import { z } from 'zod';
import { NewPasswordSchema } from '../../../core/schemas/company';

export const PASSWORDS_DIFFER = 'The passwords do not match.';
export const NEW_PASSWORD_HINT = 'At least 12 characters.';

/** The check of a new password typed twice, for a form schema's refine(). */
export const samePasswords = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword;
export const REPEAT_RULE = {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER,
  // Checked even while another field is still wrong, so the mismatch shows as soon as the field is left.
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A new password typed twice (the reset link): the server's policy, and the two the same. */
export const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine(samePasswords, REPEAT_RULE);
export type NewPasswordInput = z.input<typeof NewPasswordFormSchema>;
export type NewPasswordOutput = z.output<typeof NewPasswordFormSchema>;
