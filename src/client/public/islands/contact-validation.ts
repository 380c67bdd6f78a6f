// Must stay the first import: zod reads `jitless` when a schema is built, and without it zod probes `new Function`,
// which the site's CSP (script-src 'self') refuses with a console error.
import '../../lib/zod-jitless';

/**
 * The contact form's schema (the server checks the same one), in a chunk of its own: zod is most of the contact
 * page's JavaScript budget (docs/design.md §10), so the contact-form island loads it on the visitor's first interaction
 * with the form, not with the page.
 */
import { INDIA, readPhoneLeniently } from '../../../core/phone';
import { contactEnquirySchema } from '../../../core/schemas/contact-enquiry';
/** The form's call, from the route table (src/core/api/contact.ts): loaded with the schema, never with the page. */
export { saveContactEnquiry } from '../../../core/api/contact';

/**
 * The schema in the company's country (the form's `data-country`; absent, India), reading numbers leniently:
 * libphonenumber-js's metadata stays on the server (docs/design.md §34), whose refusal shows at the field.
 */
export const enquirySchemaIn = (country: string | undefined) =>
  contactEnquirySchema({ country: country ?? INDIA, read: readPhoneLeniently });
