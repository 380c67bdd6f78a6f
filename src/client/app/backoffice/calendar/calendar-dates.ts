import {
  CALENDAR_MOST_DAYS,
  type CalendarItem,
  type CalendarQuery,
  type CalendarRelease,
} from '../../../../core/schemas/calendar';
import { dateFormat } from '../../lib/staff-locale';

/**
 * The calendar screen's days (docs/design.md §32): a month's grid of whole weeks (Monday first) or one week, in the
 * viewer's own days. A day is a plain date (`2026-12-01`) with no time zone of its own; an item belongs to the day of
 * its moment in the viewer's time zone (`timeZone`: for tests, the browser's own zone when left out). The server is
 * asked for UTC days, one more on each side of the grid: whatever the viewer's offset (at most 14 hours), every moment
 * of the grid's local days falls within them.
 *
 * The view lives in the screen's address (`?view=week&date=2026-12-03`), so that a reload, Back and a shared link keep
 * it: the date is any day of the period shown.
 */

export const CALENDAR_VIEWS = ['month', 'week'] as const;
export type CalendarViewKind = (typeof CALENDAR_VIEWS)[number];

/** What the address says the screen shows: a month or a week, and a day in it. */
export interface CalendarView {
  view: CalendarViewKind;
  /** A local day of the period shown (yyyy-mm-dd). */
  date: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A plain day as the moment its UTC midnight is, for arithmetic and for words written in UTC (no zone moves it). */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Whether a text is a day that exists (`2026-02-30` is none). */
export function isDay(value: string): boolean {
  return DAY.test(value) && !Number.isNaN(dayDate(value).getTime()) && dayOf(dayDate(value)) === value;
}

/** The day `days` after (negative: before) a day. */
export const addDays = (day: string, days: number): string => dayOf(new Date(dayDate(day).getTime() + days * DAY_MS));

/** How many days from one day to another (0 for the same day). */
export const daysFrom = (from: string, to: string): number =>
  Math.round((dayDate(to).getTime() - dayDate(from).getTime()) / DAY_MS);

/** The Monday of a day's week (weeks start on Monday). */
export const weekStart = (day: string): string => addDays(day, -((dayDate(day).getUTCDay() + 6) % 7));

/** The first day of a day's month. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month `months` after (negative: before) a day's month. */
export function addMonths(day: string, months: number): string {
  const date = dayDate(monthStart(day));
  date.setUTCMonth(date.getUTCMonth() + months);
  return dayOf(date);
}

/** The last day of a day's month. */
export const monthEnd = (day: string): string => addDays(addMonths(day, 1), -1);

/** Key formats by time zone: numbers only (the Latin digits of en-US), never words, so no staff locale. */
const keyFormats = new Map<string, Intl.DateTimeFormat>();

function keyFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  // The browser's own zone is read each time (a test may change it), named zones are made once.
  if (timeZone === undefined) return new Intl.DateTimeFormat('en-US', DAY_PARTS);
  let format = keyFormats.get(timeZone);
  if (!format) keyFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { ...DAY_PARTS, timeZone })));
  return format;
}
const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The viewer's day of a moment (ISO 8601 or a Date): `2026-12-04` for 2026-12-03T23:30Z in India. */
export function localDay(at: string | Date, timeZone?: string): string {
  const parts = keyFormat(timeZone).formatToParts(typeof at === 'string' ? new Date(at) : at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Today, as the viewer's day. */
export const today = (timeZone?: string, now: Date = new Date()): string => localDay(now, timeZone);

/** The view of an address: a month by default, around today unless a real day is given. */
export function viewFromParams(params: URLSearchParams, todayIs: string = today()): CalendarView {
  const date = params.get('date') ?? '';
  return { view: params.get('view') === 'week' ? 'week' : 'month', date: isDay(date) ? date : todayIs };
}

/** The address's search part of a view: both always, so that a shared link shows the same period. */
export const paramsFromView = (view: CalendarView): URLSearchParams =>
  new URLSearchParams({ view: view.view, date: view.date });

/** The days the period is of: a month's first to its last, or a week's Monday to its Sunday. */
export function periodOf(view: CalendarView): { first: string; last: string } {
  if (view.view === 'week') {
    const first = weekStart(view.date);
    return { first, last: addDays(first, 6) };
  }
  return { first: monthStart(view.date), last: monthEnd(view.date) };
}

/** The days the grid shows, Monday first: the whole weeks a month touches (4 to 6 of them), or the week. */
export function gridDays(view: CalendarView): string[] {
  const { first, last } = periodOf(view);
  const start = weekStart(first);
  const end = addDays(weekStart(last), 6);
  return Array.from({ length: daysFrom(start, end) + 1 }, (_, index) => addDays(start, index));
}

/**
 * What the server is asked for a grid: its first day less one to its last day plus one, as UTC days, both included;
 * never more than CALENDAR_MOST_DAYS days (a grid has at most 42).
 */
export function queryOf(days: readonly string[]): CalendarQuery {
  const from = addDays(days[0]!, -1);
  const to = addDays(days[days.length - 1]!, 1);
  return { from, to: daysFrom(from, to) < CALENDAR_MOST_DAYS ? to : addDays(from, CALENDAR_MOST_DAYS - 1) };
}

/** The period before (-1) or after (1): the month's first day, or the week's Monday. */
export const shiftView = (view: CalendarView, step: -1 | 1): CalendarView => ({
  view: view.view,
  date: view.view === 'week' ? addDays(weekStart(view.date), 7 * step) : addMonths(view.date, step),
});

/** The items of each day of the grid, in time order; those of other days (the query's margin) are left out. */
export function itemsByDay(
  items: readonly CalendarItem[],
  days: readonly string[],
  timeZone?: string,
): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>(days.map((day) => [day, []]));
  const sorted = [...items].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.title.localeCompare(b.title));
  for (const item of sorted) byDay.get(localDay(item.at, timeZone))?.push(item);
  return byDay;
}

