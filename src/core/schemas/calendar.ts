import { z } from 'zod';
import { LocaleCodeSchema } from './locale';
import { PublishSchema } from './revision';

/**
 * The calendar (docs/design.md §32): what is to go live when — scheduled publications of pages and translations,
 * reviews asked for a time, and schedules that failed — over a range of days, and the move of one to another time.
 */

/** The longest range one call reads: a month's grid with the days of the weeks around it. */
export const CALENDAR_MOST_DAYS = 62;

export const CALENDAR_MESSAGES = {
  range: `Choose a range of at most ${CALENDAR_MOST_DAYS} days, From before To.`,
  day: 'Enter a day as YYYY-MM-DD.',
  notMovable:
    'This publication is no longer waiting for its time: it was published, cancelled or changed. Reload to see the calendar as it is now.',
  reviewMovesOnly: 'Your group publishes through review: you can move only a review you asked for, not a publication.',
  moved: 'Moved: it goes live at its new time.',
  notAhead: 'Choose a time ahead for it to go live.',
} as const;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: CALENDAR_MESSAGES.day });

/** `from` and `to`, UTC days, both included. */
export const CalendarQuerySchema = z
  .strictObject({ from: Day, to: Day })
  .refine(
    ({ from, to }) =>
      from <= to && (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < CALENDAR_MOST_DAYS,
    { message: CALENDAR_MESSAGES.range, path: ['to'] },
  );
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const CALENDAR_KINDS = ['scheduled', 'review', 'failed'] as const;

export const CalendarItemSchema = z.object({
  /** `scheduled`: goes live at `at`; `review`: asked for review to go live at `at`; `failed`: did not go live at `at`. */
  kind: z.enum(CALENDAR_KINDS),
  routing: z.string(),
  /** The page's name as the staff menu shows it. */
  title: z.string(),
  /** null: the default language; a code: a translation. */
  locale: z.string().nullable(),
  revision: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  /** Who scheduled it or asked for the review. */
  by: z.string(),
});
export type CalendarItem = z.infer<typeof CalendarItemSchema>;

/** A release to go live in the range (or that failed to), for callers whose menu holds `releases`. */
export const CalendarReleaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `scheduled`: goes live at `at`; `failed`: did not go live at `at`. */
  kind: z.enum(['scheduled', 'failed']),
  at: z.string(),
  /** Who made it. */
  by: z.string(),
  pages: z.number().int(),
});
export type CalendarRelease = z.infer<typeof CalendarReleaseSchema>;

/** `releases`: present for callers whose menu holds the releases screen (moved with `POST /api/master/releases/:id/publish`). */
export const CalendarSchema = z.object({
  items: z.array(CalendarItemSchema),
  releases: z.array(CalendarReleaseSchema).optional(),
});
export type Calendar = z.infer<typeof CalendarSchema>;

/** Moves a scheduled publication (or a review asked for a time) to `publishAt`: ahead, within a year, with its offset. */
export const RescheduleSchema = z.strictObject({
  locale: LocaleCodeSchema.optional(),
  revision: z.number().int().min(1).max(2_147_483_647),
  publishAt: PublishSchema,
});
export type Reschedule = z.infer<typeof RescheduleSchema>;

export const RescheduledSchema = z.object({ message: z.string(), revision: z.number().int(), publishAt: z.string() });
