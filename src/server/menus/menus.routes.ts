import type { FastifyInstance } from 'fastify';
import { getPublicMenu } from './menus.service';

export async function menuRoutes(app: FastifyInstance): Promise<void> {
  // Identity comes from the session only (DESIGN §4): whatever username/userid/usergroupid the body
  // names, a caller without a session gets the Public menu.
  app.post('/api/menu/menuofUserforjosn', async (request) => getPublicMenu(request.tenant));
}
