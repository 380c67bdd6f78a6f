import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LocaleSettingsSchema,
  TranslationDocumentSchema,
  TranslationsOverviewSchema,
  XliffImportResultSchema,
  type LocaleSettings,
  type TranslationSave,
} from '../../../../core/schemas/locale';
import { SavedRevisionSchema } from '../../../../core/schemas/revision';
import { api, apiUrl } from '../../lib/api';
import { LOCALES_KEY } from '../../editors/translation/api';
import { saveLocaleSettings, saveSiteTexts, siteTexts } from '../../../../core/api/locales';
import * as translationsApi from '../../../../core/api/translations';

/** The site's languages as stored: the translation editor's query, which the editors' Language choice reads too. */
export { useLocales } from '../../editors/translation/api';

/**
 * The languages feature's calls (docs/design.md §28): the site's languages and saving them, every page's translations
 * by language, and XLIFF files out and in. Each answer is read through its core schema (core/schemas/locale.ts).
 */

/** The translations screen's overview: a change of languages or an import changes it. */
export const TRANSLATIONS_KEY = ['translations'] as const;

/** The XLIFF file of every page's texts in one language: a plain link the browser downloads with the session cookie. */
export const xliffPath = (code: string) => apiUrl(translationsApi.exportXliff, { params: { locale: code } });

/** The XLIFF 2.0 media type the server takes an import as. */
export const XLIFF_TYPE = translationsApi.importXliff.bodyType;

/** Stores the whole list; a refusal is an ApiError naming its field (`locales.2.code`, `defaultLocale`). */
export function useSaveLocales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: LocaleSettings) =>
      LocaleSettingsSchema.parse(await api(saveLocaleSettings, { body: settings })),
    onSuccess: (stored) => {
      queryClient.setQueryData(LOCALES_KEY, stored);
      void queryClient.invalidateQueries({ queryKey: LOCALES_KEY });
      void queryClient.invalidateQueries({ queryKey: TRANSLATIONS_KEY });
    },
  });
}

/** Every page with content and its translation in each language but the default. */
export function useTranslationsOverview() {
  return useQuery({
    queryKey: TRANSLATIONS_KEY,
    queryFn: async () => TranslationsOverviewSchema.parse(await api(translationsApi.translationsOverview)),
  });
}

/** Imports a translated XLIFF file's text: each page with changed texts gets a draft; nothing is published. */
export function useImportXliff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, text }: { code: string; text: string }) =>
      XliffImportResultSchema.parse(await api(translationsApi.importXliff, { params: { locale: code }, body: text })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSLATIONS_KEY }),
  });
}

const siteTextsKey = (code: string) => ['sitetexts', code] as const;

/** The site's own words (menu labels, footer tagline, contact form) in one language, beside the default's. */
export function useSiteTexts(code: string) {
  return useQuery({
    queryKey: siteTextsKey(code),
    queryFn: async () => TranslationDocumentSchema.parse(await api(siteTexts, { query: { locale: code } })),
  });
}

/** Stores and publishes a language's translations of the site's own words; 409 when someone saved since `revision`. */
export function useSaveSiteTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: TranslationSave) => SavedRevisionSchema.parse(await api(saveSiteTexts, { body: save })),
    onSuccess: (_saved, save) => {
      void queryClient.invalidateQueries({ queryKey: siteTextsKey(save.locale) });
      void queryClient.invalidateQueries({ queryKey: TRANSLATIONS_KEY });
    },
  });
}
