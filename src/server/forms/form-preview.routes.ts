import type { FastifyInstance } from 'fastify';
import { previewForm } from '../../core/api/forms';
import { typed } from '../http/contract';
import { previewRateLimit } from '../http/preview-limit';
import { renderFormPreview, type RenderSite } from '../ssr/render-page';
import { withChoices } from './public-form';

/** Counted once a copy is checked: a refused one costs no render. */
const FORM_PREVIEW_RATE_LIMIT = previewRateLimit('form-preview', 'preHandler');

/** The heading of the page around a previewed form: the page that shows it has its own. */
const PREVIEW_TITLE = 'The page’s title';

/**
 * The forms editor's preview (docs/design.md §30): `POST /api/master/forms/preview` with the form's unsaved working copy
 * → the form as visitors will see it on a page made without code, by the one renderer, a choice field's master data
 * values read as the public page reads them. Checked as a save is (400 with a sentence and its place), allowed as
 * the forms screen, stored nowhere: no token (the preview's frame cannot send it), no audit entry.
 */
export function formPreviewRoutes(app: FastifyInstance, site: RenderSite): void {
  typed(app).route(previewForm, { config: { rateLimit: FORM_PREVIEW_RATE_LIMIT } }, async (request, reply) => {
    const form = request.body;
    const fields = await Promise.all(form.fields.map((field) => withChoices(request.tenant, field)));
    const html = await renderFormPreview(site, request.tenant, PREVIEW_TITLE, {
      id: form.id ?? 0,
      fields,
      successMessage: form.successMessage,
      token: '',
    });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
