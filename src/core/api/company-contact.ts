import { ContactDetailsSchema } from '../content/contact';
import { AnyBodySchema, route, screenErrors } from './route';

// A file of its own: the Contact editor calls it on its first screen, without the company form's schemas (company.ts).

/** The Contact editor's "Use the company's details" (docs/design.md §24): for whoever may edit the Contact page. */
export const getCompanyContact = route({
  method: 'POST',
  path: '/api/master/getCompanyContact',
  body: AnyBodySchema,
  reply: ContactDetailsSchema,
  errors: screenErrors(),
  access: { screen: 'Contact' },
});
