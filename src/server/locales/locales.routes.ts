import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LocaleCodeSchema, LocaleSettingsSchema, TranslationDocumentSchema, TranslationSaveSchema } from '../../core/schemas/locale';
import { SavedRevisionSchema } from '../../core/schemas/revision';
import { screenReplies, typed } from '../http/contract';
import { localeSettings, saveLocaleSettings } from './locales.service';
import { saveSiteTexts, siteTextsDocument } from './site-texts.service';

/**
 * The site's languages (docs/design.md §28). Read by any member of staff (every page editor offers the languages);
 * changed on the languages screen (Administrators).
 */
export async function localeRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.get('/api/master/locales', { config: { access: { signedIn: true } }, schema: { response: screenReplies(LocaleSettingsSchema) } }, async (request) =>
    localeSettings(request.tenant),
  );
  api.post(
    '/api/master/locales',
    { config: { access: { screen: 'languages' } }, schema: { body: LocaleSettingsSchema, response: screenReplies(LocaleSettingsSchema, [409]) } },
    async (request) => saveLocaleSettings(request.tenant, request.body),
  );
  // The site's own words in another language (menu, footer, contact form): on the translations screen.
  const translations = { access: { screen: 'translations' } } as const;
  api.get(
    '/api/master/sitetexts',
    { config: translations, schema: { querystring: z.strictObject({ locale: LocaleCodeSchema }), response: screenReplies(TranslationDocumentSchema) } },
    async (request) => siteTextsDocument(request.tenant, request.query.locale),
  );
  api.post(
    '/api/master/sitetexts',
    { config: translations, schema: { body: TranslationSaveSchema, response: screenReplies(SavedRevisionSchema, [409]) } },
    async (request) => saveSiteTexts(request.tenant, request.body, request.session!),
  );
}
