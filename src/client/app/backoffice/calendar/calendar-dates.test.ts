import { describe, expect, it } from 'vitest';
import { CALENDAR_MOST_DAYS, CalendarQuerySchema, type CalendarItem } from '../../../../core/schemas/calendar';
import {
  addMonths,
  daysFrom,
  gridDays,
  isDay,
  itemsByDay,
  localDay,
  paramsFromView,
  periodOf,
  periodWords,
  queryOf,
  shiftView,
  today,
  viewFromParams,
  weekStart,
  type CalendarView,
} from './calendar-dates';

/** The calendar's days (docs/design.md §32): grids of whole weeks from Monday, the UTC days asked, the viewer's days. */

const month = (date: string): CalendarView => ({ view: 'month', date });
const week = (date: string): CalendarView => ({ view: 'week', date });
/** 0 Monday … 6 Sunday, as the calendar counts. */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

const item = (at: string, title = 'Home'): CalendarItem => ({
  kind: 'scheduled',
  routing: title,
  title,
  locale: null,
  revision: 1,
  at,
  by: 'ravi',
});

describe('the calendar’s days', () => {
  it('lays a month out in whole weeks starting on Monday', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday: 30 Nov to 3 Jan, five weeks.
    const december = gridDays(month('2026-12-17'));
    expect(december).toHaveLength(35);
    expect(december[0]).toBe('2026-11-30');
    expect(december.at(-1)).toBe('2027-01-03');
    expect(weekday(december[0]!)).toBe(0);
    expect(new Set(december).size).toBe(35);
    expect(december.includes('2026-12-01') && december.includes('2026-12-31')).toBe(true);
    // A month that starts on a Monday has no day of the month before; February 2027 is exactly four weeks.
    expect(gridDays(month('2027-02-10'))).toHaveLength(28);
    expect(gridDays(month('2027-02-10'))[0]).toBe('2027-02-01');
    // A month that starts on a Sunday takes six weeks (August 2027: 26 Jul to 5 Sep).
    const august = gridDays(month('2027-08-01'));
    expect([august.length, august[0], august.at(-1)]).toEqual([42, '2027-07-26', '2027-09-05']);
    expect(periodOf(month('2026-12-17'))).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(periodOf(month('2028-02-03'))).toEqual({ first: '2028-02-01', last: '2028-02-29' });
  });

  it('takes a week from its Monday to its Sunday, across a month’s or a year’s end', () => {
    expect(gridDays(week('2026-12-03'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    // A Sunday belongs to the week before it; a Monday starts its own.
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
    expect(weekStart('2026-12-07')).toBe('2026-12-07');
    expect(periodOf(week('2027-01-01'))).toEqual({ first: '2026-12-28', last: '2027-01-03' });
    expect(queryOf(gridDays(week('2026-12-03')))).toEqual({ from: '2026-11-29', to: '2026-12-07' });
  });

  it('asks for the grid’s UTC days with one more on each side, never more than the server reads', () => {
    expect(queryOf(gridDays(month('2026-12-01')))).toEqual({ from: '2026-11-29', to: '2027-01-04' });
    // Every month and week of eleven years: the range covers the grid with its margin and the server takes it.
    for (let first = '2020-01-01'; first < '2031-01-01'; first = addMonths(first, 1)) {
      for (const view of [month(first), week(first)]) {
        const days = gridDays(view);
        const query = queryOf(days);
        expect(daysFrom(query.from, query.to) + 1).toBeLessThanOrEqual(CALENDAR_MOST_DAYS);
        expect(query.from <= days[0]! && query.to >= days.at(-1)!).toBe(true);
        expect(daysFrom(query.from, days[0]!)).toBe(1);
        expect(daysFrom(days.at(-1)!, query.to)).toBe(1);
        expect(CalendarQuerySchema.safeParse(query).success).toBe(true);
      }
    }
    // A list of days longer than any grid is cut to the most the server reads.
    const wide = queryOf(['2026-01-01', '2026-04-30']);
    expect(daysFrom(wide.from, wide.to) + 1).toBe(CALENDAR_MOST_DAYS);
    expect(wide.from).toBe('2025-12-31');
    expect(CalendarQuerySchema.safeParse(wide).success).toBe(true);
  });

  it('puts an item on the viewer’s day of its moment: 23:30 UTC is the next day in India', () => {
    const late = '2026-12-03T23:30:00.000Z';
    expect(localDay(late, 'UTC')).toBe('2026-12-03');
    expect(localDay(late, 'Asia/Kolkata')).toBe('2026-12-04');
    expect(localDay('2026-12-04T02:00:00Z', 'America/New_York')).toBe('2026-12-03');
    expect(today('Asia/Kolkata', new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-01');

    const days = gridDays(week('2026-12-03'));
    const items = [item(late, 'Late'), item('2026-12-04T03:00:00Z', 'Morning'), item('2026-12-04T01:00:00Z', 'Early')];
    const titles = (byDay: Map<string, CalendarItem[]>, day: string) => byDay.get(day)?.map((entry) => entry.title);
    const india = itemsByDay(items, days, 'Asia/Kolkata');
    // In India all three fall on 4 December, in time order; in UTC the late one stays on the 3rd.
    expect(titles(india, '2026-12-03')).toEqual([]);
    expect(titles(india, '2026-12-04')).toEqual(['Late', 'Early', 'Morning']);
    const utc = itemsByDay(items, days, 'UTC');
    expect(titles(utc, '2026-12-03')).toEqual(['Late']);
    expect(titles(utc, '2026-12-04')).toEqual(['Early', 'Morning']);
    // An item on a day of the query's margin (outside the grid) is on no day.
    const margin = itemsByDay([item('2026-11-29T12:00:00Z')], days, 'UTC');
    expect([...margin.values()].flat()).toEqual([]);
  });

  it('keeps the view in the address and moves by a month or a week', () => {
    const view = (search: string) => viewFromParams(new URLSearchParams(search), '2026-11-30');
    expect(view('')).toEqual({ view: 'month', date: '2026-11-30' });
    expect(view('view=week&date=2026-12-03')).toEqual({ view: 'week', date: '2026-12-03' });
    expect(view('view=year&date=2026-02-30')).toEqual({ view: 'month', date: '2026-11-30' });
    expect(paramsFromView({ view: 'month', date: '2026-12-01' }).toString()).toBe('view=month&date=2026-12-01');
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);

    expect(shiftView(month('2026-12-17'), 1)).toEqual(month('2027-01-01'));
    expect(shiftView(month('2026-12-17'), -1)).toEqual(month('2026-11-01'));
    expect(shiftView(month('2027-01-31'), 1)).toEqual(month('2027-02-01'));
    expect(shiftView(week('2026-12-03'), 1)).toEqual(week('2026-12-07'));
    expect(shiftView(week('2026-12-03'), -1)).toEqual(week('2026-11-23'));
  });

  it('says the period in words', () => {
    expect(periodWords(month('2026-12-17'))).toBe('December 2026');
    // Whatever spaces the locale puts around the dash.
    expect(periodWords(week('2026-12-03')).replace(/\s+/g, ' ')).toBe('30 Nov – 6 Dec 2026');
    expect(periodWords(week('2026-12-31')).replace(/\s+/g, ' ')).toBe('28 Dec 2026 – 3 Jan 2027');
  });
});
