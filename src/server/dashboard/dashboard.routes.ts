import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DashboardSchema } from '../../core/schemas/dashboard';
import { screenReplies, typed } from '../http/contract';
import type { MailOutbox } from '../enquiries/mail-outbox';
import { getDashboard } from './dashboard.service';

/** The staff home's one call (docs/design.md §23); the Mail card says whether mail is set up (§24). */
export async function dashboardRoutes(app: FastifyInstance, { outbox }: { outbox: Pick<MailOutbox, 'configured'> }): Promise<void> {
  typed(app).post(
    '/api/master/getdashboard',
    { config: { access: { screen: 'dashboard' } }, schema: { body: z.object({}).optional(), response: screenReplies(DashboardSchema) } },
    async (request) => getDashboard(request.tenant, request.session!, outbox.configured),
  );
}
