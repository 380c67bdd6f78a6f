/** One way to show a moment on the staff screens: the viewer's own time zone, Indian English ("22 Nov 2026, 3:05 pm"). */
const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An ISO 8601 moment as the staff screens show it. `timeZone` is for tests (the browser's own zone otherwise);
 * a value that is no date is shown as it came rather than as "Invalid Date".
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const format = timeZone
    ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone })
    : DATE_TIME;
  return format.format(date);
}

const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });

/** The same moment as a date and a time apart ("22 Nov 2026", "3:05 pm"), for a narrow column; null for no date. */
export function dateAndTime(value: string): { date: string; time: string } | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date: DATE.format(date), time: TIME.format(date) };
}
