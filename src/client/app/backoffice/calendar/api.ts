import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CalendarSchema,
  RescheduledSchema,
  type CalendarItem,
  type CalendarQuery,
  type RescheduleSchema,
} from '../../../../core/schemas/calendar';
import { ApiError, api } from '../../lib/api';
import * as calendar from '../../../../core/api/calendar';
import * as releases from '../../../../core/api/releases';
import { ReleaseAnswerSchema } from '../../../../core/schemas/release';

/**
 * The calendar screen's calls (docs/design.md §32): what goes live when over a range of UTC days, and the move of a
 * scheduled publication (or a review asked for a time) to another moment. Each answer is read through its core schema.
 */

export const CALENDAR_KEY = ['calendar'] as const;

/**
 * The staff home's and the Reviews screen's cache entries (dashboard/api.ts, reviews/api.ts), written out rather than
 * imported: those modules would bring their schemas into the calendar's chunk. Both show when a page goes live.
 */
const HOME_KEY = ['dashboard'] as const;
const REVIEWS_KEY = ['reviews'] as const;
/** The Releases screen's (releases/api.ts). */
const RELEASES_KEY = ['releases'] as const;

/** The items of a range of UTC days, as the server lists them, and the releases (for a viewer who may see them). */
export function useCalendar(query: CalendarQuery) {
  return useQuery({
    queryKey: [...CALENDAR_KEY, query.from, query.to],
    queryFn: async () => {
      const { items, releases = [] } = CalendarSchema.parse(await api(calendar.getCalendar, { query }));
      return { items, releases };
    },
  });
}

/**
 * Moves a scheduled release to another moment: its publication at that time (docs/design.md §32). The calendar, the
 * staff home and the Releases screen are asked again once moved.
 */
export function useMoveRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publishAt }: { id: number; publishAt: string }) =>
      api(releases.publishRelease, { params: { id }, body: { publishAt } }).then((data) =>
        ReleaseAnswerSchema.parse(data),
      ),
    onSuccess: () =>
      Promise.all(
        [CALENDAR_KEY, HOME_KEY, RELEASES_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    onError: (error) => (isStale(error) ? queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }) : undefined),
  });
}

/** A move: the page, and the body the server takes. */
export type MoveInput = { routing: string } & z.input<typeof RescheduleSchema>;

/** The item's language for the body: absent for the default language. */
export const localeOf = (item: Pick<CalendarItem, 'locale'>) => (item.locale === null ? {} : { locale: item.locale });

/** A refusal saying the item is no longer what the calendar showed (published, cancelled, changed, gone). */
const isStale = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

/**
 * Moves a publication to another moment. Once moved, the calendar (the call resolves once it is fresh), the staff home
 * and the reviews are asked again; a refusal saying the item no longer waits asks for the calendar again too.
 */
export function useReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ routing, ...body }: MoveInput) =>
      api(calendar.reschedule, { params: { routing }, body }).then((data) => RescheduledSchema.parse(data)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
        queryClient.invalidateQueries({ queryKey: HOME_KEY }),
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
      ]),
    onError: (error) => (isStale(error) ? queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }) : undefined),
  });
}
