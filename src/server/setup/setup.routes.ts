import type { FastifyInstance } from 'fastify';
import * as setup from '../../core/api/setup';
import { readPhone } from '../../core/phone-numbers';
import { setupSchema } from '../../core/schemas/company';
import { typed } from '../http/contract';
import { completeSetup } from './setup.service';

/** `keepRevisions`: REVISIONS_PER_PAGE, for the Contact revision setup may publish. */
export async function setupRoutes(app: FastifyInstance, { keepRevisions }: { keepRevisions: number }): Promise<void> {
  typed(app).route(
    setup.completeSetup,
    {
      // Open while setup is pending (it needs the code from the log); a few tries per address, then a pause.
      config: { rateLimit: { max: 30, timeWindow: '15 minutes', groupId: 'setup' } },
      // The numbers read with the full metadata (the entry's schema reads them leniently, as the browser does).
      readBody: setupSchema(readPhone),
    },
    async (request) => {
      await completeSetup(request.tenant, request.body, keepRevisions);
      return { message: 'Success' as const };
    },
  );
}
