import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { PhoneReader } from './phone';

/**
 * Phone numbers read with libphonenumber-js and its full ("max") metadata (docs/design.md §34, decision 027): the
 * server's reading. Never imported by the public site's islands (the metadata is 150 KB); the staff app checks
 * leniently and marks the server's refusal at the field.
 */

/** A valid number in the company's country (or with its own country code) as E.164 (`+49301234567`), else null. */
export const readPhone: PhoneReader = (typed, country) => {
  const number = parsePhoneNumberFromString(typed, country as CountryCode);
  return number?.isValid() ? number.number : null;
};

/** A stored number as people read it: E.164 in the international format (`+49 30 1234567`); others as stored. */
export function showPhone(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}
