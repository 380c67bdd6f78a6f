import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { Locale, TranslationsOverview } from '../../../../core/schemas/locale';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ScreenOf } from './screen-of';
import { useTranslationsOverview } from './api';
import {
  editorPath,
  pagesShown,
  STATUS_WORDS,
  textsTranslated,
  translatedLocales,
  translationOf,
  type OverviewPage,
} from './translation-overview';
import { SiteTexts } from './site-texts';
import { XliffExchange } from './xliff-exchange';
import './languages.css';

const column = createColumnHelper<OverviewPage>();

/** The page's name, a link to it on the public site when it has an address there. */
const PAGE_COLUMN: DataColumn<OverviewPage> = column.accessor('name', {
  header: 'Page',
  cell: ({ row }) =>
    row.original.publicPath ? <a href={row.original.publicPath}>{row.original.name}</a> : row.original.name,
});

/** One language's column: each cell the page's translation (status, texts translated, a draft waiting), a link to its editor in that language. */
function languageColumn(locale: Locale): DataColumn<OverviewPage> {
  return column.display({
    id: `locale-${locale.code}`,
    header: () => (
      <>
        <span lang={locale.code}>{locale.name}</span> <span className="language-code">{locale.code}</span>
        {locale.enabled ? null : <span className="translations-off"> (off the site)</span>}
      </>
    ),
    cell: ({ row }) => {
      const translation = translationOf(row.original, locale.code);
      return (
        <Link className="translation-cell" to={editorPath(row.original.routing, locale.code)}>
          <span className="visually-hidden">
            {row.original.name} in {locale.name}:{' '}
          </span>
          <span className={`status-badge translation-badge--${translation.status}`}>
            {STATUS_WORDS[translation.status]}
          </span>
          <span className="translation-cell__line">
            <span className="translation-cell__count">{textsTranslated(translation)}</span>
            {translation.draft ? <span className="translation-cell__draft">draft waiting</span> : null}
          </span>
        </Link>
      );
    },
  });
}

/**
 * translations (Administrators, docs/design.md §28): every page with content and its translation in each language but the
 * default: Missing, Outdated (the source was published since) or Current, how many texts are translated, and a
 * draft waiting; each cell opens the page's editor in that language. Only pages needing work, on request. The
 * site's own words (menu, footer, contact form) per language, translated here. Per language, the texts out as an
 * XLIFF file and a translated file back in.
 */
export default function TranslationsScreen() {
  return (
    <ScreenOf
      title="Translations"
      lead="How far each page is translated into each of the site’s languages. Open a cell to translate that page; or send a language’s texts to a translator as an XLIFF file."
      query={useTranslationsOverview()}
      loading="Loading the translations…"
    >
      {(overview) => <TranslationsBody overview={overview} />}
    </ScreenOf>
  );
}

function TranslationsBody({ overview }: { overview: TranslationsOverview }) {
  const headingId = useId();
  const [onlyNeedingWork, setOnlyNeedingWork] = useState(false);
  const locales = translatedLocales(overview);
  const columns = useMemo(() => [PAGE_COLUMN, ...translatedLocales(overview).map(languageColumn)], [overview]);
  const pageNames = useMemo(() => new Map(overview.pages.map((page) => [page.routing, page.name])), [overview.pages]);

  if (locales.length === 0) {
    const main = overview.locales.find((locale) => locale.code === overview.defaultLocale);
    return (
      <>
        <p className="app-panel translations-single">
          The site has only its default language, {main ? `${main.name} (${main.code})` : overview.defaultLocale}: there
          is nothing to translate yet. Add a language on the <Link to="/languages">Languages</Link> screen.
        </p>
        <SiteTexts overview={overview} locales={locales} />
      </>
    );
  }

  const rows = pagesShown(overview, onlyNeedingWork);
  return (
    <>
      <section className="languages-section" aria-labelledby={headingId}>
        <div className="translations-head">
          <h2 id={headingId}>Pages</h2>
          <label className="translations-filter" htmlFor="translations-needing-work">
            <input
              id="translations-needing-work"
              type="checkbox"
              checked={onlyNeedingWork}
              onChange={(event) => setOnlyNeedingWork(event.target.checked)}
            />{' '}
            Only pages needing work
          </label>
        </div>
        <p className="translations-legend">
          <strong>Missing</strong>: not published in the language yet. <strong>Outdated</strong>: the page was published
          again since its translation. <strong>Current</strong>: up to date. A draft waiting is a translation saved but
          not published.
        </p>
        <DataTable
          caption="Translations by page"
          columns={columns}
          rows={rows}
          getRowId={(row) => row.routing}
          status="success"
          emptyMessage={
            onlyNeedingWork
              ? 'Every page is translated, up to date and published in every language: nothing needs work.'
              : 'The site has no pages with content yet.'
          }
        />
      </section>
      <SiteTexts overview={overview} locales={locales} />
      <XliffExchange locales={locales} pageNames={pageNames} />
    </>
  );
}