/** The releases of each day of the grid (docs/design.md §32), in time order, as itemsByDay does for pages. */
export function releasesByDay(
  releases: readonly CalendarRelease[],
  days: readonly string[],
  timeZone?: string,
): Map<string, CalendarRelease[]> {
  const byDay = new Map<string, CalendarRelease[]>(days.map((day) => [day, []]));
  const sorted = [...releases].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.name.localeCompare(b.name));
  for (const release of sorted) byDay.get(localDay(release.at, timeZone))?.push(release);
  return byDay;
}

/** The period in words, the grid's heading: "December 2026", "30 Nov – 6 Dec 2026" (the firm's English). */
export function periodWords(view: CalendarView): string {
  if (view.view === 'month')
    return dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayDate(view.date));
  const { first, last } = periodOf(view);
  return dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).formatRange(
    dayDate(first),
    dayDate(last),
  );
}

/** A day in words, as its heading says it: "Tuesday 1 December 2026". */
export const dayWords = (day: string): string =>
  dateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayDate(day));

/** A day in few words, as a week's columns show it: "Wed, 2 Dec". */
export const dayShortWords = (day: string): string =>
  dateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(dayDate(day));

/** The day's number in its month, as the month's grid shows it. */
export const dayNumber = (day: string): string => String(Number(day.slice(8)));

/** The names of the week's days, Monday first, short ("Mon"), for the month grid's row above the days. */
export const weekdayNames = (): string[] =>
  Array.from({ length: 7 }, (_, index) =>
    dateFormat({ weekday: 'short', timeZone: 'UTC' }).format(dayDate(addDays('2026-11-30', index))),
  );

/** The time of a moment in the viewer's zone ("9:00 am", "09:00": the firm's English). */
export const timeWords = (at: string, timeZone?: string): string =>
  dateFormat({ timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(at));
