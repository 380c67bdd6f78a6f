import type { FastifyInstance } from 'fastify';
import * as groups from '../../core/api/groups';
import { typed } from '../http/contract';
import { deleteGroup, listGroups, saveGroup } from './groups.service';

/** User groups (spec 001 §7 getAllgroup, SaveUserGroup, deletegroup): the newGrouphome screen. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(groups.listGroups, async (request) => listGroups(request.tenant));
  // Refusals in the spec's shape: {status:'NO', message} on a real HTTP status.
  api.route(groups.saveGroup, async (request) => saveGroup(request.tenant, request.body));
  api.route(groups.deleteGroup, async (request) => deleteGroup(request.tenant, request.body.id));
}
