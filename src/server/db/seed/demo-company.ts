import type { CompanyTable } from '../schema';

/** The demo firm's details (an Indian firm: country_code is the column's default, IN); the administrator replaces them in the company form. */
export const DEMO_COMPANY: Omit<CompanyTable, 'id' | 'updated_at' | 'country_code' | 'content_api_public'> = {
  company_code: 'INNOVO',
  company_name: 'Innovo Software Pvt. Ltd.',
  address: '402, Sahyog Chambers, Jangli Maharaj Road, Shivajinagar',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411005',
  country: 'India',
  website_url: 'https://www.innovosoftware.in',
  contact: '2045678900',
  email: 'info@innovosoftware.in',
  tagline: 'Bespoke software, CRM and clinic software from Pune, India.',
  // Made by scripts/make-demo-images.mjs: the demo pages' sharing image (docs/design.md §20).
  logo: '/demo/logo.png',
};
