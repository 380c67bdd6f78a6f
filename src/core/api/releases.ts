import { z } from 'zod';
import {
  PublishReleaseSchema,
  ReleaseCandidatesSchema,
  ReleaseAnswerSchema,
  ReleaseListSchema,
  ReleaseParamsSchema,
  SaveReleaseSchema,
  SavedReleaseSchema,
} from '../schemas/release';
import { AnyBodySchema, route, screenErrors } from './route';

/**
 * Releases (docs/design.md §32): staff whose menu holds the screen `releases`. Every page a release names must be one
 * the caller may edit too (the service checks each); publishing needs a group that publishes directly.
 */
export const listReleases = route({
  method: 'GET',
  path: '/api/master/releases',
  reply: ReleaseListSchema,
  errors: screenErrors(),
  access: { screen: 'releases' },
});

/**
 * The pages a release may take: every page the caller may edit, in each language it has a revision in, at its newest
 * revision (with its status and the revision visitors see): what the New release form offers, in one call.
 */
export const releaseCandidates = route({
  method: 'GET',
  path: '/api/master/releases/candidates',
  reply: ReleaseCandidatesSchema,
  errors: screenErrors(),
  access: { screen: 'releases' },
});

/** Creates a release (no id) or changes an open one: its name and its pages, each at a revision. */
export const saveRelease = route({
  method: 'POST',
  path: '/api/master/releases',
  body: SaveReleaseSchema,
  reply: SavedReleaseSchema,
  errors: screenErrors(404, 409),
  access: { screen: 'releases' },
});

/**
 * Publishes a release now, or schedules it (`publishAt`): all its pages in one transaction, or none (409
 * `{message, routing, locale}` naming a page changed since it was added).
 */
export const publishRelease = route({
  method: 'POST',
  path: '/api/master/releases/:id/publish',
  params: ReleaseParamsSchema,
  body: PublishReleaseSchema,
  reply: ReleaseAnswerSchema,
  errors: screenErrors(404, 409),
  access: { screen: 'releases' },
});

/** Puts back every page's revision published before the release, in one transaction (409 naming a page published since). */
export const revertRelease = route({
  method: 'POST',
  path: '/api/master/releases/:id/revert',
  params: ReleaseParamsSchema,
  body: z.object({}).optional(),
  reply: ReleaseAnswerSchema,
  errors: screenErrors(404, 409),
  access: { screen: 'releases' },
});

/** Cancels a scheduled release's time: it is open again. */
export const unscheduleRelease = route({
  method: 'POST',
  path: '/api/master/releases/:id/unschedule',
  params: ReleaseParamsSchema,
  body: z.object({}).optional(),
  reply: ReleaseAnswerSchema,
  errors: screenErrors(404, 409),
  access: { screen: 'releases' },
});

/** Deletes a release that is open, failed or reverted (its pages are untouched). */
export const deleteRelease = route({
  method: 'DELETE',
  path: '/api/master/releases/:id',
  params: ReleaseParamsSchema,
  body: AnyBodySchema,
  reply: z.object({ message: z.string() }),
  errors: screenErrors(404, 409),
  access: { screen: 'releases' },
});
