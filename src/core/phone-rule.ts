/**
 * Phone numbers (docs/design.md §34), the rule without its metadata and without zod: browser-safe and small, so the
 * public forms' islands can check with it. The server reads numbers with libphonenumber-js (phone-numbers.ts)
 * through the same rule.
 */

/** India: the spec's country, whose rules hold for numbers typed without +. */
export const INDIA = 'IN';

/**
 * Reads a number typed with + or in a company outside India, in that company's country: the number to store
 * (E.164 on the server), or null when it is not a phone number.
 */
export type PhoneReader = (typed: string, country: string) => string | null;

/**
 * The longest phone number a field takes as typed: 15 digits (E.164's most) with a +, spaces, dashes and
 * brackets between them. No field cuts a number shorter than that.
 */
export const PHONE_MAX_LENGTH = 30;

/** The refusal of a number typed with + or outside India (a site text of the contact form too). */
export const PHONE_MESSAGE = 'Enter a valid phone number with its country code, like +49 151 23456789.';

/**
 * The phone rule: in India a number typed without + follows the spec's rule of its field (`indian`: ten digits,
 * or a mobile's ten digits from 6 to 9) and is kept as typed; a number typed with +, and any number of a company
 * elsewhere, is what `read` makes of it in the company's country.
 */
export function phoneNumberOf(typed: string, country: string, indian: RegExp, read: PhoneReader): string | null {
  const text = typed.trim();
  if (text.length > PHONE_MAX_LENGTH) return null;
  if (country === INDIA && !text.startsWith('+')) return indian.test(text) ? text : null;
  return read(text, country);
}

/** The sentence refusing `typed`: the field's spec sentence for an Indian number typed without +, else PHONE_MESSAGE. */
export const phoneRefusal = (typed: string, country: string, indianMessage: string): string =>
  country === INDIA && !typed.trim().startsWith('+') ? indianMessage : PHONE_MESSAGE;

/**
 * The browser's lenient reading, without libphonenumber's metadata: + then 8 to 15 digits, or 6 to 15 digits
 * dialled in the country, spaces, dashes, dots and brackets allowed. It keeps what was typed; the server's
 * reading decides, and its refusal shows at the field.
 */
export const readPhoneLeniently: PhoneReader = (text) => {
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '').length;
  return digits >= (text.startsWith('+') ? 8 : 6) && digits <= 15 ? text : null;
};

/**
 * Takes any number as typed: the body schema of a call that reads its numbers once it knows the company's
 * country (the route parses again with the real reading, whose refusal is the field's sentence).
 */
export const readPhoneLater: PhoneReader = (text) => text;
