import { z } from 'zod';
import { databaseId } from '../schemas/ids';
import {
  LocaleCodeSchema,
  TranslationDocumentSchema,
  NamedLocaleQuerySchema,
  TranslationSaveSchema,
} from '../schemas/locale';
import {
  CompareQuerySchema,
  CompareSchema,
  PageHistorySchema,
  SavedRevisionSchema,
  UnscheduledSchema,
} from '../schemas/revision';
import { RoutingParamsSchema, route, screenErrors } from './route';

/**
 * A page's translations (docs/design.md §28), for whoever may edit the page: its texts beside the source's, save in every
 * publish mode, history, restore, unschedule and compare, each in the language the call names. Apart from the
 * translations screen's calls (translations.ts): the editors load these on their first screen.
 */
const editor = { editsPage: { param: 'routing' } } as const;
const TranslationRevisionSchema = z.strictObject({
  locale: LocaleCodeSchema,
  revision: databaseId({ coerce: false, message: 'must be a revision number' }),
});

export const getTranslation = route({
  method: 'GET',
  path: '/api/master/translate/:routing',
  params: RoutingParamsSchema,
  query: NamedLocaleQuerySchema,
  reply: TranslationDocumentSchema,
  errors: screenErrors(404),
  access: editor,
  scope: 'content:write',
});
export const saveTranslation = route({
  method: 'POST',
  path: '/api/master/translate/:routing',
  params: RoutingParamsSchema,
  body: TranslationSaveSchema,
  reply: SavedRevisionSchema,
  errors: screenErrors(404, 409),
  access: editor,
  scope: 'content:write',
});
export const translationHistory = route({
  method: 'GET',
  path: '/api/master/translate/:routing/history',
  params: RoutingParamsSchema,
  query: NamedLocaleQuerySchema,
  reply: PageHistorySchema,
  errors: screenErrors(404),
  access: editor,
});
export const restoreTranslation = route({
  method: 'POST',
  path: '/api/master/translate/:routing/restore',
  params: RoutingParamsSchema,
  body: TranslationRevisionSchema,
  reply: SavedRevisionSchema,
  errors: screenErrors(404, 409),
  access: editor,
});
export const unscheduleTranslation = route({
  method: 'POST',
  path: '/api/master/translate/:routing/unschedule',
  params: RoutingParamsSchema,
  body: TranslationRevisionSchema,
  reply: UnscheduledSchema,
  errors: screenErrors(404, 409),
  access: editor,
});
export const compareTranslations = route({
  method: 'GET',
  path: '/api/master/translate/:routing/compare',
  params: RoutingParamsSchema,
  query: NamedLocaleQuerySchema.extend(CompareQuerySchema.shape),
  reply: CompareSchema,
  errors: screenErrors(404),
  access: editor,
});
