import { z } from 'zod';

/** Company details (spec 001 §3); the validation rules of the company form come with the back office. */
export const CompanySchema = z.object({
  companyCode: z.string(),
  companyName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
  websiteUrl: z.string(),
  contact: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;
