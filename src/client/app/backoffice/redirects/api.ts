import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiDelete, apiPostText } from '../../lib/api';

/**
 * The redirects feature's calls (DESIGN §27): the redirects, saving and deleting one, their CSV out and in,
 * and the log of addresses not found. Each answer is read through its schema here.
 */

export const REDIRECTS_PATH = '/api/master/redirects';
/** The CSV of every redirect (header `from,to,status`): a plain link the browser downloads with the session cookie. */
export const REDIRECTS_CSV_PATH = '/api/master/redirects.csv';
const NOT_FOUND_PATH = '/api/master/notfound';

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** How a status reads on the screen: the number search engines know, and what it means. */
export const STATUS_NAMES: Record<RedirectStatus, string> = { 301: 'Permanent', 302: 'Temporary' };

export const RedirectSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
  hits: z.number().int(),
  lastHit: z.string().nullable(),
});
export type Redirect = z.infer<typeof RedirectSchema>;

/** What a saved redirect does, as the toast after a save says it. */
export const redirectSaved = (redirect: { from: string; to: string }) => `Visitors of ${redirect.from} now go to ${redirect.to}.`;

/** What the form sends: without `id` a new redirect, with it a change of that one. */
export interface RedirectInput {
  id?: number;
  from: string;
  to: string;
  status: RedirectStatus;
}

export const NotFoundRowSchema = z.object({
  path: z.string(),
  hits: z.number().int(),
  lastSeen: z.string(),
  referrer: z.string().nullable(),
});
export type NotFoundRow = z.infer<typeof NotFoundRowSchema>;

export const ImportAnswerSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** Every query of the feature: a change to the redirects may change what the 404 log shows too. */
const REDIRECTS_KEY = ['redirects'] as const;
const NOT_FOUND_KEY = [...REDIRECTS_KEY, 'notfound'] as const;

/** Every redirect of the site (the server sends them all; the screen shows a page of them). */
export function useRedirects() {
  return useQuery({
    queryKey: [...REDIRECTS_KEY, 'list'],
    queryFn: async () => z.object({ items: z.array(RedirectSchema) }).parse(await api<unknown>(REDIRECTS_PATH)).items,
  });
}

/** The addresses visitors asked for and got 404, most asked first (the server keeps the top 1,000). */
export function useNotFound() {
  return useQuery({
    queryKey: NOT_FOUND_KEY,
    queryFn: async () => z.object({ items: z.array(NotFoundRowSchema) }).parse(await api<unknown>(NOT_FOUND_PATH)).items,
  });
}

function useRedirectsChange<I, A>(change: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: REDIRECTS_KEY }) });
}

/** Saves a redirect; a refusal (a loop, a live page's address, a `to` that is no path) is an ApiError naming its field. */
export function useSaveRedirect() {
  return useRedirectsChange(async (input: RedirectInput) => RedirectSchema.parse(await api<unknown>(REDIRECTS_PATH, input)));
}

export function useDeleteRedirect() {
  return useRedirectsChange(async (id: number) => {
    await apiDelete<unknown>(`${REDIRECTS_PATH}/${id}`);
  });
}

/** Imports a CSV file's text: the good rows are saved, the bad ones come back by line with their reason. */
export function useImportRedirects() {
  return useRedirectsChange(async (csv: string) => ImportAnswerSchema.parse(await apiPostText<unknown>(REDIRECTS_CSV_PATH, csv, 'text/csv')));
}
