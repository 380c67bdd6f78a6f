/**
 * The locale the staff screens write dates and numbers in (docs/design.md §34: any firm, in its own words): English as
 * written in the firm's country (`en-GB`: "30 Nov 2026", 1,000,000; `en-US`: "Nov 30, 2026"; `en-IN`: "10,00,000"),
 * the company's country from the session (lib/api.ts sets it as the session arrives), India's until then.
 */
let locale = 'en-IN';
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Follows the company's country (ISO 3166-1 alpha-2); anything else keeps India's. */
export function setStaffCountry(countryCode: string | undefined): void {
  const next = /^[A-Z]{2}$/.test(countryCode ?? '') ? `en-${countryCode}` : 'en-IN';
  if (next === locale) return;
  locale = next;
  dateFormats.clear();
}

/** The locale itself (for a `localeCompare` or an Intl formatter of another kind). */
export const staffLocale = (): string => locale;

/** A date format in the staff locale, made once per locale and options. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A whole number with the staff locale's grouping. */
export const formatCount = (value: number): string => value.toLocaleString(locale);
