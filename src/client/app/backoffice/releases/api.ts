import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReleaseAnswerSchema,
  ReleaseListSchema,
  SavedReleaseSchema,
  type Acknowledged,
  type SaveRelease,
} from '../../../../core/schemas/release';
import { ApiError, api } from '../../lib/api';
import * as releases from '../../../../core/api/releases';

/**
 * The Releases screen's calls (docs/design.md §32): the list, a release made or changed, published or scheduled (or
 * moved), reverted, its schedule cancelled, deleted; each answer read through its core schema. After each change the
 * list, the staff home (scheduled and failed releases) and the calendar are asked again.
 */

export const RELEASES_KEY = ['releases'] as const;

/**
 * The staff home's and the calendar's cache entries (dashboard/api.ts, calendar/api.ts), written out rather than
 * imported: those modules would bring their schemas into this screen's chunk.
 */
const HOME_KEY = ['dashboard'] as const;
const CALENDAR_KEY = ['calendar'] as const;

export function useReleases() {
  return useQuery({
    queryKey: RELEASES_KEY,
    queryFn: async () => ReleaseListSchema.parse(await api(releases.listReleases)).items,
  });
}

/** The page a 409 names (a page changed since it was added, or published again since): routing and language. */
export interface NamedPage {
  routing: string;
  locale: string | null;
}

/** The page a refusal names, if it names one. */
export function namedPage(error: unknown): NamedPage | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as { routing?: unknown; locale?: unknown } | null | undefined;
  if (!data || typeof data.routing !== 'string') return null;
  return { routing: data.routing, locale: typeof data.locale === 'string' ? data.locale : null };
}

/** Asks again for everything that shows releases; the call resolves once they are fresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
      queryClient.invalidateQueries({ queryKey: HOME_KEY }),
      queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
    ]);
}

/** A refusal saying the release is no longer what the list showed: the list is asked again (the sentence stays). */
const isStale = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

/** The mutations' common ends: fresh data after a change, and after a refusal saying the list is stale. */
function useReleaseMutation<I, O>(call: (input: I) => Promise<O>) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refresh(),
    onError: (error) => (isStale(error) ? refresh() : undefined),
  });
}

export const useSaveRelease = () =>
  useReleaseMutation((body: SaveRelease) =>
    api(releases.saveRelease, { body }).then((data) => SavedReleaseSchema.parse(data)),
  );

/** Publish now (no `publishAt`), schedule, or move a scheduled release (`publishAt`). */
export interface PublishInput {
  id: number;
  publishAt?: string;
  acknowledged?: Acknowledged[];
}

export const usePublishRelease = () =>
  useReleaseMutation(({ id, ...body }: PublishInput) =>
    api(releases.publishRelease, { params: { id }, body }).then((data) => ReleaseAnswerSchema.parse(data)),
  );

export const useRevertRelease = () =>
  useReleaseMutation((id: number) =>
    api(releases.revertRelease, { params: { id }, body: {} }).then((data) => ReleaseAnswerSchema.parse(data)),
  );

export const useUnscheduleRelease = () =>
  useReleaseMutation((id: number) =>
    api(releases.unscheduleRelease, { params: { id }, body: {} }).then((data) => ReleaseAnswerSchema.parse(data)),
  );

export const useDeleteRelease = () =>
  useReleaseMutation((id: number) => api(releases.deleteRelease, { params: { id } }));
