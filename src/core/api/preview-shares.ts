import {
  CreatedPreviewShareSchema,
  CreatePreviewShareSchema,
  PreviewShareListSchema,
  RevokedPreviewShareSchema,
  RevokePreviewShareSchema,
} from '../schemas/preview-share';
import { LocaleQuerySchema } from '../schemas/locale';
import { RoutingParamsSchema, route, screenErrors } from './route';

/**
 * Shared preview links (docs/design.md §26). Who may call them is the page's save rule; revoking names a link, not a
 * page, so the server checks the rule on the link's page. "Someone else is editing" is presence.ts.
 */
const editor = { editsPage: { param: 'routing' } } as const;
/** The language of the editor (docs/design.md §28): absent for the source, a translation's code otherwise. */
export const EditorLanguageQuerySchema = LocaleQuerySchema.strict();

export const createPreviewShare = route({
  method: 'POST',
  path: '/api/master/previewshare/:routing',
  params: RoutingParamsSchema,
  query: EditorLanguageQuerySchema,
  body: CreatePreviewShareSchema,
  reply: CreatedPreviewShareSchema,
  errors: screenErrors(404, 429),
  access: editor,
});
export const listPreviewShares = route({
  method: 'GET',
  path: '/api/master/previewshares/:routing',
  params: RoutingParamsSchema,
  query: EditorLanguageQuerySchema,
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
