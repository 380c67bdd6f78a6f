import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { autowiredRules, detailParameters, headerParameters } from '../../../core/page-defs/autowired-document';
import type { AutowiredDocument } from '../../../core/page-defs/autowired-document';
import type { PageRecord } from '../../../core/page-defs/page-definition';
import { autowiredImageFolder } from '../../../core/media/image-names';
import type { Parameter } from '../../../core/page-defs/parameter';
import { ApiError, api, errorMessage, useSession } from '../lib/api';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { NotAllowed } from '../guard';
import NotFoundPage from '../pages/not-found-page';
import {
  autowiredSaveProblem,
  editableDocument,
  entryFieldOf,
  inSequence,
  removedValues,
  rowSchema,
  withoutRemoved,
} from './autowired-fields';
import type { AutowiredValues, RemovedValue } from './autowired-fields';
import { EDITOR_LEAD, EditorFrame } from './editor-frame';
import { EntryInput } from './entry-input';
import { inputsOf, liveValue, plainText, toInputText, withInput } from './entry-fields';
import type { EntryField, EntryInputs } from './entry-fields';
import { useMasterChoices } from './master-choices';
import { useFormChoices } from './form-choices';
import { compareRevisions } from './history-calls';
import type { HistoryCalls } from './history-calls';
import { SeoPanel } from './seo-panel-lazy';
import { ListEditor, focusField } from './list-editor';
import { pageFieldDescriber } from './preview/field-names';
import type { SaveRefusal } from './save-messages';
import { loadEdited, useEditableDocument } from './page-document';
import { splitLoaded } from './publishing-state';
import type { DocumentSource } from './page-document';
import { LanguageChoice } from './translation/language-choice';
import { LanguageSelect } from './translation/language-select';
import '../../styles/autowired-editor.css';
import * as pagesApi from '../../../core/api/pages';

/** What getpagedefinition answers: the page and its parameters (its caller's menu holds the page). */
interface PageDefinition {
  page: PageRecord;
  parameters: Parameter[];
}

/** The page's own seo fields kept beside what the parameters decide (docs/design.md §20), when the document has them. */
const withSeo = (doc: AutowiredDocument, from: { seo?: unknown }): AutowiredDocument =>
  from.seo && typeof from.seo === 'object' ? { ...doc, seo: from.seo as AutowiredDocument['seo'] } : doc;

/** An Autowired page's content calls (docs/design.md §13, §19): the editor's read, and savepagecontent with `publish`. */
function autowiredSource(routing: string, parameters: readonly Parameter[]): DocumentSource<AutowiredDocument> {
  return {
    queryKey: ['page-document', 'autowired', routing],
    draftName: routing,
    routing,
    load: async () => {
      const loaded = splitLoaded(await loadEdited<AutowiredDocument>(routing));
      return { ...loaded, document: withSeo(editableDocument(loaded.document, parameters), loaded.document) };
    },
    save: (document, publish) =>
      api(pagesApi.savePageContent, { body: { commonrouting: routing, document: { ...document }, publish } }),
    // The server refuses fields it does not know: values of removed parameters go on Save.
    prepare: (doc) => withSeo(withoutRemoved(doc, parameters), doc),
  };
}

function autowiredHistory(routing: string): HistoryCalls {
  return {
    key: ['page-history', 'autowired', routing],
    list: () => api(pagesApi.getPageHistory, { body: { commonrouting: routing } }),
    restore: (revision) => api(pagesApi.restorePage, { body: { commonrouting: routing, revision } }),
    compare: (from, to) => compareRevisions(routing, from, to),
  };
}

const REMOVED_SHOWN = 20;

/** Values of parameters the page no longer has: shown, and dropped on the next Save (nothing goes silently). */
function RemovedNotice({ removed }: { removed: RemovedValue[] }) {
  const headingId = useId();
  if (removed.length === 0) return null;
  const shown = removed.slice(0, REMOVED_SHOWN);
  const excerpt = (text: string) => {
    const plain = plainText(text);
    return plain.length > 80 ? `${plain.slice(0, 79).trimEnd()}…` : plain;
  };
  return (
    <section className="app-notice editor-notice autowired-removed" aria-labelledby={headingId}>
      <h2 id={headingId} className="autowired-removed__title">
        Removed fields
      </h2>
      <p>
        These values belong to fields this page no longer has (its fields were changed). They are not shown on the
        public page and are dropped when you save.
      </p>
      <ul className="autowired-removed__list">
        {shown.map((item, index) => (
          <li key={index}>
            <span className="autowired-removed__place">
              {item.entry === null ? item.name : `Entry ${item.entry}: ${item.name}`}
            </span>{' '}
            <span className="autowired-removed__tag">(removed)</span>: {excerpt(item.value)}
          </li>
        ))}
      </ul>
      {removed.length > shown.length ? <p>…and {removed.length - shown.length} more.</p> : null}
    </section>
  );
}

