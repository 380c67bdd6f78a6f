import type { FastifyInstance } from 'fastify';
import { previewPane } from '../../../core/api/preview';
import { typed } from '../../http/contract';
import { previewRateLimit } from '../../http/preview-limit';
import type { SaveTools } from '../page-kind';
import { inLocale } from '../resolve-page';
import { documentStrategy } from '../languages/translations.service';
import { previewDocument } from '../page.service';
import { renderPage, type RenderSite } from '../../ssr/render-page';

const PREVIEW_RATE_LIMIT = previewRateLimit('preview-pane');

/**
 * The editor's preview pane (docs/design.md §26): `POST /api/master/preview/:routing` with the page's unsaved working copy
 * → the page as visitors would see it, rendered by the one renderer (docs/design.md §25) with the preview bar, the bridge
 * to the editor and `data-folio-field` on every field. Checked like a save (400 with a sentence and `field`),
 * allowed like a save (the page's editor in the caller's menu), stored nowhere: no revision, no audit entry.
 */
export function previewPaneRoutes(app: FastifyInstance, site: RenderSite, tools: SaveTools): void {
  typed(app).route(
    previewPane,
    {
      config: { rateLimit: PREVIEW_RATE_LIMIT },
      // The render's server time, from the request's arrival to its answer, for the bench (scripts/bench-preview.ts).
      onSend: async (_request, reply, payload) => {
        reply.header('server-timing', `render;dur=${reply.elapsedTime.toFixed(1)}`);
        return payload;
      },
    },
    async (request, reply) => {
      const page = request.editedPage!;
      const pane = { editorOrigin: `${request.protocol}://${request.host}` };
      // `?locale=de`: the working copy of the page's translation, shown at its address in that language.
      const documents = await documentStrategy(request.tenant, request.query.locale);
      const document = await previewDocument(request.tenant, page, documents, request.body, tools);
      const shown = {
        page: inLocale(page, documents.locale),
        document,
        editorPath: `/${page.routing}${documents.editorQuery}`,
      };
      const { html } = await renderPage(site, request.tenant, shown.page, {
        mode: 'preview',
        document: shown.document,
        editorPath: shown.editorPath,
        pane,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
}
