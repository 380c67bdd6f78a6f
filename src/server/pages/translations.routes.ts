import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LocaleCodeSchema, TranslationDocumentSchema, TranslationSaveSchema, TranslationsOverviewSchema, XliffImportResultSchema } from '../../core/schemas/locale';
import { exportXliff, importXliff, translationsOverview } from './translation-files.service';
import { CompareQuerySchema, CompareSchema, PageHistorySchema, SavedRevisionSchema, UnscheduledSchema } from '../../core/schemas/revision';
import { databaseId } from '../../core/schemas/ids';
import { screenReplies, typed } from '../http/contract';
import type { SaveTools } from './page-kind';
import {
  compareTranslations,
  restoreTranslation,
  saveTranslation,
  translationDocument,
  translationHistory,
  unscheduleTranslation,
} from './translations.service';

const RoutingParamsSchema = z.strictObject({ routing: z.string().min(1).max(100) });
const LocaleQuerySchema = z.strictObject({ locale: LocaleCodeSchema });
const TranslationRevisionSchema = z.strictObject({ locale: LocaleCodeSchema, revision: databaseId({ coerce: false, message: 'must be a revision number' }) });

/**
 * A page's translations (docs/design.md §28), for whoever may edit the page: its texts beside the source's, save in every
 * publish mode, history, restore, unschedule and compare, each in the language the call names.
 */
export async function translationRoutes(app: FastifyInstance, tools: SaveTools): Promise<void> {
  const api = typed(app);
  const editor = { access: { editsPage: { param: 'routing' } } } as const;
  api.get(
    '/api/master/translate/:routing',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: LocaleQuerySchema, response: screenReplies(TranslationDocumentSchema, [404]) } },
    async (request) => translationDocument(request.tenant, request.editedPage!, request.query.locale),
  );
  api.post(
    '/api/master/translate/:routing',
    { config: editor, schema: { params: RoutingParamsSchema, body: TranslationSaveSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
    async (request) => saveTranslation(request.tenant, request.editedPage!, request.body, request.session!, tools),
  );
  api.get(
    '/api/master/translate/:routing/history',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: LocaleQuerySchema, response: screenReplies(PageHistorySchema, [404]) } },
    async (request) => translationHistory(request.tenant, request.editedPage!, request.query.locale),
  );
  api.post(
    '/api/master/translate/:routing/restore',
    { config: editor, schema: { params: RoutingParamsSchema, body: TranslationRevisionSchema, response: screenReplies(SavedRevisionSchema, [404, 409]) } },
    async (request) => restoreTranslation(request.tenant, request.editedPage!, request.body.locale, request.body.revision, request.session!, tools.keepRevisions),
  );
  api.post(
    '/api/master/translate/:routing/unschedule',
    { config: editor, schema: { params: RoutingParamsSchema, body: TranslationRevisionSchema, response: screenReplies(UnscheduledSchema, [404, 409]) } },
    async (request) => unscheduleTranslation(request.tenant, request.editedPage!, request.body.locale, request.body.revision),
  );
  api.get(
    '/api/master/translate/:routing/compare',
    { config: editor, schema: { params: RoutingParamsSchema, querystring: LocaleQuerySchema.extend(CompareQuerySchema.shape), response: screenReplies(CompareSchema, [404]) } },
    async (request) => compareTranslations(request.tenant, request.editedPage!, request.query.locale, request.query.from, request.query.to),
  );
}

/**
 * The translations screen's calls (docs/design.md §28): where each page stands in each language, and a language's XLIFF
 * file out and back in. The import takes the file as it is (`application/xliff+xml`), in a context of its own.
 */
export async function translationFileRoutes(app: FastifyInstance, tools: SaveTools): Promise<void> {
  const api = typed(app);
  const screen = { access: { screen: 'translations' } } as const;
  api.get('/api/master/translations', { config: screen, schema: { response: screenReplies(TranslationsOverviewSchema) } }, async (request) =>
    translationsOverview(request.tenant),
  );
  api.get(
    '/api/master/xliff/:locale',
    { config: screen, schema: { params: LocaleParamsSchema, response: screenReplies(z.string().meta({ description: 'application/xliff+xml: XLIFF 2.0, a <file> per page, a <unit> per text.' })) } },
    async (request, reply) => {
      const { xml, fileName } = await exportXliff(request.tenant, request.params.locale);
      return reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').type('application/xliff+xml; charset=utf-8').send(xml);
    },
  );
  await app.register(async (files) => {
    for (const type of ['application/xliff+xml', 'application/xml', 'text/xml']) files.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    typed(files).post(
      '/api/master/xliff/:locale',
      {
        config: screen,
        schema: {
          params: LocaleParamsSchema,
          body: z
            .unknown()
            .refine((body) => typeof body === 'string', { message: XLIFF_TYPE_MESSAGE })
            .meta({ type: 'string', description: 'application/xliff+xml: the file exported for this language, with its targets translated.' }),
          response: screenReplies(XliffImportResultSchema, [415]),
        },
      },
      async (request) => importXliff(request.tenant, request.params.locale, request.body as string, request.session!, tools),
    );
  });
}

const LocaleParamsSchema = z.strictObject({ locale: z.string().max(40) });
const XLIFF_TYPE_MESSAGE = 'Send the XLIFF file as it is, with Content-Type application/xliff+xml.';
