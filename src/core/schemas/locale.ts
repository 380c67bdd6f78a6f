import { z } from 'zod';
import { LIMITS, TEXT_KINDS } from './fields';
import { databaseId } from './ids';
import { publishFields, RevisionStatusSchema, ScheduledSchema } from './revision';

/**
 * The site in several languages (docs/design.md §28). Languages are company settings: the default locale, whose
 * documents are every page's source, and others, each holding translations of the source's texts.
 * Browser-safe: the languages screen, the translation editor and the server share these shapes.
 */

/** The most languages a site offers: a switcher of more would be a list nobody reads. */
export const MOST_LOCALES = 30;

/**
 * A BCP 47 language tag as Folio takes it: a language (2–3 lower-case letters), an optional script (`Latn`) and an
 * optional region (`IN`, `419`), in their usual case: `de`, `en-IN`, `hi`, `mr`, `zh-Hant-TW`.
 */
export const LOCALE_CODE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|\d{3}))?$/;

export const LOCALE_MESSAGES = {
  code: 'A language code is a BCP 47 tag such as de, en-IN or hi: two or three small letters, then optionally a region such as IN.',
  unknown: (code: string) => `The site has no language ${code}.`,
  isDefault: (code: string) =>
    `The language ${code} is the site's default, whose pages are the source: its pages are edited in their editors, not translated.`,
  duplicate: (code: string) => `The language ${code} is listed twice.`,
  defaultMissing: (code: string) =>
    `The default language ${code} must stay in the list: it is the language every page is written in first.`,
  defaultDisabled: (code: string) => `The default language ${code} cannot be turned off: visitors read the site in it.`,
  defaultTaken: (code: string) =>
    `The language ${code} has translations of its own: it cannot become the default language. Choose a language without translations.`,
  tooMany: `A site offers at most ${MOST_LOCALES} languages.`,
  stale: 'Someone saved the languages after you opened them. Reload to see their list, then make your change again.',
  name: 'Give every language a name of at most 60 characters, as visitors see it in the language switcher (Deutsch, हिन्दी).',
} as const;

export const LocaleCodeSchema = z
  .string()
  .trim()
  .max(35, { message: LOCALE_MESSAGES.code })
  .regex(LOCALE_CODE, { message: LOCALE_MESSAGES.code });

export const LocaleSchema = z.strictObject({
  code: LocaleCodeSchema,
  /** The language's own name, as the public switcher shows it (`Deutsch`). */
  name: z.string().trim().min(1, { message: LOCALE_MESSAGES.name }).max(60, { message: LOCALE_MESSAGES.name }),
  /** A disabled language keeps its translations but is not on the public site. */
  enabled: z.boolean(),
});
export type Locale = z.infer<typeof LocaleSchema>;

/**
 * `GET/POST /api/master/locales`: the default locale and every language, the default among them. The server
 * checks the rest (a default with translations of its own cannot become the default).
 */
export const LocaleSettingsSchema = z
  .strictObject({
    defaultLocale: LocaleCodeSchema,
    locales: z.array(LocaleSchema).min(1).max(MOST_LOCALES, { message: LOCALE_MESSAGES.tooMany }),
    /**
     * The settings' revision as read (GET answers it; 0 before the first save). A save that sends it back is
     * refused (409) when another save came in between, so that nobody's language is dropped unseen.
     */
    revision: databaseId({ coerce: false, zero: true }).optional(),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.locales.forEach((locale, index) => {
      if (seen.has(locale.code))
        context.addIssue({
          code: 'custom',
          message: LOCALE_MESSAGES.duplicate(locale.code),
          path: ['locales', index, 'code'],
        });
      seen.add(locale.code);
    });
    const main = value.locales.find((l) => l.code === value.defaultLocale);
    if (!main)
      context.addIssue({
        code: 'custom',
        message: LOCALE_MESSAGES.defaultMissing(value.defaultLocale),
        path: ['defaultLocale'],
      });
    else if (!main.enabled)
      context.addIssue({
        code: 'custom',
        message: LOCALE_MESSAGES.defaultDisabled(value.defaultLocale),
        path: ['defaultLocale'],
      });
  });
export type LocaleSettings = z.infer<typeof LocaleSettingsSchema>;

/**
 * The language a call names (docs/design.md §29): every call takes its code through LocaleCodeSchema, in one of these.
 * In a query where it may be left out (`?locale=de`; absent means the site's default language).
 */
export const LocaleQuerySchema = z.object({ locale: LocaleCodeSchema.optional() });
/** In a query of a call about one language, which names it (`?locale=de`). */
export const NamedLocaleQuerySchema = z.strictObject({ locale: LocaleCodeSchema });
/** In the address (`/api/master/xliff/de`). */
export const LocaleParamsSchema = z.strictObject({ locale: LocaleCodeSchema });

/**
 * One text of a page to translate: its place in the source document (`slideList.0.heading`, `seo.title`,
 * `header.Title`, `rows.2.Summary`), the editor's words for it, the source's text and the translation ('' none).
 */
export const TranslationUnitSchema = z.object({
  path: z.string(),
  label: z.string(),
  source: z.string(),
  target: z.string(),
  /** The source is HTML (rich text): the translation is too. */
  richText: z.boolean(),
  /**
   * How the source's field is edited, and so its translation (docs/design.md §34): one line, several lines, an accented
   * heading, rich text. Absent (site texts, pages made without code): one line unless the source is long.
   */
  kind: z.enum(TEXT_KINDS).optional(),
  /** The longest its translation may be, where it is not the field's own rule (a site text of a form: its limit). */
  max: z.number().int().optional(),
});
export type TranslationUnit = z.infer<typeof TranslationUnitSchema>;

