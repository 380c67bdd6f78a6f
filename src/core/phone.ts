import { z } from 'zod';
import { phoneNumberOf, phoneRefusal, type PhoneReader } from './phone-rule';

/**
 * Phone numbers (docs/design.md §34): the rule (phone-rule.ts, without zod: the public islands check with it) and a
 * form's phone field with zod. The server reads numbers with libphonenumber-js (phone-numbers.ts) through the rule.
 */
export {
  INDIA,
  PHONE_MAX_LENGTH,
  PHONE_MESSAGE,
  phoneNumberOf,
  phoneRefusal,
  readPhoneLater,
  readPhoneLeniently,
  type PhoneReader,
} from './phone-rule';

export interface PhoneFieldRule {
  /** The company's country (ISO 3166-1 alpha-2). */
  country: string;
  /** The spec's rule of the field for an Indian number typed without +. */
  indian: RegExp;
  /** The spec's sentence of the field for such a number. */
  indianMessage: string;
  read: PhoneReader;
  /** '' is a valid answer (an optional field). */
  optional?: boolean;
}

/** A phone field of a form: trimmed, checked by the phone rule, and given as it is stored. */
export function phoneField({ country, indian, indianMessage, read, optional = false }: PhoneFieldRule) {
  return z
    .string({ message: indianMessage })
    .trim()
    .transform((text, context) => {
      if (optional && text === '') return '';
      const stored = phoneNumberOf(text, country, indian, read);
      if (stored !== null) return stored;
      context.addIssue({ code: 'custom', message: phoneRefusal(text, country, indianMessage) });
      return z.NEVER;
    });
}