/** One header parameter, bound to the document's header (the other header fields are its siblings). */
function HeaderField({
  field,
  id,
  header,
  siblings,
  onChange,
  refusal,
}: {
  field: EntryField<AutowiredValues>;
  id: string;
  header: AutowiredValues;
  siblings: EntryInputs;
  onChange: (name: string, text: string) => void;
  /** The save's refusal; shown here when it names this field (`document.header.<name>`, docs/design.md §25). */
  refusal: SaveRefusal | null;
}) {
  const refused = refusal?.path === `document.header.${field.name}` ? refusal : null;
  /** The refusal the user has typed since (its sentence goes). */
  const [answered, setAnswered] = useState<number | null>(null);
  const refusedAt = refused?.at;
  useEffect(() => {
    if (refusedAt !== undefined) requestAnimationFrame(() => focusField(id));
  }, [refusedAt, id]);
  return (
    <EntryInput
      field={field}
      id={id}
      path={`document.header.${field.name}`}
      value={toInputText(field, header[field.name])}
      siblings={siblings}
      error={refused && answered !== refused.at ? refused.message : undefined}
      onChange={(text) => {
        if (refused) setAnswered(refused.at);
        onChange(field.name, text);
      }}
    />
  );
}

const describeField = pageFieldDescriber();

