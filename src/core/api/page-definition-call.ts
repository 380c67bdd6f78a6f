import { z } from 'zod';
import { PageContentRequestSchema } from '../page-defs/autowired-document';
import { PageRecordSchema } from '../page-defs/page-definition';
import { ParameterSchema } from '../page-defs/parameter';
import { route, screenErrors } from './route';

// A file of its own: the Autowired editor loads it (and the page-definition schemas it brings) with its first call,
// beside its first screen (src/client/app/editors/autowired-editor.tsx).

/** A page made without code: its definition and parameters, for its editor (docs/design.md §13). */
export const getPageDefinition = route({
  method: 'POST',
  path: '/api/master/getpagedefinition',
  body: PageContentRequestSchema,
  reply: z.object({ page: PageRecordSchema, parameters: z.array(ParameterSchema) }),
  errors: screenErrors(404),
  access: { editsPage: { body: 'commonrouting' } },
});
