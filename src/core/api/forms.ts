import { z } from 'zod';
import {
  FormIdParamsSchema,
  FormInputSchema,
  FormInUseSchema,
  FormListSchema,
  FormSavedSchema,
  FormSchema,
} from '../schemas/forms';
import { AnyBodySchema, route, screenErrors } from './route';

/** Forms made without code (docs/design.md §30): the forms screen's list, a form's editor, its save and delete. */
const screen = { screen: 'forms' } as const;

/** The forms screen's list, which the inbox's Form filter reads too (docs/design.md §30). */
export const listForms = route({
  method: 'GET',
  path: '/api/master/forms',
  reply: FormListSchema,
  errors: screenErrors(),
  access: { screens: ['forms', 'enquiries'] },
});
export const getForm = route({
  method: 'GET',
  path: '/api/master/forms/:id',
  params: FormIdParamsSchema,
  reply: FormSchema,
  errors: screenErrors(404),
  access: screen,
});
/** Creates a form (no `id`) or saves one (`id` with the `revision` opened: an older one is 409, nothing overwritten). */
export const saveForm = route({
  method: 'POST',
  path: '/api/master/forms',
  body: FormInputSchema,
  reply: FormSavedSchema,
  errors: screenErrors(404, 409),
  access: screen,
});
/** Refused (409, with the pages) while a page shows the form; the built-in contact form is never deleted. */
export const deleteForm = route({
  method: 'POST',
  path: '/api/master/forms/:id/delete',
  params: FormIdParamsSchema,
  body: AnyBodySchema,
  reply: z.object({ message: z.literal('Success') }),
  errors: screenErrors(404),
  answers: { 409: FormInUseSchema },
  access: screen,
});
/**
 * The editor's preview (docs/design.md §30): the unsaved working copy → the form as visitors will see it, in the site's
 * page (HTML, noindex, never stored). Checked as a save is (400 with a sentence and its place).
 */
export const previewForm = route({
  method: 'POST',
  path: '/api/master/forms/preview',
  body: FormInputSchema,
  reply: z.string().meta({ description: 'The form in the site’s page as HTML (text/html), noindex, never stored.' }),
  replyType: 'text/html',
  errors: screenErrors(429),
  access: screen,
});
