import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ContactDetailsSchema } from '../../core/content/contact';
import { readPhone } from '../../core/phone-numbers';
import { companySchema } from '../../core/schemas/company';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import { contactDetailsOf, getCompanyDetails, saveCompanyDetails } from './company.service';

/** The company details as the form shows them (the form's input schema, read back after parsing). */
const CompanyDetailsSchema = z.object({
  companyCode: z.string(),
  companyName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
  countryCode: z.string(),
  websiteUrl: z.string(),
  contact: z.string(),
  email: z.string(),
  tagline: z.string(),
  logo: z.string(),
});

/** Company details (spec 001 §7): the companyForm screen, administrators only once set up (docs/design.md §7). */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const access = { screen: 'companyForm' } as const;
  api.post('/api/master/getCompanyDetails', { config: { access }, schema: { body: AnyBodySchema, response: screenReplies(CompanyDetailsSchema) } }, async (request) =>
    getCompanyDetails(request.tenant),
  );
  // The Contact editor's "Use the company's details" (docs/design.md §24): for whoever may edit the Contact page.
  api.post(
    '/api/master/getCompanyContact',
    { config: { access: { screen: 'Contact' } }, schema: { body: AnyBodySchema, response: screenReplies(ContactDetailsSchema) } },
    async (request) => contactDetailsOf(await getCompanyDetails(request.tenant)),
  );
  api.post(
    '/api/master/saveCompanyDetails',
    { config: { access }, schema: { body: companySchema(readPhone), response: screenReplies(z.object({ message: z.literal('Success') })) } },
    async (request) => {
      await saveCompanyDetails(request.tenant, request.body);
      return { message: 'Success' as const };
    },
  );
}
