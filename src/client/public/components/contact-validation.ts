// Must stay the first import: zod reads `jitless` when a schema is built, and without it zod probes `new Function`,
// which the site's CSP (script-src 'self') refuses with a console error.
import './zod-jitless';

/**
 * The contact form's schema (the server checks the same one), in a chunk of its own: zod alone would push the
 * contact page over its JavaScript budget (DESIGN §10), so the form loads it on the visitor's first
 * interaction. Nothing here may import react-hook-form, or the bundler merges this chunk with the page's.
 */
export { ContactEnquirySchema } from '../../../core/schemas/contact-enquiry';