/** The editor of one Autowired page, once its definition is known. */
function AutowiredDocumentEditor({ definition }: { definition: PageDefinition }) {
  const { page } = definition;
  const routing = page.filename;
  const parameters = useMemo(() => inSequence(definition.parameters), [definition.parameters]);
  const rowRules = useMemo(() => autowiredRules(parameters).rows, [parameters]);
  const schema = useMemo(() => rowSchema(parameters), [parameters]);
  const source = useMemo(() => autowiredSource(routing, parameters), [routing, parameters]);
  const history = useMemo(() => autowiredHistory(routing), [routing]);
  const options = useMemo(
    () => ({ beforeSave: (doc: AutowiredDocument) => autowiredSaveProblem(doc, parameters) }),
    [parameters],
  );
  const editor = useEditableDocument(source, options);
  const choices = useMasterChoices(parameters, editor.base);
  const forms = useFormChoices(routing, parameters);
  const imageFolder = autowiredImageFolder(page.id);
  const headerFields = useMemo(
    () =>
      headerParameters(parameters).map((p) =>
        entryFieldOf(p, choices.header.get(p.parameterName) ?? forms.get(p.parameterName), imageFolder),
      ),
    [parameters, choices, forms, imageFolder],
  );
  const detailFields = useMemo(
    () => detailParameters(parameters).map((p) => entryFieldOf(p, choices.rows.get(p.parameterName), imageFolder)),
    [parameters, choices, imageFolder],
  );
  const headerTitleId = useId();
  const detailTitleId = useId();
  const idPrefix = `autowired-${routing.toLowerCase()}`;
  const { update, clear } = editor;

  // A header field takes the text typed or chosen; a choice that follows it and no longer fits is cleared.
  const setHeader = (name: string, text: string) =>
    update((doc) => {
      const before = inputsOf(headerFields, doc.header);
      const after = withInput(headerFields, before, name, text);
      const header = { ...doc.header };
      for (const field of headerFields) {
        if (field.name === name || after[field.name] !== before[field.name])
          header[field.name] = liveValue(field, after[field.name] ?? '') as AutowiredValues[string];
      }
      return { ...doc, header };
    });
  const isPublic = page.homepage === 'Y' && page.activeStatus === 'Y';
  const lead = (
    <>
      {EDITOR_LEAD}
      {isPublic
        ? null
        : page.activeStatus !== 'Y'
          ? ' This page is inactive: it has no public page.'
          : ' This page is for staff only: it is not part of the public website.'}
    </>
  );

  return (
    <EditorFrame<AutowiredDocument>
      editor={editor}
      routing={routing}
      title={page.dspname || page.filename}
      lead={lead}
      viewPage={isPublic ? { href: `/${routing}1`, newTab: true } : null}
      history={history}
      notices={(doc) => <RemovedNotice removed={removedValues(doc, parameters)} />}
      describeField={describeField}
      language={<LanguageSelect />}
    >
      {(doc) => (
        <div className="autowired-editor">
          {parameters.length === 0 ? (
            <div className="app-notice editor-notice" role="status">
              <p>This page has no fields yet. An administrator gives it fields in Pages, with “Choose the fields”.</p>
            </div>
          ) : null}
          {headerFields.length > 0 ? (
            <section className="app-panel editor-block" aria-labelledby={headerTitleId}>
              <h2 className="editor-block__title" id={headerTitleId}>
                Page fields
              </h2>
              <div className="autowired-header">
                {headerFields.map((field) => (
                  <HeaderField
                    key={field.name}
                    field={field}
                    id={`${idPrefix}-header-${field.name}`}
                    header={doc.header}
                    siblings={inputsOf(headerFields, doc.header)}
                    onChange={setHeader}
                    refusal={editor.refusal}
                  />
                ))}
              </div>
              {headerFields.some((field) => field.required) ? (
                <p className="app-form__note">
                  <span className="field__required" aria-hidden="true">
                    *
                  </span>{' '}
                  Required
                </p>
              ) : null}
            </section>
          ) : null}
          {detailFields.length > 0 ? (
            <section className="app-panel editor-block" aria-labelledby={detailTitleId}>
              <h2 className="editor-block__title" id={detailTitleId}>
                Entries
              </h2>
              <ListEditor<AutowiredValues>
                idPrefix={`${idPrefix}-rows`}
                entryName="entry"
                fields={detailFields}
                entries={doc.rows}
                onChange={(rows) => update((current) => ({ ...current, rows }))}
                rules={rowRules}
                schema={schema}
                onClear={clear}
                path="document.rows"
                refusal={editor.refusal}
              />
            </section>
          ) : null}
          <SeoPanel
            seo={doc.seo}
            defaults={editor.seoDefaults}
            onChange={(seo) => update((current) => ({ ...current, seo }))}
            idPrefix={idPrefix}
            pointer={editor.refusal}
          />
        </div>
      )}
    </EditorFrame>
  );
}

/**
 * The editing twin `/{Name}` of an Autowired page (docs/design.md §13): its definition decides the form. A page
 * that does not exist shows Not found; one outside the user's menu, Not allowed.
 */
export default function AutowiredEditor() {
  const { routing = '' } = useParams();
  const session = useSession();
  const definition = useQuery({
    queryKey: ['page-definition', routing.toLowerCase()],
    // The call's entry comes with its schemas in a chunk of their own, loaded with the call (src/core/api/page-definition-call.ts).
    queryFn: async () =>
      api((await import('../../../core/api/page-definition-call')).getPageDefinition, {
        body: { commonrouting: routing },
      }),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

  if (definition.isError) {
    const status = definition.error instanceof ApiError ? definition.error.status : 0;
    // 400: a wired page's name in another spelling, which has its own editor: no Autowired page of that name.
    if (status === 404 || status === 400) return <NotFoundPage />;
    if (status === 403)
      return <NotAllowed landpage={session.data?.authenticated ? (session.data.user?.landpage ?? '') : ''} />;
    return (
      <Screen title={routing}>
        <LoadFailure inline message={errorMessage(definition.error)} onRetry={() => void definition.refetch()} />
      </Screen>
    );
  }
  if (!definition.data) {
    return (
      <Screen title={routing}>
        <LoadingStatus inline />
      </Screen>
    );
  }
  const { page } = definition.data;
  // `?locale=de`: the page's translation into that language (docs/design.md §28), else its own editor.
  return (
    <LanguageChoice
      routing={page.filename}
      pageName={page.dspname || page.filename}
      sourcePath={page.homepage === 'Y' && page.activeStatus === 'Y' ? `/${page.filename}1` : null}
      viewInNewTab
    >
      <AutowiredDocumentEditor key={page.filename} definition={definition.data} />
    </LanguageChoice>
  );
}
