import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DashboardSchema } from '../../core/schemas/dashboard';
import { screenReplies, typed } from '../http/contract';
import { getDashboard } from './dashboard.service';

/** The staff home's one call (DESIGN §23). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  typed(app).post(
    '/api/master/getdashboard',
    { config: { access: { screen: 'dashboard' } }, schema: { body: z.object({}).optional(), response: screenReplies(DashboardSchema) } },
    async (request) => getDashboard(request.tenant, request.session!),
  );
}
