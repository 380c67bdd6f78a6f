import { SITE_LOCALE } from '../../core/public-page';

const DAY = new Intl.DateTimeFormat(SITE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const NUMBERS = new Map<number, Intl.NumberFormat>();

/**
 * A stored day ('2026-12-31') as the public pages show it ('31 Dec 2026'), read as a day of the calendar (no time
 * zone moves it). Anything that is no real day is shown as it was stored.
 */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? DAY.format(date) : day;
}

/**
 * A stored number as the public pages show it: grouped the site's way ('12,00,000.50'), with `decimalPlaces`
 * decimals, or, without them, as many as were typed ('12.50' stays 12.50). Anything that is no number is shown
 * as it was stored.
 */
export function formatNumber(value: string | number, decimalPlaces: number | null): string {
  const text = String(value).trim();
  const number = Number(text);
  if (text === '' || !Number.isFinite(number)) return text;
  const digits = decimalPlaces ?? /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
  let format = NUMBERS.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(SITE_LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    NUMBERS.set(digits, format);
  }
  return format.format(number);
}
