import type { FastifyInstance } from 'fastify';
import * as previewShares from '../../../core/api/preview-shares';
import { typed } from '../../http/contract';
import { editingLocale } from '../languages/editing-locale';
import { createPreviewShare, listPreviewShares, revokePreviewShare } from './preview-shares.service';

/** Making links is a write like a save, but each one is a key to a draft: at most 30 a minute from one address. */
export const PREVIEW_SHARE_RATE_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'preview-share' } as const;

/**
 * Shared preview links (docs/design.md §26). Who may call them is the page's save rule
 * (`editsPage`, checked by the access layer); revoking names a link, not a page, so its service checks the rule
 * on the link's page.
 */
export async function previewShareRoutes(
  app: FastifyInstance,
  { publicBaseUrl }: { publicBaseUrl: string },
): Promise<void> {
  const api = typed(app);
  api.route(previewShares.createPreviewShare, { config: { rateLimit: PREVIEW_SHARE_RATE_LIMIT } }, async (request) =>
    createPreviewShare(
      request.tenant,
      request.editedPage!,
      request.body.hours,
      request.session!,
      publicBaseUrl,
      new Date(),
      await editingLocale(request.tenant, request.query.locale),
    ),
  );
  api.route(previewShares.listPreviewShares, async (request) =>
    listPreviewShares(
      request.tenant,
      request.editedPage!,
      new Date(),
      await editingLocale(request.tenant, request.query.locale),
    ),
  );
  api.route(previewShares.revokePreviewShare, async (request) =>
    revokePreviewShare(request.tenant, request.body.id, request.session!),
  );
}
