import { dateFormat } from './staff-locale';

/**
 * An ISO 8601 moment as the staff screens show it, in the viewer's own time zone and the firm's English
 * ("30 Nov 2026, 15:05" for a firm in Britain; lib/staff-locale.ts). `timeZone` is for tests (the browser's own zone
 * otherwise); a value that is no date is shown as it came rather than as "Invalid Date".
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** The same moment as a date and a time apart ("22 Nov 2026", "3:05 pm"), for a narrow column; null for no date. */
export function dateAndTime(value: string): { date: string; time: string } | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? null
    : { date: dateFormat({ dateStyle: 'medium' }).format(date), time: dateFormat({ timeStyle: 'short' }).format(date) };
}
