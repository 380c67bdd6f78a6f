import type { FastifyInstance } from 'fastify';
import * as company from '../../core/api/company';
import * as companyContact from '../../core/api/company-contact';
import { readPhone } from '../../core/phone-numbers';
import { companySchema } from '../../core/schemas/company';
import { typed } from '../http/contract';
import {
  contactDetailsOf,
  contentApiIsPublic,
  getCompanyDetails,
  saveCompanyDetails,
  setContentApiPublic,
} from './company.service';

/** Company details (spec 001 §7): the companyForm screen, administrators only once set up (docs/design.md §7). */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(company.getCompanyDetails, async (request) => getCompanyDetails(request.tenant));
  // The Contact editor's "Use the company's details" (docs/design.md §24): for whoever may edit the Contact page.
  api.route(companyContact.getCompanyContact, async (request) =>
    contactDetailsOf(await getCompanyDetails(request.tenant)),
  );
  // The numbers read with the full metadata (the entry's schema reads them leniently, as the browser does).
  api.route(company.saveCompanyDetails, { readBody: companySchema(readPhone) }, async (request) => {
    await saveCompanyDetails(request.tenant, request.body);
    return { message: 'Success' as const };
  });
  api.route(company.getContentApiSetting, async (request) => ({ public: await contentApiIsPublic(request.tenant) }));
  api.route(company.saveContentApiSetting, async (request) => setContentApiPublic(request.tenant, request.body.public));
}
