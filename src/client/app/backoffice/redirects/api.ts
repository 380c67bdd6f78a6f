import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NotFoundListSchema,
  RedirectImportSchema,
  RedirectListSchema,
  RedirectSchema,
  type RedirectStatus,
  type SaveRedirect,
} from '../../../../core/schemas/redirect';
import { api, apiUrl } from '../../lib/api';
import * as redirectsApi from '../../../../core/api/redirects';

/**
 * The redirects feature's calls (docs/design.md §27): the redirects, saving and deleting one, their CSV out and in,
 * and the log of addresses not found. Each answer is read through its core schema (core/schemas/redirect.ts).
 */

/** The CSV of every redirect (header `from,to,status`): a plain link the browser downloads with the session cookie. */
export const REDIRECTS_CSV_PATH = apiUrl(redirectsApi.exportRedirects);

/** How a status reads on the screen: the number search engines know, and what it means. */
export const STATUS_NAMES: Record<RedirectStatus, string> = { 301: 'Permanent', 302: 'Temporary' };

/** What a saved redirect does, as the toast after a save says it. */
export const redirectSaved = (redirect: { from: string; to: string }) =>
  `Visitors of ${redirect.from} now go to ${redirect.to}.`;

/** What the form sends: without `id` a new redirect, with it a change of that one. */
export type RedirectInput = SaveRedirect;

/** Every query of the feature: a change to the redirects may change what the 404 log shows too. */
const REDIRECTS_KEY = ['redirects'] as const;
const NOT_FOUND_KEY = [...REDIRECTS_KEY, 'notfound'] as const;

/** Every redirect of the site (the server sends them all; the screen shows a page of them). */
export function useRedirects() {
  return useQuery({
    queryKey: [...REDIRECTS_KEY, 'list'],
    queryFn: async () => RedirectListSchema.parse(await api(redirectsApi.listRedirects)).items,
  });
}

/** The addresses visitors asked for and got 404, most asked first (the server keeps the top 1,000). */
export function useNotFound() {
  return useQuery({
    queryKey: NOT_FOUND_KEY,
    queryFn: async () => NotFoundListSchema.parse(await api(redirectsApi.listNotFound)).items,
  });
}

function useRedirectsChange<I, A>(change: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REDIRECTS_KEY }),
  });
}

/** Saves a redirect; a refusal (a loop, a live page's address, a `to` that is no path) is an ApiError naming its field. */
export function useSaveRedirect() {
  return useRedirectsChange(async (input: RedirectInput) =>
    RedirectSchema.parse(await api(redirectsApi.saveRedirect, { body: input })),
  );
}

export function useDeleteRedirect() {
  return useRedirectsChange(async (id: number) => {
    await api(redirectsApi.deleteRedirect, { params: { id } });
  });
}

/** Imports a CSV file's text: the good rows are saved, the bad ones come back by line with their reason. */
export function useImportRedirects() {
  return useRedirectsChange(async (csv: string) =>
    RedirectImportSchema.parse(await api(redirectsApi.importRedirects, { body: csv })),
  );
}
