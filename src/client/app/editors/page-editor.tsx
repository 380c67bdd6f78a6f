import { Fragment, useEffect, useId, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { ContentLabels, LabelTree, ListLabels } from '../../../core/content/common/content-page';
import { fieldDescriber } from './preview/field-names';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import { CONTENT_PAGE_DEFINITIONS, CONTENT_SCHEMAS } from '../../../core/schemas/page-content';
import { schemaAt } from '../../../core/schemas/walk';
import type { ContentByKey } from '../../../core/schemas/page-content';
import { contentPageByKey } from '../../../core/pages';
import type { ContentPageKey } from '../../../core/pages';
import { EntryInput } from './entry-input';
import { entryProblem, inputsOf, labelledFields, liveValue, toInputText } from './entry-fields';
import type { EntryField, FieldLayout, FieldSettings, SingleFieldName } from './entry-fields';
import { usePageRules } from './field-rules';
import { EditorFrame } from './editor-frame';
import { ListEditor, focusField } from './list-editor';
import { contentPageHistory, usePageDocument } from './content-page-calls';
import type { SaveRefusal } from './save-messages';
import { SeoPanel } from './seo-panel-lazy';
import { LanguageSelect } from './translation/language-select';
import { LanguageChoice } from './translation/language-choice';

/** What a part of an editor gets: the working copy, the way to change it, the page's rules and Clear. */
export interface PartContext<T> {
  doc: T;
  update: (recipe: (doc: T) => T) => void;
  rules: readonly FieldRule[];
  clear: () => void;
  idPrefix: string;
  /** The field the last save was refused about (`{message, field}`), marked where it is edited. */
  refusal?: SaveRefusal | null;
}

/** One piece of an editor's layout: a field of the document, a list of entries, or something of its own. */
export type EditorPart<T> = (context: PartContext<T>) => ReactNode;

/** A titled block of an editor (h2), holding parts. */
export interface EditorBlock<T> {
  title: string;
  intro?: string;
  parts: readonly EditorPart<T>[];
}

type ArrayKey<T> = { [P in keyof T]-?: T[P] extends readonly unknown[] ? P : never }[keyof T] & string;
export type ElementOf<A> = A extends readonly (infer E)[] ? E : never;

/** A single field of the document, bound to it directly (block titles, descriptions, contact settings). */
function DocumentField<T>({ field, context }: { field: EntryField<T>; context: PartContext<T> }) {
  const value = toInputText(field, context.doc[field.name]);
  const id = `${context.idPrefix}-${field.name}`;
  const refused = context.refusal?.path === field.name ? context.refusal : null;
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
      path={field.name}
      value={value}
      error={refused && answered !== refused.at ? refused.message : undefined}
      onChange={(text) => {
        if (refused) setAnswered(refused.at);
        const stored = liveValue(field, text);
        context.update((doc) => ({ ...doc, [field.name]: stored }));
      }}
    />
  );
}

/** The editor's words for a page's document: its labels in src/core, the words the server uses too. */
function labelsOf<K extends ContentPageKey>(pageKey: K): ContentLabels<ContentByKey[K]> {
  return CONTENT_PAGE_DEFINITIONS[pageKey].labels as unknown as ContentLabels<ContentByKey[K]>;
}

/**
 * The builders of a page's parts, typed by its content document. A layout says how each field is edited; the
 * labels and entry names come from the page's labels, and list entries are checked with the model from src/core.
 */
export function partsFor<K extends ContentPageKey>(pageKey: K) {
  type T = ContentByKey[K];
  const schema = CONTENT_SCHEMAS[pageKey];
  const labels = labelsOf(pageKey);
  const field = (name: SingleFieldName<T>, settings: FieldSettings): EditorPart<T> => {
    const [labelled] = labelledFields<T>(labels, { [name]: settings } as Partial<FieldLayout<T>>);
    return (context) => (labelled ? <DocumentField field={labelled} context={context} /> : null);
  };
  return {
    /** A list of entries edited with the shared list editor: every field of the entry, in the order given. */
    list<L extends ArrayKey<T>>(
      key: L,
      options: { fields: FieldLayout<ElementOf<T[L]>>; confirmDelete?: string },
    ): EditorPart<T> {
      // The schema of the list's entries (core's walker finds it: any entry's schema is the list's element).
      const entrySchema = schemaAt(schema, [key, 0]) as z.ZodType | undefined;
      const listLabels = labels[key as unknown as keyof ContentLabels<T>] as unknown as ListLabels<ElementOf<T[L]>>;
      const fields = labelledFields(listLabels.fields, options.fields);
      return (context) => (
        <ListEditor<ElementOf<T[L]>>
          idPrefix={`${context.idPrefix}-${key}`}
          entryName={listLabels.entry}
          fields={fields}
          entries={context.doc[key] as unknown as ElementOf<T[L]>[]}
          onChange={(entries) => context.update((doc) => ({ ...doc, [key]: entries }))}
          rules={context.rules}
          schema={entrySchema}
          path={key}
          refusal={context.refusal}
          onClear={context.clear}
          confirmDelete={options.confirmDelete}
        />
      );
    },
    /** One field of the document itself. */
    field,
    /** Fields of the document itself, in the order given. */
    fields(layout: Partial<FieldLayout<T>>): EditorPart<T>[] {
      return (Object.entries(layout) as [SingleFieldName<T>, FieldSettings][]).map(([name, settings]) =>
        field(name, settings),
      );
    },
    /** A part with a layout of its own (Expertise sections). */
    custom(render: EditorPart<T>): EditorPart<T> {
      return render;
    },
  };
}

