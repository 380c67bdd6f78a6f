import { z } from 'zod';
import {
  CreatedPreviewShareSchema,
  CreatePreviewShareSchema,
  EditingOthersSchema,
  PreviewShareListSchema,
  RevokedPreviewShareSchema,
  RevokePreviewShareSchema,
} from '../schemas/preview-share';
import { LocaleQuerySchema } from '../schemas/locale';
import { AnyBodySchema, RoutingParamsSchema, route, screenErrors } from './route';

/**
 * Shared preview links and "someone else is editing" (docs/design.md §26). Who may call them is the page's save rule;
 * revoking names a link, not a page, so the server checks the rule on the link's page.
 */
const editor = { editsPage: { param: 'routing' } } as const;
/** The language of the editor (docs/design.md §28): absent for the source, a translation's code otherwise. */
const LanguageQuerySchema = LocaleQuerySchema.strict();

export const createPreviewShare = route({
  method: 'POST',
  path: '/api/master/previewshare/:routing',
  params: RoutingParamsSchema,
  query: LanguageQuerySchema,
  body: CreatePreviewShareSchema,
  reply: CreatedPreviewShareSchema,
  errors: screenErrors(404, 429),
  access: editor,
});
export const listPreviewShares = route({
  method: 'GET',
  path: '/api/master/previewshares/:routing',
  params: RoutingParamsSchema,
  query: LanguageQuerySchema,
  reply: PreviewShareListSchema,
  errors: screenErrors(404),
  access: editor,
});
export const revokePreviewShare = route({
  method: 'POST',
  path: '/api/master/previewshare/revoke',
  body: RevokePreviewShareSchema,
  reply: RevokedPreviewShareSchema,
  errors: screenErrors(404),
  access: { signedIn: true },
});
export const noteEditing = route({
  method: 'POST',
  path: '/api/master/editing/:routing',
  params: RoutingParamsSchema,
  query: LanguageQuerySchema,
  body: AnyBodySchema,
  reply: EditingOthersSchema,
  errors: screenErrors(404),
  access: editor,
});
export const leaveEditing = route({
  method: 'POST',
  path: '/api/master/editing/:routing/leave',
  params: RoutingParamsSchema,
  query: LanguageQuerySchema,
  body: AnyBodySchema,
  reply: z.object({}),
  errors: screenErrors(404),
  access: editor,
});
