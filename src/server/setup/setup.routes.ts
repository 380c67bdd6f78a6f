import type { FastifyInstance } from 'fastify';
import { completeSetup } from './setup.service';

export async function setupRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/setup',
    // Open while setup is pending (it needs the code from the log); a few tries per address, then a pause.
    { config: { access: { public: true }, rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request) => {
      await completeSetup(request.tenant, request.body);
      return { message: 'Success' };
    },
  );
}