export type Parts<K extends ContentPageKey> = ReturnType<typeof partsFor<K>>;

export interface PageEditorConfig<K extends ContentPageKey> {
  page: K;
  /** 'Save All' where spec 000 §2 names the button so. */
  saveLabel?: 'Save' | 'Save All';
  blocks: (parts: Parts<K>) => EditorBlock<ContentByKey[K]>[];
  /** Fields of the document that must be filled and pass the field rules before a save (Contact). */
  checkOnSave?: Partial<FieldLayout<ContentByKey[K]>>;
}

function EditorBlocks<T>({ blocks, context }: { blocks: EditorBlock<T>[]; context: PartContext<T> }) {
  const baseId = useId();
  return (
    <>
      {blocks.map((block, index) => (
        <section key={block.title} className="app-panel editor-block" aria-labelledby={`${baseId}-${index}`}>
          <h2 className="editor-block__title" id={`${baseId}-${index}`}>
            {block.title}
          </h2>
          {block.intro ? <p className="editor-block__intro">{block.intro}</p> : null}
          {block.parts.map((part, partIndex) => (
            <Fragment key={partIndex}>{part(context)}</Fragment>
          ))}
        </section>
      ))}
    </>
  );
}

/** The editor of one of the twelve pages: its blocks in the shared frame (Save, View Page, History). */
function EditorScreen<K extends ContentPageKey>({ config }: { config: PageEditorConfig<K> }) {
  type T = ContentByKey[K];
  const [parts] = useState(() => partsFor(config.page));
  const [blocks] = useState(() => config.blocks(parts));
  const [checkOnSave] = useState(() =>
    config.checkOnSave ? labelledFields(labelsOf(config.page), config.checkOnSave) : undefined,
  );
  const editor = usePageDocument(config.page, {
    beforeSave: checkOnSave ? (doc) => saveProblem(doc) : undefined,
  });
  const rules = usePageRules(editor.page.id);
  const [history] = useState(() => contentPageHistory(editor.page.key, labelsOf(config.page) as unknown as LabelTree));
  const [describeField] = useState(() => fieldDescriber(labelsOf(config.page) as unknown as LabelTree));

  function saveProblem(doc: T): string | null {
    if (!checkOnSave) return null;
    const names = Object.fromEntries(checkOnSave.map((field) => [field.name, true as const]));
    const schema = (
      CONTENT_SCHEMAS[config.page] as unknown as { pick: (mask: Record<string, true>) => z.ZodType }
    ).pick(names);
    return entryProblem(checkOnSave, inputsOf(checkOnSave, doc), rules, schema)?.message ?? null;
  }

  const { page, update, clear } = editor;
  const idPrefix = page.routing.toLowerCase();
  return (
    <EditorFrame<T>
      editor={editor}
      routing={page.routing}
      title={`${page.name} editor`}
      saveLabel={config.saveLabel}
      viewPage={{ href: page.publicPath }}
      history={history}
      describeField={describeField}
      language={<LanguageSelect />}
    >
      {(doc) => (
        <>
          <EditorBlocks blocks={blocks} context={{ doc, update, rules, clear, idPrefix, refusal: editor.refusal }} />
          <SeoPanel
            seo={doc.seo}
            defaults={editor.seoDefaults}
            onChange={(seo) => update((current) => ({ ...current, seo }))}
            idPrefix={idPrefix}
            pointer={editor.refusal}
          />
        </>
      )}
    </EditorFrame>
  );
}

/** Makes a page's editor screen from its configuration (model and layout only, STYLE habit 11). */
export function pageEditor<K extends ContentPageKey>(config: PageEditorConfig<K>): ComponentType {
  const page = contentPageByKey(config.page);
  function PageEditor() {
    // `?locale=de`: the page's translation into that language (docs/design.md §28), else its own editor.
    return (
      <LanguageChoice routing={page.routing} pageName={page.name} sourcePath={page.publicPath}>
        <EditorScreen config={config} />
      </LanguageChoice>
    );
  }
  PageEditor.displayName = `PageEditor(${config.page})`;
  return PageEditor;
}
