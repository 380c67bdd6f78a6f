import type { ContactEnquiry } from '../../core/schemas/contact-enquiry';
import type { Tenant } from '../tenants/tenants';
import { insertEnquiry } from './enquiries.repository';

/** Stores a contact enquiry (checked by the route with the same schema as the form, spec 000 §5). */
export async function submitEnquiry(tenant: Tenant, enquiry: ContactEnquiry, now = new Date()): Promise<number> {
  return insertEnquiry(tenant.db, {
    organization: enquiry.organization,
    name: enquiry.name,
    email: enquiry.email.toLowerCase(),
    mobile: enquiry.mobile,
    requirements: enquiry.requirements,
    created_at: now.toISOString(),
  });
}
