import { useCallback, useId, useMemo, useState } from 'react';
import type { TranslationDocument } from '../../../../core/schemas/locale';
import { previewPath } from '../../../../core/schemas/revision';
import { EditorFrame } from '../editor-frame';
import type { ViewPageLink } from '../editor-frame';
import { useEditableDocument } from '../page-document';
import type { DocumentSource } from '../page-document';
import { NO_SEO_DEFAULTS } from '../publishing-state';
import {
  LOCALE_PARAM,
  loadTranslation,
  saveTranslation,
  translationHistory,
  unscheduleTranslation,
  useLocales,
} from './api';
import { LanguageSelect } from './language-select';
import {
  copyOf,
  publishingStateOf,
  textsToSend,
  translatedCount,
  translationSave,
  unitInputId,
  unitPathOf,
  withText,
} from './translation-copy';
import type { TranslationCopy } from './translation-copy';
import { TranslationRow } from './translation-row';
import '../../../styles/translation-editor.css';

export interface TranslationEditorProps {
  /** The page's routing name (`Home`, an Autowired page's name). */
  routing: string;
  locale: string;
  /** The page's name, as its editor's title says it. */
  pageName: string;
  /** The page's public address in the default language (`/Home1`): its preview; null for a page without a public twin. */
  sourcePath: string | null;
  /** View Page opens a new tab (an Autowired page's does). */
  viewInNewTab?: boolean;
}

/**
 * Where a translation comes from and goes to (docs/design.md §28): the translate call of the page in one language, its
 * save, and its unschedule. `onLoaded` is told each document read (the rows show its sources and labels).
 */
function translationSource(
  routing: string,
  locale: string,
  onLoaded: (document: TranslationDocument) => void,
): DocumentSource<TranslationCopy> {
  let units: TranslationDocument['units'] = [];
  return {
    queryKey: ['page-document', 'translation', routing, locale],
    draftName: `${routing}?${LOCALE_PARAM}=${locale}`,
    routing,
    load: async () => {
      const document = await loadTranslation(routing, locale);
      units = document.units;
      onLoaded(document);
      return { document: copyOf(document), state: publishingStateOf(document), seoDefaults: NO_SEO_DEFAULTS };
    },
    save: (copy, publish) => saveTranslation(routing, translationSave(copy, publish)),
    prepare: (copy) => textsToSend(copy, units),
    unschedule: (revision) => unscheduleTranslation(routing, locale, revision),
  };
}

/**
 * A page's editor in another language than the default (`?locale=de`, docs/design.md §28): each of the page's texts, its
 * source beside its translation, in the editor frame every page has (publish, draft, schedule, history, the
 * preview pane of the page in that language, leaving asks first). What is left empty shows the source's text.
 */
export function TranslationEditor({
  routing,
  locale,
  pageName,
  sourcePath,
  viewInNewTab = false,
}: TranslationEditorProps) {
  const [loaded, setLoaded] = useState<TranslationDocument | null>(null);
  const source = useMemo(() => translationSource(routing, locale, setLoaded), [routing, locale]);
  const editor = useEditableDocument(source);
  const history = useMemo(() => translationHistory(routing, locale), [routing, locale]);
  const locales = useLocales().data;
  const headingId = useId();
  const units = useMemo(() => loaded?.units ?? [], [loaded]);
  const describeField = useCallback((path: string) => units.find((unit) => unit.path === path)?.label ?? path, [units]);

  const named = (code: string) => locales?.locales.find((entry) => entry.code === code)?.name ?? code;
  const targetName = named(locale);
  const sourceName = locales ? named(locales.defaultLocale) : 'Source';
  const idPrefix = `translation-${routing.toLowerCase()}`;
  const viewPage: ViewPageLink | null = sourcePath && loaded ? { href: loaded.publicPath, newTab: viewInNewTab } : null;
  const pointer = editor.refusal ? unitPathOf(editor.refusal.path, units) : null;
  // (Once saved on this visit, the translation is made from the source shown.)
  const outdated =
    loaded &&
    loaded.translatedFrom !== null &&
    loaded.translatedFrom < loaded.sourceRevision &&
    editor.revision === loaded.revision;

  const lead = (
    <>
      Translate the page&apos;s texts into {targetName}, then publish them, or save them as a draft to preview them
      first or to schedule them. A text left empty shows visitors the {sourceName} one; numbers, dates, pictures and the
      lists&apos; entries always come from the source. Until you save, your edits stay in this browser only.
    </>
  );

  return (
    <EditorFrame<TranslationCopy>
      editor={editor}
      routing={routing}
      title={`${pageName} editor: ${targetName}`}
      lead={lead}
      viewPage={viewPage}
      previewHref={
        sourcePath ? `${previewPath(sourcePath)}?${new URLSearchParams({ [LOCALE_PARAM]: locale }).toString()}` : null
      }
      history={history}
      describeField={describeField}
      language={<LanguageSelect />}
      locale={locale}
      notices={() =>
        outdated ? (
          <div className="app-notice editor-notice" role="status">
            <p>
              The {sourceName} page was published again since this translation was saved: check the texts beside their
              new source before you publish.
            </p>
          </div>
        ) : null
      }
    >
      {(copy) => (
        <section className="app-panel editor-block translation-editor" aria-labelledby={headingId}>
          <div className="translation-editor__head">
            <h2 className="editor-block__title" id={headingId}>
              Texts to translate
            </h2>
            <p className="translation-editor__count">
              {translatedCount(copy, units)} of {units.length} translated
            </p>
          </div>
          {units.length === 0 ? (
            <p className="editor-block__intro">This page has no texts to translate yet.</p>
          ) : (
            <div className="translation-editor__rows">
              {units.map((unit) => (
                <TranslationRow
                  key={unit.path}
                  unit={unit}
                  id={unitInputId(idPrefix, unit.path)}
                  value={copy.texts[unit.path] ?? ''}
                  sourceName={sourceName}
                  targetName={targetName}
                  onChange={(text) => editor.update((current) => withText(current, unit.path, text))}
                  pointer={pointer === unit.path ? editor.refusal : null}
                />
              ))}
            </div>
          )}
        </section>
      )}
    </EditorFrame>
  );
}
