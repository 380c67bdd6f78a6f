import type { FastifyInstance } from 'fastify';
import * as translationEditing from '../../../core/api/translation-editing';
import * as translations from '../../../core/api/translations';
import { exportXliff, importXliff, translationsOverview } from './translation-files.service';
import type { TranslationDocument } from '../../../core/schemas/locale';
import { typed } from '../../http/contract';
import type { Tenant } from '../../tenants/tenants';
import type { SaveTools } from '../page-kind';
import { compareRevisions } from '../revisions/page-compare';
import { editDocument, pageHistory, restorePage, savePage, unscheduleRevision } from '../page.service';
import { documentStrategy } from './translations.service';

/**
 * A page's translations (docs/design.md §28), for whoever may edit the page: its texts beside the source's, save in every
 * publish mode, history, restore, unschedule and compare, each in the language the call names. Each is the page
 * service's own operation in that language (docs/design.md §29): these calls are its aliases under their own paths.
 */
export async function translationRoutes(
  app: FastifyInstance,
  tools: SaveTools & { publicBaseUrl: string },
): Promise<void> {
  const api = typed(app);
  const language = (request: { tenant: Tenant }, locale: string) => documentStrategy(request.tenant, locale);
  api.route(
    translationEditing.getTranslation,
    async (request) =>
      editDocument(
        request.tenant,
        request.editedPage!,
        await language(request, request.query.locale),
        tools.publicBaseUrl,
      ) as Promise<TranslationDocument>,
  );
  api.route(translationEditing.saveTranslation, async (request) =>
    savePage(
      request.tenant,
      request.editedPage!,
      await language(request, request.body.locale),
      request.body,
      request.body.publish,
      request.session!,
      tools,
    ),
  );
  api.route(translationEditing.translationHistory, async (request) =>
    pageHistory(request.tenant, request.editedPage!, await language(request, request.query.locale)),
  );
  api.route(translationEditing.restoreTranslation, async (request) =>
    restorePage(
      request.tenant,
      request.editedPage!,
      await language(request, request.body.locale),
      request.body.revision,
      request.session!,
      tools.keepRevisions,
    ),
  );
  api.route(translationEditing.unscheduleTranslation, async (request) =>
    unscheduleRevision(
      request.tenant,
      request.editedPage!,
      await language(request, request.body.locale),
      request.body.revision,
    ),
  );
  api.route(translationEditing.compareTranslations, async (request) =>
    compareRevisions(
      request.tenant,
      request.editedPage!,
      await language(request, request.query.locale),
      request.query.from,
      request.query.to,
    ),
  );
}

/**
 * The translations screen's calls (docs/design.md §28): where each page stands in each language, and a language's XLIFF
 * file out and back in. The import takes the file as it is (`application/xliff+xml`), in a context of its own.
 */
export async function translationFileRoutes(app: FastifyInstance, tools: SaveTools): Promise<void> {
  const api = typed(app);
  api.route(translations.translationsOverview, async (request) => translationsOverview(request.tenant));
  api.route(translations.exportXliff, async (request, reply) => {
    const { xml, fileName } = await exportXliff(request.tenant, request.params.locale);
    return reply
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .type('application/xliff+xml; charset=utf-8')
      .send(xml);
  });
  await app.register(async (files) => {
    for (const type of ['application/xliff+xml', 'application/xml', 'text/xml'])
      files.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
    typed(files).route(translations.importXliff, async (request) =>
      importXliff(request.tenant, request.params.locale, request.body as string, request.session!, tools),
    );
  });
}
