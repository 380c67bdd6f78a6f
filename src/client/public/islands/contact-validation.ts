// Must stay the first import: zod reads `jitless` when a schema is built, and without it zod probes `new Function`,
// which the site's CSP (script-src 'self') refuses with a console error.
import '../../lib/zod-jitless';

/**
 * The contact form's schema (the server checks the same one), in a chunk of its own: zod is most of the contact
 * page's JavaScript budget (DESIGN §10), so the contact-form island loads it on the visitor's first interaction
 * with the form, not with the page.
 */
export { ContactEnquirySchema } from '../../../core/schemas/contact-enquiry';
