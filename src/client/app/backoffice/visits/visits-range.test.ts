import { describe, expect, it } from 'vitest';
import { VISITS_MESSAGES } from '../../../../core/schemas/visits';
import { dayTicks, valueAxis } from './visits-chart';
import { shareOf } from './visits-tables';
import { RangeValuesSchema, languageName, paramsFromView, queryOf, shiftDay, viewFromParams } from './visits-range';

/** The visits screen's range in its address and in the query sent (UTC days), and the chart's axes. */
describe('the visits range', () => {
  const view = (search: string) => viewFromParams(new URLSearchParams(search));

  it('reads the address, the last 30 days by default, and writes back only what differs', () => {
    expect(view('')).toEqual({ range: '30d', from: '', to: '', routing: '', locale: '' });
    expect(view('range=bogus')).toEqual({ range: '30d', from: '', to: '', routing: '', locale: '' });
    expect(view('from=2026-01-01&to=2026-01-31').range).toBe('dates');
    // A language without a page means nothing.
    expect(view('locale=de').locale).toBe('');
    const dates = view('range=dates&from=2026-01-01&to=2026-01-31&routing=Home&locale=de');
    expect(paramsFromView(dates).toString()).toBe('range=dates&from=2026-01-01&to=2026-01-31&routing=Home&locale=de');
    expect(paramsFromView(view('range=30d')).toString()).toBe('');
  });

  it('asks for the range’s first and last UTC day, both counted', () => {
    expect(queryOf(view('range=7d'), '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(queryOf(view(''), '2026-03-02')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(queryOf(view('range=90d'), '2026-11-30')).toEqual({ from: '2026-09-02', to: '2026-11-30' });
    expect(queryOf(view('range=12m'), '2026-11-30')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(queryOf(view('range=12m'), '2028-02-29')).toEqual({ from: '2027-03-02', to: '2028-02-29' });
    expect(queryOf(view('range=dates&from=2026-01-01&to=2026-01-31&routing=Home&locale=de'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      routing: 'Home',
      locale: 'de',
    });
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('checks From–To in the server’s words, and only for that choice', () => {
    const errors = (values: { range: string; from: string; to: string }) =>
      RangeValuesSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(errors({ range: '30d', from: '', to: '' })).toEqual([]);
    expect(errors({ range: 'dates', from: '2026-02-30', to: '' })).toEqual([
      ['from', VISITS_MESSAGES.date],
      ['to', VISITS_MESSAGES.date],
    ]);
    expect(errors({ range: 'dates', from: '2026-02-02', to: '2026-02-01' })).toEqual([['from', VISITS_MESSAGES.order]]);
    expect(errors({ range: 'dates', from: '2024-01-01', to: '2026-02-01' })).toEqual([['from', VISITS_MESSAGES.span]]);
    expect(errors({ range: 'dates', from: '2024-11-01', to: '2026-11-30' })).toEqual([]);
  });

  it('names languages and shares in plain words', () => {
    expect(languageName('de')).toBe('German (de)');
    expect(languageName('not a code!')).toBe('not a code!');
    expect(shareOf(1, 3)).toBe('33%');
    expect(shareOf(1, 1000)).toBe('<1%');
    expect(shareOf(0, 0)).toBe('0%');
  });
});

describe('the visits chart’s axes', () => {
  const days = (count: number, from = '2026-01-01', views = 0) =>
    Array.from({ length: count }, (_, index) => ({ date: shiftDay(from, index), views, visitors: 0 }));

  it('rounds the top to 1, 2 or 5 times a power of ten, in about four steps', () => {
    expect(valueAxis(days(3, '2026-01-01', 0))).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(days(3, '2026-01-01', 7))).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(days(3, '2026-01-01', 735))).toEqual({ top: 800, ticks: [0, 200, 400, 600, 800] });
  });

  it('labels every day of a week, about five days of a month, and the first of some months of a year', () => {
    expect(dayTicks(days(7))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dayTicks(days(30))).toEqual([0, 8, 16, 29]);
    const year = days(365, '2025-12-01');
    const ticks = dayTicks(year);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.every((index) => year[index]!.date.endsWith('-01'))).toBe(true);
  });
});
