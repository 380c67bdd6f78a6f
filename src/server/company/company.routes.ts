import type { FastifyInstance } from 'fastify';
import { getCompanyDetails, saveCompanyDetails } from './company.service';

/** Company details (spec 001 §7): the companyForm screen, administrators only once set up (DESIGN §7). */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const access = { screen: 'companyForm' } as const;
  app.post('/api/master/getCompanyDetails', { config: { access } }, async (request) => getCompanyDetails(request.tenant));
  app.post('/api/master/saveCompanyDetails', { config: { access } }, async (request) => {
    await saveCompanyDetails(request.tenant, request.body);
    return { message: 'Success' };
  });
}
