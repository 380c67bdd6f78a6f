import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ContactEnquirySchema } from '../../core/schemas/contact-enquiry';
import { replies, typed } from '../http/contract';
import { submitEnquiry } from './enquiries.service';

export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  typed(app).post(
    '/api/master/savecont2',
    {
      // The public form is open to everyone; the limit keeps it from being used to flood the inbox.
      config: { access: { public: true }, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { body: ContactEnquirySchema, response: replies(z.object({ message: z.literal('Success') }), [400, 429]) },
    },
    async (request) => {
      await submitEnquiry(request.tenant, request.body);
      return { message: 'Success' as const };
    },
  );
}
