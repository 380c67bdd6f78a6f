import type { FastifyInstance } from 'fastify';
import * as locales from '../../core/api/locales';
import { typed } from '../http/contract';
import { localeSettings, saveLocaleSettings } from './locales.service';
import { saveSiteTexts, siteTextsDocument } from './site-texts.service';

/**
 * The site's languages (docs/design.md §28). Read by any member of staff (every page editor offers the languages);
 * changed on the languages screen (Administrators).
 */
export async function localeRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(locales.localeSettings, async (request) => localeSettings(request.tenant));
  api.route(locales.saveLocaleSettings, async (request) => saveLocaleSettings(request.tenant, request.body));
  // The site's own words in another language (menu, footer, contact form): on the translations screen.
  api.route(locales.siteTexts, async (request) => siteTextsDocument(request.tenant, request.query.locale));
  api.route(locales.saveSiteTexts, async (request) => saveSiteTexts(request.tenant, request.body, request.session!));
}
