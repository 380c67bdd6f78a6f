import type { FastifyInstance } from 'fastify';
import * as menus from '../../core/api/menus';
import { typed } from '../http/contract';
import { getPublicMenu, getUserMenu } from './menus.service';

export async function menuRoutes(app: FastifyInstance): Promise<void> {
  // Identity comes from the session only (docs/design.md §4): whatever username/userid/usergroupid the body names,
  // a caller without a session gets the Public menu, a logged-in caller their own.
  typed(app).route(menus.userMenu, async (request) => {
    const session = request.session;
    return session ? getUserMenu(request.tenant, session.userId, session.groupId) : getPublicMenu(request.tenant);
  });
}