/**
 * `GET /api/master/translate/:routing?locale=de` (also `GET /api/master/edit/:routing?locale=de`): a page's
 * translation as its editor shows it, from its newest revision in that locale, beside the source's published texts.
 */
export const TranslationDocumentSchema = z.object({
  locale: LocaleCodeSchema,
  /** The translation's newest revision (0 before its first save): a save sends it back (409 when stale). */
  revision: z.number().int(),
  status: RevisionStatusSchema,
  publishAt: z.string().nullable(),
  savedAt: z.string().nullable(),
  /** The translation's revision visitors see; null before its first publication (`/de/X1` redirects to `/X1`). */
  published: z.number().int().nullable(),
  scheduled: ScheduledSchema.nullable(),
  /** The number the translation's next save gets (revisions are numbered across the page's languages, docs/design.md §34). */
  nextRevision: z.number().int().optional(),
  /** The source's published revision the texts are shown from. */
  sourceRevision: z.number().int(),
  /** The source revision the newest translation was made from; null before the first save. */
  translatedFrom: z.number().int().nullable(),
  units: z.array(TranslationUnitSchema),
  /** The page in this locale: `/de/Home1`. */
  publicPath: z.string(),
});
export type TranslationDocument = z.infer<typeof TranslationDocumentSchema>;

/**
 * `POST /api/master/translate/:routing` (and the body of `POST /api/master/preview/:routing?locale=de`): the
 * translated texts by path, '' or absent for a text left to the source. Published, kept as a draft or scheduled
 * as `publish` says (docs/design.md §19); what the editor read beside them is accepted and ignored.
 */
export const TranslationSaveSchema = z.object({
  locale: LocaleCodeSchema,
  // The revision as read (0 before the first): a revision number, in the integer column's range (ids.ts).
  revision: databaseId({ coerce: false, zero: true }),
  texts: z.record(
    z.string().max(200),
    z.string().max(LIMITS.richText, { message: `must be at most ${LIMITS.richText} characters` }),
  ),
  ...publishFields,
});
export type TranslationSave = z.infer<typeof TranslationSaveSchema>;

/**
 * A page's translation in one locale on the translations screen: `missing` (none published), `outdated` (the
 * source was published again after it) or `current`; `draft` when a newer unpublished revision waits.
 */
export const TRANSLATION_STATUSES = ['missing', 'outdated', 'current'] as const;
export const TranslationStatusSchema = z.enum(TRANSLATION_STATUSES);
export type TranslationStatus = z.infer<typeof TranslationStatusSchema>;

/** `GET /api/master/translations`: every page with content and every language but the default. */
export const TranslationsOverviewSchema = z.object({
  defaultLocale: LocaleCodeSchema,
  locales: z.array(LocaleSchema),
  /** The site's own words (menu, footer, contact form) per language: see SiteTextsOverviewSchema. */
  siteTexts: z.lazy(() => SiteTextsOverviewSchema),
  /** The site's words the firm put in its own words in the default language (docs/design.md §34), of how many it may. */
  ownWords: z.object({ changed: z.number().int(), units: z.number().int() }),
  pages: z.array(
    z.object({
      routing: z.string(),
      name: z.string(),
      publicPath: z.string().nullable(),
      translations: z.array(
        z.object({
          locale: LocaleCodeSchema,
          status: TranslationStatusSchema,
          draft: z.boolean(),
          /** How many of the page's texts have a translation in the newest revision, of `units`. */
          translated: z.number().int(),
          units: z.number().int(),
        }),
      ),
    }),
  ),
});
export type TranslationsOverview = z.infer<typeof TranslationsOverviewSchema>;

/**
 * The site's own words (the public menu's labels, the footer's tagline, the contact form's words) in each language
 * but the default: edited at `GET/POST /api/master/sitetexts?locale=` in the shapes of a page's translation,
 * published when saved; in XLIFF, the file `folio-site-texts`.
 */
export const SiteTextsOverviewSchema = z.array(
  z.object({
    locale: LocaleCodeSchema,
    status: TranslationStatusSchema,
    translated: z.number().int(),
    units: z.number().int(),
  }),
);
export const SITE_TEXTS_FILE = 'folio-site-texts';

/** `POST /api/master/xliff/:locale`: what an import did. Nothing is published: each changed page gets a draft. */
export const XliffImportResultSchema = z.object({
  message: z.literal('Success'),
  /** Pages given a new draft, with how many texts changed. */
  pages: z.array(z.object({ routing: z.string(), changed: z.number().int(), revision: z.number().int() })),
  /** Units the site does not have (a text since removed from its page), by id: nothing was done with them. */
  unknownUnits: z.array(z.string()),
  /** Units whose source text changed since the file was exported, by id: left as they were, to translate again. */
  changedSources: z.array(z.string()),
});
export type XliffImportResult = z.infer<typeof XliffImportResultSchema>;

/** The public language switcher's links (docs/design.md §28): every language the page is published in, the current one marked. */
export interface PageLanguage {
  code: string;
  name: string;
  path: string;
  current: boolean;
}
