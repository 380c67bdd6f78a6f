import type { FastifyInstance } from 'fastify';
import { submitEnquiry } from './enquiries.service';

export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/master/savecont2',
    // The public form is open to everyone; the limit keeps it from being used to flood the inbox.
    { config: { access: { public: true }, rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request) => {
      await submitEnquiry(request.tenant, request.body);
      return { message: 'Success' };
    },
  );
}
