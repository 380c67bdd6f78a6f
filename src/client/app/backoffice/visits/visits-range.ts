import { z } from 'zod';
import {
  VISITS_MESSAGES,
  VISITS_MOST_DAYS,
  daysBetween,
  isVisitDay,
  type VisitsQuery,
} from '../../../../core/schemas/visits';
import { dateFormat, formatCount } from '../../lib/staff-locale';

/**
 * The visits screen's range (docs/design.md §31): the last 7, 30 or 90 days, the last 12 months, or any From–To dates,
 * and optionally one page (in one language). It lives in the screen's address (`?range=90d`,
 * `?range=dates&from=2026-11-01&to=2026-11-30`, `&routing=Home&locale=en`), so that Back, a reload and a shared link
 * keep it. Days are UTC days, as the server counts them.
 */

export const RANGE_CHOICES = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'dates', label: 'From–To dates' },
] as const;

export type RangeChoice = (typeof RANGE_CHOICES)[number]['value'];
const PRESET_DAYS: Record<Exclude<RangeChoice, 'dates' | '12m'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
export const DEFAULT_RANGE: RangeChoice = '30d';

/** What the address says the screen shows. */
export interface VisitsView {
  range: RangeChoice;
  /** Only for `dates`: the days as typed (the server judges them). */
  from: string;
  to: string;
  /** One page's visits, or '' for the whole site. */
  routing: string;
  /** With `routing`: the page in one language, or '' for all of them. */
  locale: string;
}

const isRange = (value: string | null): value is RangeChoice => RANGE_CHOICES.some((choice) => choice.value === value);

/** Today as a UTC day (`2026-11-30`): the day the server counts the visits of right now under. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The UTC day `days` after (or, negative, before) a day. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day after the same day a year before (12 months ending today: 2025-12-01 for 2026-11-30). */
function yearBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return shiftDay(date.toISOString().slice(0, 10), 1);
}

export function viewFromParams(params: URLSearchParams): VisitsView {
  const asked = params.get('range');
  const range = isRange(asked) ? asked : params.get('from') || params.get('to') ? 'dates' : DEFAULT_RANGE;
  const routing = params.get('routing')?.trim() ?? '';
  return {
    range,
    from: range === 'dates' ? (params.get('from') ?? '') : '',
    to: range === 'dates' ? (params.get('to') ?? '') : '',
    routing,
    locale: routing ? (params.get('locale')?.trim() ?? '') : '',
  };
}

/** The address's search part for a view: only what differs from the default. */
export function paramsFromView(view: VisitsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.range !== DEFAULT_RANGE) params.set('range', view.range);
  if (view.range === 'dates') {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.routing) {
    params.set('routing', view.routing);
    if (view.locale) params.set('locale', view.locale);
  }
  return params;
}

/** The query the server is asked (`getVisits`, `exportVisits`): the range's first and last day, both counted. */
export function queryOf(view: VisitsView, today: string = utcToday()): VisitsQuery {
  const dates =
    view.range === 'dates'
      ? { from: view.from, to: view.to }
      : view.range === '12m'
        ? { from: yearBefore(today), to: today }
        : { from: shiftDay(today, 1 - PRESET_DAYS[view.range]), to: today };
  return {
    ...dates,
    ...(view.routing ? { routing: view.routing } : {}),
    ...(view.routing && view.locale ? { locale: view.locale } : {}),
  };
}

/** The From–To fields of the range form, as typed. */
export interface RangeValues {
  range: RangeChoice;
  from: string;
  to: string;
}

/**
 * The range form's own check, in the server's words (core's VISITS_MESSAGES): dates that exist, From not after To, and
 * at most VISITS_MOST_DAYS days. Only the From–To choice has fields to check; the server judges again.
 */
export const RangeValuesSchema: z.ZodType<RangeValues, RangeValues> = z
  .object({
    range: z.enum(RANGE_CHOICES.map((choice) => choice.value) as [RangeChoice, ...RangeChoice[]]),
    from: z.string().trim(),
    to: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.range !== 'dates') return;
    const bad = (['from', 'to'] as const).filter((name) => !isVisitDay(values[name]));
    for (const name of bad) context.addIssue({ code: 'custom', path: [name], message: VISITS_MESSAGES.date });
    if (bad.length > 0) return;
    if (values.from > values.to) context.addIssue({ code: 'custom', path: ['from'], message: VISITS_MESSAGES.order });
    else if (daysBetween(values.from, values.to) > VISITS_MOST_DAYS)
      context.addIssue({ code: 'custom', path: ['from'], message: VISITS_MESSAGES.span });
  });

/** A UTC day as the screen says it: "30 Nov 2026" (`short`: "30 Nov"); a text that is no day as it came. */
export function dayLabel(day: string, short = false): string {
  if (!isVisitDay(day)) return day;
  return dateFormat({ day: 'numeric', month: 'short', ...(short ? {} : { year: 'numeric' }), timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "1 Nov 2026 to 30 Nov 2026": the range a query covers, in words. */
export const rangeWords = (query: VisitsQuery) =>
  query.from && query.to ? `${dayLabel(query.from)} to ${dayLabel(query.to)}` : '';

/** A count as the staff screens write it, grouped as the firm's country does (lib/staff-locale.ts). */
export const count = formatCount;

const LANGUAGE_NAMES = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

/** A language's name with its code ("German (de)"); the code alone where the browser knows no name. */
export function languageName(code: string): string {
  let name: string | undefined;
  try {
    name = LANGUAGE_NAMES?.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}
