import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LocaleSettingsSchema, TranslationDocumentSchema } from '../../../../core/schemas/locale';
import type { LocaleSettings, TranslationDocument, TranslationSave } from '../../../../core/schemas/locale';
import { api } from '../../lib/api';
import type { HistoryCalls } from '../history-calls';
import type { SaveAnswer } from '../page-document';
import { localeSettings } from '../../../../core/api/locales';
import * as translationsApi from '../../../../core/api/translation-editing';

/**
 * The translation editor's calls (docs/design.md §28): the site's languages, a page's translation in one language, its
 * save, history, restore, compare and unschedule. Answers the editor depends on are read through core's schemas.
 */

export const LOCALES_KEY = ['locales'] as const;

/** The site's languages (any signed-in staff may read them); the editors' Language choice and the switch to a translation. */
export function useLocales(enabled = true) {
  return useQuery({
    queryKey: LOCALES_KEY,
    queryFn: async () => LocaleSettingsSchema.parse(await api(localeSettings)),
    staleTime: 60_000,
    enabled,
  });
}

/** The languages in the order the editors offer them: the default first, the others as the settings list them. */
export function languageChoices(settings: LocaleSettings): LocaleSettings['locales'] {
  const main = settings.locales.filter((locale) => locale.code === settings.defaultLocale);
  return [...main, ...settings.locales.filter((locale) => locale.code !== settings.defaultLocale)];
}

/** The editor's language in its address (`?locale=de`); absent: the default, the page's own editor. */
export const LOCALE_PARAM = 'locale';

/**
 * Which language an editor shows: `{locale: null}` for the page's source (no `?locale=`, or the default's code),
 * `{locale: 'de'}` for a translation, `{pending: true}` while the languages load and the address names one.
 */
export function useEditorLocale(): { pending: boolean; locale: string | null } {
  const [params] = useSearchParams();
  const asked = params.get(LOCALE_PARAM);
  const locales = useLocales();
  if (!asked) return { pending: false, locale: null };
  if (locales.data) return { pending: false, locale: asked === locales.data.defaultLocale ? null : asked };
  // The languages could not be read: the translation's own call says what is wrong with the language asked for.
  return locales.isError ? { pending: false, locale: asked } : { pending: true, locale: null };
}

/** A page's translation in one language, as its editor shows it (its texts beside the source's). */
export async function loadTranslation(routing: string, locale: string): Promise<TranslationDocument> {
  return TranslationDocumentSchema.parse(
    await api(translationsApi.getTranslation, { params: { routing }, query: { locale } }),
  );
}

/** Saves a translation: published, kept as a draft or scheduled as `publish` says (a SavedRevision, as every save). */
export function saveTranslation(routing: string, body: TranslationSave): Promise<SaveAnswer> {
  return api(translationsApi.saveTranslation, { params: { routing }, body });
}

/** Cancels the translation's waiting schedule: that revision stays a draft. */
export function unscheduleTranslation(routing: string, locale: string, revision: number) {
  return api(translationsApi.unscheduleTranslation, { params: { routing }, body: { locale, revision } });
}

/** The history panel's calls for one language of a page: its own revisions, restore and compare. */
export function translationHistory(routing: string, locale: string): HistoryCalls {
  return {
    key: ['page-history', routing, locale],
    list: () => api(translationsApi.translationHistory, { params: { routing }, query: { locale } }),
    restore: (revision) => api(translationsApi.restoreTranslation, { params: { routing }, body: { locale, revision } }),
    compare: (from, to) =>
      api(translationsApi.compareTranslations, { params: { routing }, query: { locale, from, to } }),
  };
}
