import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GroupIdSchema, GroupSaveAnswerSchema, SaveUserGroupSchema, UserGroupRowSchema } from '../../core/schemas/group';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import { deleteGroup, listGroups, saveGroup } from './groups.service';

/** User groups (spec 001 §7 getAllgroup, SaveUserGroup, deletegroup): the newGrouphome screen. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const access = { screen: 'newGrouphome' } as const;
  api.post('/api/menu/getAllgroup', { config: { access }, schema: { body: AnyBodySchema, response: screenReplies(z.array(UserGroupRowSchema)) } }, async (request) =>
    listGroups(request.tenant),
  );
  // Refusals in the spec's shape: {status:'NO', message} on a real HTTP status.
  const refusing = { access, refusal: 'NO' } as const;
  api.post(
    '/api/menu/SaveUserGroup',
    { config: refusing, schema: { body: SaveUserGroupSchema, response: screenReplies(GroupSaveAnswerSchema, [404, 409], 'NO') } },
    async (request) => saveGroup(request.tenant, request.body),
  );
  api.post(
    '/api/menu/deletegroup',
    { config: refusing, schema: { body: GroupIdSchema, response: screenReplies(GroupSaveAnswerSchema, [404, 409], 'NO') } },
    async (request) => deleteGroup(request.tenant, request.body.id),
  );
}
