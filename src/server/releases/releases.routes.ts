import type { FastifyInstance } from 'fastify';
import * as releases from '../../core/api/releases';
import { typed } from '../http/contract';
import {
  deleteRelease,
  listReleases,
  publishRelease,
  releaseCandidates,
  revertRelease,
  saveRelease,
  unscheduleRelease,
} from './releases.service';

/** Releases (docs/design.md §32): the list, a release made or changed, published or scheduled, reverted, deleted. */
export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(releases.listReleases, async (request) => listReleases(request.tenant));
  api.route(releases.releaseCandidates, async (request) => releaseCandidates(request.tenant, request.session!));
  api.route(releases.saveRelease, async (request) => saveRelease(request.tenant, request.session!, request.body));
  api.route(releases.publishRelease, async (request) =>
    publishRelease(request.tenant, request.session!, request.params.id, request.body),
  );
  api.route(releases.revertRelease, async (request) =>
    revertRelease(request.tenant, request.session!, request.params.id),
  );
  api.route(releases.unscheduleRelease, async (request) =>
    unscheduleRelease(request.tenant, request.session!, request.params.id),
  );
  api.route(releases.deleteRelease, async (request) =>
    deleteRelease(request.tenant, request.session!, request.params.id),
  );
}
