import { SearchAnswerSchema, SearchRequestSchema } from '../schemas/search';
import { route, screenErrors } from './route';

/** The top bar's search (docs/design.md §23): any signed-in member of staff; what it finds is limited to their menu. */
export const search = route({
  method: 'POST',
  path: '/api/master/search',
  body: SearchRequestSchema,
  reply: SearchAnswerSchema,
  errors: screenErrors(),
  access: { signedIn: true },
});
