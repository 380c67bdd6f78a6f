import { z } from 'zod';
import { ContactEnquirySchema } from '../schemas/contact-enquiry';
import { route } from './route';

// A file of its own: the public contact form imports this one entry (with its schema, which it loads anyway), not the table.

/** The public contact form's call: open to everyone (rate limited by the server). Its answer's refusals name their field (docs/design.md §34). */
export const saveContactEnquiry = route({
  method: 'POST',
  path: '/api/master/savecont2',
  body: ContactEnquirySchema,
  reply: z.object({ message: z.literal('Success') }),
  errors: [400, 429],
  access: { public: true },
});
