import type { FastifyInstance } from 'fastify';
import * as dashboard from '../../core/api/dashboard';
import { typed } from '../http/contract';
import type { MailOutbox } from '../enquiries/mail-outbox';
import { getDashboard } from './dashboard.service';

/** The staff home's one call (docs/design.md §23); the Mail card says whether mail is set up (§24). */
export async function dashboardRoutes(
  app: FastifyInstance,
  { outbox }: { outbox: Pick<MailOutbox, 'configured'> },
): Promise<void> {
  typed(app).route(dashboard.getDashboard, async (request) =>
    getDashboard(request.tenant, request.session!, outbox.configured),
  );
}
