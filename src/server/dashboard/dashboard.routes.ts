import type { FastifyInstance } from 'fastify';
import * as dashboard from '../../core/api/dashboard';
import { typed } from '../http/contract';
import type { MailOutbox } from '../enquiries/mail-outbox';
import { documentStrategy } from '../pages/languages/translations.service';
import { retryScheduled } from '../pages/page.service';
import { getDashboard } from './dashboard.service';

/**
 * The staff home's call (docs/design.md §23; the Mail card says whether mail is set up, §24), and the Retry of a
 * scheduled publication that failed (§32).
 */
export async function dashboardRoutes(
  app: FastifyInstance,
  { outbox }: { outbox: Pick<MailOutbox, 'configured'> },
): Promise<void> {
  const api = typed(app);
  api.route(dashboard.getDashboard, async (request) =>
    getDashboard(request.tenant, request.session!, outbox.configured),
  );
  api.route(dashboard.retrySchedule, async (request) =>
    retryScheduled(
      request.tenant,
      request.editedPage!,
      await documentStrategy(request.tenant, request.body.locale),
      request.body.revision,
    ),
  );
}
