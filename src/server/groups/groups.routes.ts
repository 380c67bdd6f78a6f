import type { FastifyInstance } from 'fastify';
import { deleteGroup, listGroups, saveGroup } from './groups.service';

/** User groups (spec 001 §7 getAllgroup, SaveUserGroup, deletegroup): the newGrouphome screen. */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const access = { screen: 'newGrouphome' } as const;
  app.post('/api/menu/getAllgroup', { config: { access } }, async (request) => listGroups(request.tenant));
  app.post('/api/menu/SaveUserGroup', { config: { access } }, async (request, reply) => {
    const outcome = await saveGroup(request.tenant, request.body);
    return reply.code(outcome.httpStatus).send(outcome.answer);
  });
  app.post('/api/menu/deletegroup', { config: { access } }, async (request, reply) => {
    const outcome = await deleteGroup(request.tenant, request.body);
    return reply.code(outcome.httpStatus).send(outcome.answer);
  });
}
