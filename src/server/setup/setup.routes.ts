import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readPhone } from '../../core/phone-numbers';
import { setupSchema } from '../../core/schemas/company';
import { replies, typed } from '../http/contract';
import { completeSetup } from './setup.service';

/** `keepRevisions`: REVISIONS_PER_PAGE, for the Contact revision setup may publish. */
export async function setupRoutes(app: FastifyInstance, { keepRevisions }: { keepRevisions: number }): Promise<void> {
  typed(app).post(
    '/api/setup',
    {
      // Open while setup is pending (it needs the code from the log); a few tries per address, then a pause.
      config: { access: { public: true }, rateLimit: { max: 30, timeWindow: '15 minutes', groupId: 'setup' } },
      schema: { body: setupSchema(readPhone), response: replies(z.object({ message: z.literal('Success') }), [400, 409, 429]) },
    },
    async (request) => {
      await completeSetup(request.tenant, request.body, keepRevisions);
      return { message: 'Success' as const };
    },
  );
}
