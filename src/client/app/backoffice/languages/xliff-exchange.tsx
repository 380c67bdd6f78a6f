import { useId } from 'react';
import { Link } from 'react-router';
import { Download, Upload } from 'lucide-react';
import type { Locale, XliffImportResult } from '../../../../core/schemas/locale';
import { FileField, useFileImport } from '../../components/use-file-import';
import { RefusalBox, StaffForm, SubmitButton } from '../../components/staff-form';
import { useImportXliff, xliffPath } from './api';
import { draftedPages, editorPath, importSummary } from './translation-overview';

/** Ids of the file's units as a short list under their sentence (a few; the rest counted). */
const SHOWN_IDS = 8;

function UnitIds({ ids, label }: { ids: readonly string[]; label: string }) {
  return (
    <ul className="xliff-result__ids" aria-label={label}>
      {ids.slice(0, SHOWN_IDS).map((id) => (
        <li key={id}>
          <code>{id}</code>
        </li>
      ))}
      {ids.length > SHOWN_IDS ? <li>and {ids.length - SHOWN_IDS} more</li> : null}
    </ul>
  );
}

/** What an import did: the pages given a draft (each a link to its editor in the language), then what was left. */
function ImportOutcome({
  result,
  code,
  pageNames,
}: {
  result: XliffImportResult;
  code: string;
  pageNames: ReadonlyMap<string, string>;
}) {
  const summary = importSummary(result);
  const drafted = draftedPages(result);
  return (
    <>
      <p className="xliff-result__summary">{summary.drafts}</p>
      {drafted.length > 0 ? (
        <ul className="xliff-result__pages" aria-label="Pages with a new draft">
          {drafted.map((page) => (
            <li key={page.routing}>
              <Link to={editorPath(page.routing, code)}>{pageNames.get(page.routing) ?? page.routing}</Link> (
              {page.changed} {page.changed === 1 ? 'text' : 'texts'})
            </li>
          ))}
        </ul>
      ) : null}
      {summary.siteWords ? <p>{summary.siteWords}</p> : null}
      {summary.unknown ? (
        <>
          <p>{summary.unknown}</p>
          <UnitIds ids={result.unknownUnits} label="Texts the site no longer has" />
        </>
      ) : null}
      {summary.changed ? (
        <>
          <p>{summary.changed}</p>
          <UnitIds ids={result.changedSources} label="Texts whose source changed" />
        </>
      ) : null}
    </>
  );
}

/**
 * One language's XLIFF exchange: Download XLIFF (a plain link: the browser downloads the file with the session
 * cookie) and Upload translated XLIFF (the file's text sent as it is); the outcome, or the server's sentence
 * for a file it refuses (malformed, cut short, another site's), under it.
 */
function XliffLanguage({ locale, pageNames }: { locale: Locale; pageNames: ReadonlyMap<string, string> }) {
  const headingId = useId();
  const fileId = useId();
  const importXliff = useImportXliff();
  const { form, answer: result } = useFileImport(
    (text) => importXliff.mutateAsync({ code: locale.code, text }),
    `Choose the translated XLIFF file for ${locale.name}.`,
  );

  return (
    <li className="xliff-language">
      <h3 id={headingId}>
        <span lang={locale.code}>{locale.name}</span> <span className="language-code">{locale.code}</span>
      </h3>
      <p>
        <a className="button button--outline" href={xliffPath(locale.code)} download>
          <Download className="button__icon" aria-hidden="true" focusable="false" />
          Download XLIFF<span className="visually-hidden"> for {locale.name}</span>
        </a>
      </p>
      <StaffForm form={form} className="app-form xliff-language__form">
        <FileField
          id={fileId}
          label={`Translated XLIFF file for ${locale.name}`}
          accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
        />
        <div className="app-actions">
          <SubmitButton busy={form.busy} icon={Upload}>
            Upload translated XLIFF<span className="visually-hidden"> for {locale.name}</span>
          </SubmitButton>
        </div>
      </StaffForm>
      {/* Always there, so that what it comes to say is read out. */}
      <div className="xliff-result" role="status">
        {result ? <ImportOutcome result={result} code={locale.code} pageNames={pageNames} /> : null}
      </div>
      <RefusalBox message={form.refusal} />
    </li>
  );
}

/**
 * Work with a translator: per language, the site's texts to translate as an XLIFF 2.0 file, and the translated
 * file back in. An import stores a draft of each page whose texts changed, and publishes the site's own words (they
 * have no drafts): the screen says both (docs/design.md §34).
 */
export function XliffExchange({
  locales,
  pageNames,
}: {
  locales: readonly Locale[];
  pageNames: ReadonlyMap<string, string>;
}) {
  const headingId = useId();
  return (
    <section className="app-panel languages-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Work with a translator (XLIFF)</h2>
      <p>
        Download a language’s file of every page’s texts and the site’s own words, have it translated in any translation
        tool that reads XLIFF 2.0, and upload it back. Each page whose texts changed gets a draft in that language: open
        it, check it and publish. The site’s own words (menu labels, footer line, contact form) have no drafts: the
        upload publishes them at once.
      </p>
      <ul className="xliff-languages">
        {locales.map((locale) => (
          <XliffLanguage key={locale.code} locale={locale} pageNames={pageNames} />
        ))}
      </ul>
    </section>
  );
}
