import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreatedPreviewShareSchema,
  CreatePreviewShareSchema,
  EditingOthersSchema,
  PreviewShareListSchema,
  RevokedPreviewShareSchema,
  RevokePreviewShareSchema,
} from '../../core/schemas/preview-share';
import { AnyBodySchema, screenReplies, typed } from '../http/contract';
import { createPreviewShare, editingLocale, leaveEditing, listPreviewShares, noteEditing, revokePreviewShare } from './preview-shares.service';

const RoutingParamsSchema = z.strictObject({ routing: z.string().min(1).max(100) });
/** The language of the editor (docs/design.md §28): absent for the source, a translation's code otherwise. */
const LanguageQuerySchema = z.strictObject({ locale: z.string().max(40).optional() });

/** Making links is a write like a save, but each one is a key to a draft: at most 30 a minute from one address. */
export const PREVIEW_SHARE_RATE_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'preview-share' } as const;

/**
 * Shared preview links and "someone else is editing" (docs/design.md §26). Who may call them is the page's save rule
 * (`editsPage`, checked by the access layer); revoking names a link, not a page, so its service checks the rule
 * on the link's page.
 */
export async function previewShareRoutes(app: FastifyInstance, { publicBaseUrl }: { publicBaseUrl: string }): Promise<void> {
  const api = typed(app);
  const editor = { access: { editsPage: { param: 'routing' } } } as const;
  api.post(
    '/api/master/previewshare/:routing',
    {
      config: { ...editor, rateLimit: PREVIEW_SHARE_RATE_LIMIT },
      schema: { params: RoutingParamsSchema, querystring: LanguageQuerySchema, body: CreatePreviewShareSchema, response: screenReplies(CreatedPreviewShareSchema, [404, 429]) },
    },
    async (request) =>
      createPreviewShare(request.tenant, request.editedPage!, request.body.hours, request.session!, publicBaseUrl, new Date(), await editingLocale(request.tenant, request.query.locale)),
  );
  api.get(
    '/api/master/previewshares/:routing',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: LanguageQuerySchema, response: screenReplies(PreviewShareListSchema, [404]) } },
    async (request) => listPreviewShares(request.tenant, request.editedPage!, new Date(), await editingLocale(request.tenant, request.query.locale)),
  );
  api.post(
    '/api/master/previewshare/revoke',
    { config: { access: { signedIn: true } }, schema: { body: RevokePreviewShareSchema, response: screenReplies(RevokedPreviewShareSchema, [404]) } },
    async (request) => revokePreviewShare(request.tenant, request.body.id, request.session!),
  );
  api.post(
    '/api/master/editing/:routing',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: LanguageQuerySchema, body: AnyBodySchema, response: screenReplies(EditingOthersSchema, [404]) } },
    async (request) => noteEditing(request.tenant, request.editedPage!, request.session!, new Date(), await editingLocale(request.tenant, request.query.locale)),
  );
  api.post(
    '/api/master/editing/:routing/leave',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: LanguageQuerySchema, body: AnyBodySchema, response: screenReplies(z.object({}), [404]) } },
    async (request) => leaveEditing(request.tenant, request.editedPage!, request.session!, await editingLocale(request.tenant, request.query.locale)),
  );
}
