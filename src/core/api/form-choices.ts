import { z } from 'zod';
import { RoutingParamsSchema, route } from './route';

/**
 * The forms a page made without code may show (docs/design.md §30): its editor's choice for a parameter of the type
 * Form, by name (the built-in ones have pages of their own). Any editor of the page may read them (the forms screen
 * is the administrators'). A file of its own: the page editor's first screen carries no more than this.
 */
export const formChoices = route({
  method: 'GET',
  path: '/api/master/forms/choices/:routing',
  params: RoutingParamsSchema,
  reply: z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) }),
  errors: [401, 403, 404],
  access: { editsPage: { param: 'routing' } },
});
