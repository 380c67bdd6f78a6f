import { z } from 'zod';
import { LocaleParamsSchema, TranslationsOverviewSchema, XliffImportResultSchema } from '../schemas/locale';
import { fileReply, route, screenErrors } from './route';

// The translations screen's calls (docs/design.md §28): where each page stands in each language, and a language's
// XLIFF file out and back in (the import takes the file as it is, `application/xliff+xml`).
const screen = { screen: 'translations' } as const;
export const XLIFF_TYPE_MESSAGE = 'Send the XLIFF file as it is, with Content-Type application/xliff+xml.';

export const translationsOverview = route({
  method: 'GET',
  path: '/api/master/translations',
  reply: TranslationsOverviewSchema,
  errors: screenErrors(),
  access: screen,
});
export const exportXliff = route({
  method: 'GET',
  path: '/api/master/xliff/:locale',
  params: LocaleParamsSchema,
  reply: fileReply('application/xliff+xml: XLIFF 2.0, a <file> per page, a <unit> per text.'),
  replyType: 'application/xliff+xml',
  errors: screenErrors(),
  access: screen,
});
export const importXliff = route({
  method: 'POST',
  path: '/api/master/xliff/:locale',
  params: LocaleParamsSchema,
  body: z
    .unknown()
    .refine((body) => typeof body === 'string', { message: XLIFF_TYPE_MESSAGE })
    .meta({
      type: 'string',
      description: 'application/xliff+xml: the file exported for this language, with its targets translated.',
    }),
  bodyType: 'application/xliff+xml',
  reply: XliffImportResultSchema,
  errors: screenErrors(415),
  access: screen,
});
