import { useQuery } from '@tanstack/react-query';
import { ReleaseCandidatesSchema, type ReleaseCandidate } from '../../../../core/schemas/release';
import { releaseCandidates } from '../../../../core/api/releases';
import { api } from '../../lib/api';

/**
 * The pages a release may take (docs/design.md §32), for the New release form, in one call
 * (`GET /api/master/releases/candidates`): every page the caller may edit, in each language of the site it has a
 * revision in, at its newest revision, named as menus name it; those with unpublished changes first.
 */

export type Candidate = ReleaseCandidate;

/** A candidate with changes visitors do not see yet: its newest revision is not the published one. */
export const hasUnpublished = (candidate: Candidate) => candidate.status !== 'published' && candidate.revision > 0;

export function useCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['release-candidates'],
    enabled,
    staleTime: 0,
    queryFn: async () => ReleaseCandidatesSchema.parse(await api(releaseCandidates)).items,
  });
}
