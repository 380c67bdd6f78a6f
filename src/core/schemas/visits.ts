import { z } from 'zod';
import { LocaleCodeSchema } from './locale';

/**
 * Visits counted without cookies (docs/design.md §31): views and visitors per day, per page and language, with where
 * the views came from. A day is a UTC day (`2026-11-30`). Nothing here names a person: a visitor is counted by a hash
 * of the day's secret salt, the address and the browser, kept only for that day.
 */

/** The devices a view is counted under, from the browser's user agent. */
export const VISIT_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type VisitDevice = (typeof VISIT_DEVICES)[number];

/** Days a range may span at most (25 months, as long as figures are kept). */
export const VISITS_MOST_DAYS = 762;
/** Days a range without `from` spans, ending at `to` (or today). */
export const VISITS_DEFAULT_DAYS = 30;
/** Rows each list of the answer holds at most (the most viewed first). */
export const VISITS_TOP = 50;

export const VISITS_MESSAGES = {
  date: 'From and To must be dates such as 2026-11-30.',
  order: 'From must not be after To.',
  span: `A range spans at most ${VISITS_MOST_DAYS} days (25 months, as long as visits are kept).`,
} as const;

/** Whether a text is a day that exists (no 30 February: the date read back is the date given). */
export function isVisitDay(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

const day = z.string().trim().max(10, { message: VISITS_MESSAGES.date }).refine(isVisitDay, VISITS_MESSAGES.date);
const optional = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

/** The days between two dates, both counted (`2026-11-01`…`2026-11-30` is 30). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const rangeFields = { from: optional(day), to: optional(day), locale: optional(LocaleCodeSchema) };
const inOrder = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || value.from <= value.to;
const withinSpan = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || value.from > value.to || daysBetween(value.from, value.to) <= VISITS_MOST_DAYS;

/** `GET /api/master/visits?from=&to=&routing=&locale=`: the whole site, or one page (in one language). */
export const VisitsQuerySchema = z
  .strictObject({ ...rangeFields, routing: optional(z.string().trim().min(1).max(100)) })
  .refine(inOrder, { message: VISITS_MESSAGES.order, path: ['from'] })
  .refine(withinSpan, { message: VISITS_MESSAGES.span, path: ['from'] });
export type VisitsQuery = z.output<typeof VisitsQuerySchema>;

/** `GET /api/master/visits/pages/:routing?from=&to=&locale=`: one page's, for its editor's Visits panel. */
export const PageVisitsQuerySchema = z
  .strictObject(rangeFields)
  .refine(inOrder, { message: VISITS_MESSAGES.order, path: ['from'] })
  .refine(withinSpan, { message: VISITS_MESSAGES.span, path: ['from'] });

const count = z.number().int().min(0);

export const VisitsSchema = z.object({
  /** Every day of the range, oldest first; days without visits are zeros. */
  days: z.array(z.object({ date: z.string(), views: count, visitors: count })),
  /** The pages by views, most first (at most VISITS_TOP): a page in each language is a row of its own. */
  pages: z.array(z.object({ routing: z.string(), locale: z.string(), views: count, visitors: count })),
  /** Other sites' hosts that linked to the views (search engines grouped under one host each), most first. */
  referrers: z.array(z.object({ host: z.string(), views: count })),
  /** `utm_source`, `utm_medium`, `utm_campaign` of the views that came with them, most first. */
  campaigns: z.array(z.object({ source: z.string(), medium: z.string(), campaign: z.string(), views: count })),
  /** Views by device. */
  devices: z.object({ phone: count, tablet: count, desktop: count }),
  /** Views by the language served, most first. */
  locales: z.array(z.object({ code: z.string(), views: count })),
});
export type Visits = z.infer<typeof VisitsSchema>;

/** The staff home's card: the last 7 days of the whole site (oldest first, today last). */
export const VisitsCardSchema = z.object({
  days: z.array(z.object({ date: z.string(), views: count, visitors: count })),
});
export type VisitsCard = z.infer<typeof VisitsCardSchema>;
