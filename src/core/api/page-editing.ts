import { z } from 'zod';
import { LocaleQuerySchema, TranslationDocumentSchema } from '../schemas/locale';
import {
  CompareQuerySchema,
  CompareSchema,
  EditStateSchema,
  RestoreRevisionSchema,
  UnscheduledSchema,
} from '../schemas/revision';
import { RoutingParamsSchema, route, screenErrors } from './route';

/**
 * The calls every page editor makes (docs/design.md §19): any page's edit, unschedule and compare by its routing name in
 * the address. A file of their own: an editor's first screen carries their schemas only (the budget of
 * scripts/bundle-report.mjs), not the rest of pages.ts nor the built-in pages' schemas (built-in-pages.ts).
 */

/** The editor's document with its publishing state (docs/design.md §19): any page's document shape, plus EditState. */
export const EditDocumentSchema = EditStateSchema.extend({ revision: z.number().int() }).loose();

// Drafts, scheduling and compare (docs/design.md §19) for every page with content, by routing name in the address.
const byParam = { editsPage: { param: 'routing' } } as const;
/** `?locale=de`: the page's translation in that language, as `GET /api/master/translate/:routing` answers (docs/design.md §28). */
export const editDocument = route({
  method: 'GET',
  path: '/api/master/edit/:routing',
  params: RoutingParamsSchema,
  query: LocaleQuerySchema,
  reply: z.union([EditDocumentSchema, TranslationDocumentSchema]),
  errors: screenErrors(404),
  access: byParam,
  scope: 'content:write',
});
export const unschedule = route({
  method: 'POST',
  path: '/api/master/unschedule/:routing',
  params: RoutingParamsSchema,
  body: RestoreRevisionSchema,
  reply: UnscheduledSchema,
  errors: screenErrors(404, 409),
  access: byParam,
});
export const compare = route({
  method: 'GET',
  path: '/api/master/compare/:routing',
  params: RoutingParamsSchema,
  query: CompareQuerySchema,
  reply: CompareSchema,
  errors: screenErrors(404),
  access: byParam,
});
