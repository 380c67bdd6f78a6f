import type { FastifyInstance } from 'fastify';
import { LocaleSettingsSchema } from '../../core/schemas/locale';
import { screenReplies, typed } from '../http/contract';
import { localeSettings, saveLocaleSettings } from './locales.service';

/**
 * The site's languages (DESIGN §28). Read by any member of staff (every page editor offers the languages);
 * changed on the languages screen (Administrators).
 */
export async function localeRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.get('/api/master/locales', { config: { access: { signedIn: true } }, schema: { response: screenReplies(LocaleSettingsSchema) } }, async (request) =>
    localeSettings(request.tenant),
  );
  api.post(
    '/api/master/locales',
    { config: { access: { screen: 'languages' } }, schema: { body: LocaleSettingsSchema, response: screenReplies(LocaleSettingsSchema) } },
    async (request) => saveLocaleSettings(request.tenant, request.body),
  );
}
