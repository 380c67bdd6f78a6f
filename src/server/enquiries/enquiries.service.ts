import { ContactEnquirySchema } from '../../core/schemas/contact-enquiry';
import type { Tenant } from '../tenants/tenants';
import { parseInput } from '../validation';
import { insertEnquiry } from './enquiries.repository';

/** Stores a contact enquiry after checking it with the same schema as the form (spec 000 §5). */
export async function submitEnquiry(tenant: Tenant, body: unknown, now = new Date()): Promise<number> {
  const enquiry = parseInput(ContactEnquirySchema, body);
  return insertEnquiry(tenant.db, {
    organization: enquiry.organization,
    name: enquiry.name,
    email: enquiry.email.toLowerCase(),
    mobile: enquiry.mobile,
    requirements: enquiry.requirements,
    created_at: now.toISOString(),
  });
}
