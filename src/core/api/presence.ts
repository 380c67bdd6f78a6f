import { z } from 'zod';
import { EditingOthersSchema } from '../schemas/preview-share';
import { EditorLanguageQuerySchema } from './preview-shares';
import { AnyBodySchema, RoutingParamsSchema, route, screenErrors } from './route';

/**
 * "Someone else is editing" (docs/design.md §26): an open editor says so every little while and hears who else has
 * the page open in its language; it says when it leaves. Who may call them is the page's save rule.
 */
const editor = { editsPage: { param: 'routing' } } as const;

export const noteEditing = route({
  method: 'POST',
  path: '/api/master/editing/:routing',
  params: RoutingParamsSchema,
  query: EditorLanguageQuerySchema,
  body: AnyBodySchema,
  reply: EditingOthersSchema,
  errors: screenErrors(404),
  access: editor,
});
export const leaveEditing = route({
  method: 'POST',
  path: '/api/master/editing/:routing/leave',
  params: RoutingParamsSchema,
  query: EditorLanguageQuerySchema,
  body: AnyBodySchema,
  reply: z.object({}),
  errors: screenErrors(404),
  access: editor,
});
