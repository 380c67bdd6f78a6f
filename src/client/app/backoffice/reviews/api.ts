import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ReviewAnswerSchema,
  ReviewListSchema,
  type ReviewDecisionSchema,
  type ReviewItem,
} from '../../../../core/schemas/review';
import { ApiError, api } from '../../lib/api';
import * as reviews from '../../../../core/api/reviews';

/**
 * The calls of review before publishing (docs/design.md §32): what waits for the caller's review (the Reviews screen and
 * the staff home's card share the list and its cache entry) and a decision on one revision, each answer read through its
 * core schema. The comparison with what is published is the editors' compare call (review-comparison.tsx), kept out of
 * this file: the staff home loads it.
 */

export const REVIEWS_KEY = ['reviews'] as const;

/**
 * The staff home's cache entry (DASHBOARD_KEY of dashboard/api.ts), written out rather than imported: that module
 * would bring the home's schemas into the Reviews screen's chunk.
 */
const HOME_KEY = ['dashboard'] as const;

/** What waits for the caller's review, oldest asked first as the server lists it; asked only while `enabled`. */
export function useReviews(enabled = true) {
  return useQuery({
    queryKey: REVIEWS_KEY,
    enabled,
    queryFn: async () => ReviewListSchema.parse(await api(reviews.listReviews)).items,
  });
}

/** A decision on a revision in review: the page, and the body the server takes. */
export type ReviewDecisionInput = { routing: string } & z.input<typeof ReviewDecisionSchema>;

/** The item's language for the body: absent for the default language. */
export const localeOf = (item: Pick<ReviewItem, 'locale'>) => (item.locale === null ? {} : { locale: item.locale });

/** A refusal saying the revision is no longer what the list showed (decided by someone else, replaced, gone). */
const isStale = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

/**
 * Approve or Request changes. Once decided, the list and the staff home are asked again (a published or scheduled
 * page shows there); the call resolves once the list is fresh. A refusal saying the revision is no longer waiting
 * asks for the list again too, so that it no longer shows.
 */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ routing, ...body }: ReviewDecisionInput) =>
      api(reviews.decideReview, { params: { routing }, body }).then((data) => ReviewAnswerSchema.parse(data)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: HOME_KEY }),
      ]),
    onError: (error) => (isStale(error) ? queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }) : undefined),
  });
}
