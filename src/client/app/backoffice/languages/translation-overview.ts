import {
  SITE_TEXTS_FILE,
  type TranslationsOverview,
  type TranslationStatus,
  type XliffImportResult,
} from '../../../../core/schemas/locale';

/** The translations screen's reading of the overview (docs/design.md §28): its columns, its filter, its cells' words. */

export type OverviewPage = TranslationsOverview['pages'][number];
export type PageTranslation = OverviewPage['translations'][number];

/** How a status reads on the screen. */
export const STATUS_WORDS: Record<TranslationStatus, string> = {
  missing: 'Missing',
  outdated: 'Outdated',
  current: 'Current',
};

/** The languages the table has a column for: every one but the default, in the site's order. */
export const translatedLocales = (overview: TranslationsOverview) =>
  overview.locales.filter((locale) => locale.code !== overview.defaultLocale);

/** A page's translation in one language (none yet: missing, nothing translated). */
export function translationOf(page: OverviewPage, code: string): PageTranslation {
  return (
    page.translations.find((translation) => translation.locale === code) ?? {
      locale: code,
      status: 'missing',
      draft: false,
      translated: 0,
      units: 0,
    }
  );
}

/** Missing, outdated, or a draft waiting to be published: someone has something to do. */
export const needsWork = (translation: PageTranslation) => translation.status !== 'current' || translation.draft;

/** The pages the table shows: all, or only those with a translation needing work in a language of the table. */
export function pagesShown(overview: TranslationsOverview, onlyNeedingWork: boolean): OverviewPage[] {
  if (!onlyNeedingWork) return overview.pages;
  const codes = translatedLocales(overview).map((locale) => locale.code);
  return overview.pages.filter((page) => codes.some((code) => needsWork(translationOf(page, code))));
}

/** The page's editor in a language: the editor's own address (`/Home`, `/Careers`) with `?locale=`. */
export const editorPath = (routing: string, code: string) => `/${routing}?locale=${encodeURIComponent(code)}`;

/** "3 of 12 texts" as a cell says it. */
export const textsTranslated = ({ translated, units }: Pick<PageTranslation, 'translated' | 'units'>) =>
  `${translated}/${units} ${units === 1 ? 'text' : 'texts'}`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The pages an import gave a draft: every one the result names but the file of the site's own words. */
export const draftedPages = (result: XliffImportResult) =>
  result.pages.filter((page) => page.routing !== SITE_TEXTS_FILE);

/** What an XLIFF import did, in sentences: the pages given a draft, the site's own words published, then what was left alone and why. */
export function importSummary(result: XliffImportResult): {
  drafts: string;
  siteWords: string | null;
  unknown: string | null;
  changed: string | null;
} {
  const drafted = draftedPages(result);
  const words = result.pages.find((page) => page.routing === SITE_TEXTS_FILE);
  const changedTexts = drafted.reduce((sum, page) => sum + page.changed, 0);
  return {
    drafts:
      result.pages.length === 0
        ? 'Nothing changed: every translation in the file is already on the site.'
        : drafted.length === 0
          ? 'No page changed.'
          : `${plural(drafted.length, 'page has', 'pages have')} a new draft with ${plural(changedTexts, 'text', 'texts')} from the file. Open each to check it and publish.`,
    siteWords: words
      ? `The site’s own words: ${plural(words.changed, 'text', 'texts')} from the file, published.`
      : null,
    unknown:
      result.unknownUnits.length === 0
        ? null
        : `${plural(result.unknownUnits.length, 'text', 'texts')} of the file the site no longer has (removed from their page since) ${result.unknownUnits.length === 1 ? 'was' : 'were'} left out.`,
    changed:
      result.changedSources.length === 0
        ? null
        : `${plural(result.changedSources.length, 'text has', 'texts have')} changed in the source since the file was made: ${result.changedSources.length === 1 ? 'its translation was' : 'their translations were'} left as ${result.changedSources.length === 1 ? 'it was' : 'they were'}, to translate again.`,
  };
}
