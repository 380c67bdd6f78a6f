import {
  NamedLocaleQuerySchema,
  LocaleSettingsSchema,
  TranslationDocumentSchema,
  TranslationSaveSchema,
} from '../schemas/locale';
import { SavedRevisionSchema } from '../schemas/revision';
import { route, screenErrors } from './route';

/**
 * The site's languages (docs/design.md §28): read by any member of staff (every page editor offers the languages),
 * changed on the languages screen; the site's own words in another language on the translations screen.
 */
export const localeSettings = route({
  method: 'GET',
  path: '/api/master/locales',
  reply: LocaleSettingsSchema,
  errors: screenErrors(),
  access: { signedIn: true },
});
export const saveLocaleSettings = route({
  method: 'POST',
  path: '/api/master/locales',
  body: LocaleSettingsSchema,
  reply: LocaleSettingsSchema,
  errors: screenErrors(409),
  access: { screen: 'languages' },
});
export const siteTexts = route({
  method: 'GET',
  path: '/api/master/sitetexts',
  query: NamedLocaleQuerySchema,
  reply: TranslationDocumentSchema,
  errors: screenErrors(),
  access: { screen: 'translations' },
});
export const saveSiteTexts = route({
  method: 'POST',
  path: '/api/master/sitetexts',
  body: TranslationSaveSchema,
  reply: SavedRevisionSchema,
  errors: screenErrors(409),
  access: { screen: 'translations' },
});
