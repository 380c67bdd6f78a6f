import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotFoundListSchema } from '../../../../core/schemas/redirect';
import { VisitsSchema, type VisitsQuery } from '../../../../core/schemas/visits';
import { ApiError, api, apiUrl, useSession } from '../../lib/api';
import * as redirectsApi from '../../../../core/api/redirects';
import * as visitsApi from '../../../../core/api/visits';

/**
 * The visits screen's calls (docs/design.md §31): the figures of a range (the whole site, or one page), their CSV, and
 * the 404 log's top addresses from the redirects screen's call. Each answer is read through its core schema.
 */

const VISITS_KEY = ['visits'] as const;

/** A range's figures, with the query they answer. */
const visitsQuery = (query: VisitsQuery) => ({
  queryKey: [...VISITS_KEY, 'site', query] as const,
  queryFn: async () => ({ query, visits: VisitsSchema.parse(await api(visitsApi.getVisits, { query })) }),
});

/**
 * The figures of the range asked for, with the query they answer: those shown stay while the next range's load, and
 * what the screen says of them (their days, their page) is of the query they answer, not of the one on its way.
 */
export function useVisits(query: VisitsQuery) {
  return useQuery({ ...visitsQuery(query), placeholderData: keepPreviousData });
}

/**
 * Reads a range's figures into the cache before the screen shows it: the range form's Show, so that a range the server
 * refuses (400 naming `from` or `to`) comes back to the form, which puts the sentence at its field.
 */
export function usePrefetchVisits() {
  const queryClient = useQueryClient();
  return (query: VisitsQuery) => queryClient.fetchQuery(visitsQuery(query));
}

/** The CSV of a range: a plain link the browser downloads with the session cookie (a GET needs no CSRF header). */
export const visitsCsvUrl = (query: VisitsQuery) => apiUrl(visitsApi.exportVisits, { query });

/** Whether the signed-in user's menu holds a screen (the server checks every call again). */
export function useMayOpen(screen: string): boolean {
  const screens = useSession().data?.user?.screens ?? [];
  const wanted = screen.toLowerCase();
  return screens.some((granted) => granted.toLowerCase() === wanted);
}

/**
 * The addresses visitors asked for and got 404, most asked first: the redirects screen's log (and its cache entry),
 * read only for those whose menu holds that screen. A refusal (403: the menu changed since the session was read) leaves
 * the table out.
 */
export function useNotFoundTop() {
  return useQuery({
    queryKey: ['redirects', 'notfound'],
    queryFn: async () => NotFoundListSchema.parse(await api(redirectsApi.listNotFound)).items,
  });
}

/** A refusal that says the user may not read a call (403): not a failure to show, a part to leave out. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
