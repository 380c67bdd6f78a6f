import { z } from 'zod';
import { CompanySchema } from '../schemas/company';
import { AnyBodySchema, route, screenErrors } from './route';

/** The company details as the form shows them (the form's input schema, read back after parsing). */
export const CompanyDetailsSchema = z.object({
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
const access = { screen: 'companyForm' } as const;

export const getCompanyDetails = route({
  method: 'POST',
  path: '/api/master/getCompanyDetails',
  body: AnyBodySchema,
  reply: CompanyDetailsSchema,
  errors: screenErrors(),
  access,
});
/**
 * Its body's numbers are read leniently here (the browser has no phone metadata); the server reads them with the full
 * metadata (`readBody` in src/server/company/company.routes.ts), its refusal at the field.
 */
export const saveCompanyDetails = route({
  method: 'POST',
  path: '/api/master/saveCompanyDetails',
  body: CompanySchema,
  reply: z.object({ message: z.literal('Success') }),
  errors: screenErrors(),
  access,
});

/** Whether anyone may read the content API without a token (docs/design.md §33): a setting of the company details screen. */
export const ContentApiSettingSchema = z.strictObject({
  public: z.boolean({ message: 'Choose whether anyone may read the content API.' }),
});
export const getContentApiSetting = route({
  method: 'GET',
  path: '/api/master/contentApi',
  reply: ContentApiSettingSchema,
  errors: screenErrors(),
  access,
});
export const saveContentApiSetting = route({
  method: 'POST',
  path: '/api/master/contentApi',
  body: ContentApiSettingSchema,
  reply: ContentApiSettingSchema,
  errors: screenErrors(),
  access,
});
