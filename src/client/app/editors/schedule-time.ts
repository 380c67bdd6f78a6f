import { LONGEST_SCHEDULE_MS, PUBLISH_MESSAGES } from '../../../core/schemas/revision';

/**
 * The moment a publication is scheduled for, as the schedule dialog takes it: a date and a time in the
 * browser's own time zone (what `<input type="date">` and `<input type="time">` give), sent as UTC ISO 8601.
 */

export const SCHEDULE_MESSAGES = {
  noDate: 'Choose the date to publish on.',
  noTime: 'Choose the time to publish at.',
  badDate: 'Enter the date as day, month and year.',
  badTime: 'Enter the time as hours and minutes.',
  past: PUBLISH_MESSAGES.past,
  tooFar: PUBLISH_MESSAGES.tooFar,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** The local moment of a date (yyyy-mm-dd) and a time (hh:mm), or null when either is no real one. */
export function localMoment(date: string, time: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hours, minutes, seconds] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const moment = new Date(year, month - 1, day, hours, minutes, seconds);
  // 31 February and the like roll over into the next month: no such date.
  if (moment.getFullYear() !== year || moment.getMonth() !== month - 1 || moment.getDate() !== day) return null;
  return moment;
}

/** Why a date and time cannot be a publication's moment (missing, not real, past, more than a year ahead), or null. */
export function scheduleProblem(
  date: string,
  time: string,
  now: Date = new Date(),
): { field: 'date' | 'time'; message: string } | null {
  if (date.trim() === '') return { field: 'date', message: SCHEDULE_MESSAGES.noDate };
  if (time.trim() === '') return { field: 'time', message: SCHEDULE_MESSAGES.noTime };
  if (!DATE.exec(date)) return { field: 'date', message: SCHEDULE_MESSAGES.badDate };
  if (!TIME.exec(time)) return { field: 'time', message: SCHEDULE_MESSAGES.badTime };
  const moment = localMoment(date, time);
  if (!moment) return { field: 'date', message: SCHEDULE_MESSAGES.badDate };
  if (moment.getTime() <= now.getTime()) return { field: 'time', message: SCHEDULE_MESSAGES.past };
  if (moment.getTime() - now.getTime() > LONGEST_SCHEDULE_MS)
    return { field: 'date', message: SCHEDULE_MESSAGES.tooFar };
  return null;
}

/** The moment as a save's `publish` takes it: UTC ISO 8601 (`2026-12-01T03:30:00.000Z`). */
export function scheduleIso(date: string, time: string): string | null {
  return localMoment(date, time)?.toISOString() ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as the date and time inputs show it, in the browser's time zone. */
export function inputsOf(moment: Date): { date: string; time: string } {
  return {
    date: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
    time: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
  };
}

/** What the dialog offers first: a waiting schedule's moment, else tomorrow at 09:00. */
export function firstChoice(now: Date, waiting: string | null): { date: string; time: string } {
  const at = waiting ? new Date(waiting) : null;
  if (at && !Number.isNaN(at.getTime()) && at.getTime() > now.getTime()) return inputsOf(at);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return inputsOf(tomorrow);
}

/** The browser's time zone by name ("Asia/Kolkata"), for the dialog's hint; '' where the browser does not say. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}
