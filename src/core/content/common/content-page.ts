import type { z } from 'zod';
import type { FieldRule } from '../../field-rules/field-rule';
import { contentPageByKey } from '../../pages';
import type { ContentPage, ContentPageKey } from '../../pages';

/**
 * What every page file of src/core/content holds, and the words they share. A page file defines its document
 * (schema), the editor's words for it (labels), its demo document and its default field rules; the types here
 * tie the last three to the schema, so a misspelt field name fails the typecheck.
 */

/** Fields every content document carries (pageFields): set by the server, never shown in an editor. */
export type PageFieldName =
  | 'menupageid'
  | 'commonrouting'
  | 'revision'
  | 'seo'
  | 'publish'
  | 'status'
  | 'publishAt'
  | 'savedAt'
  | 'published'
  | 'scheduled'
  | 'nextRevision'
  | 'seoDefaults';

type FieldNameAtAnyDepth<T> = T extends readonly (infer E)[]
  ? FieldNameAtAnyDepth<E>
  : T extends object
    ? { [K in keyof T & string]: K | FieldNameAtAnyDepth<T[K]> }[keyof T & string]
    : never;

/** Every field name of a document at any depth, the fields of list entries included (what field rules name). */
export type ContentFieldName<T> = Exclude<FieldNameAtAnyDepth<T>, PageFieldName>;

/** The editor's words for a document or a list entry: a label per field, entry name and field labels per list. */
export type ContentLabels<T> = {
  readonly [K in Exclude<keyof T, PageFieldName> & string]-?: NonNullable<T[K]> extends readonly (infer E)[]
    ? ListLabels<E>
    : string;
};

export type ListLabels<E> = {
  /** What one entry is called, in lower case ('skill', 'expertise card'): the list editor's legend and caption. */
  readonly entry: string;
  readonly fields: ContentLabels<E>;
};

/** The labels of any document, as describeContentPath walks them. */
export type LabelTree = { readonly [field: string]: string | { readonly entry: string; readonly fields: LabelTree } };

/** A page's demo document: what a fresh install shows (the revision is added when it is seeded). */
export type DemoDocument<T> = Omit<T, 'revision'>;

/** A field rule a fresh install starts with (parameter configuration, docs/design.md §12), naming a field of the document. */
export type DefaultFieldRule<T> = FieldRule & { readonly parameterName: ContentFieldName<T> };
export type DefaultFieldRules<T> = readonly DefaultFieldRule<T>[];

// The rule builders keep the field name's literal type, so that DefaultFieldRules<T> can check it.
export const textarea = <N extends string>(parameterName: N, minlength: number, maxlength: number) =>
  ({ parameterName, type: 'Textarea', minlength, maxlength }) satisfies FieldRule;
export const richtext = <N extends string>(parameterName: N, minlength: number, maxlength: number) =>
  ({ parameterName, type: 'Richtext', minlength, maxlength }) satisfies FieldRule;
export const number = <N extends string>(parameterName: N, maxlength: number, decimalplaces: number | null = null) =>
  ({ parameterName, type: 'number', maxlength, decimalplaces }) satisfies FieldRule;

/** A content page with its document schema and labels: the registry entry, the model and the words together. */
export interface ContentPageDefinition<
  K extends ContentPageKey = ContentPageKey,
  S extends z.ZodObject = z.ZodObject,
> extends ContentPage {
  readonly key: K;
  readonly schema: S;
  readonly labels: ContentLabels<z.output<S>>;
}

/**
 * Joins a page's registry entry (src/core/pages.ts) with its schema and labels. The registry entry stays in
 * pages.ts because the public pages read it and must not load zod (docs/decisions/007-content-page-files.md).
 */
export function defineContentPage<K extends ContentPageKey, S extends z.ZodObject>(
  key: K,
  schema: S,
  labels: NoInfer<ContentLabels<z.output<S>>>,
): ContentPageDefinition<K, S> {
  return { ...contentPageByKey(key), key, schema, labels };
}

/**
 * Names a place in a document in the editor's words: ['skillList', 0, 'skillName'] → 'Skill 1: the skill
 * name', ['exprtshead'] → 'The expertise title', ['sectionlst', 2, 'list', 0, 'data'] → 'Section 3, list
 * item 1' (a field labelled as its entry is not named twice). Null for a path the labels do not know.
 */
export function describeContentPath(labels: LabelTree, path: readonly PropertyKey[]): string | null {
  const entries: string[] = [];
  let fields = labels;
  let entryName: string | null = null;
  for (let at = 0; at < path.length; at++) {
    const name = path[at];
    if (typeof name !== 'string' || !Object.hasOwn(fields, name)) return null;
    const label = fields[name];
    if (label === undefined) return null;
    if (typeof label === 'string') {
      if (at !== path.length - 1) return null;
      if (entryName !== null && label.toLowerCase() === entryName.toLowerCase()) return sentence(entries);
      return sentence(entries, `the ${lowerCaseWords(label)}`);
    }
    if (at === path.length - 1) return sentence(entries, `the ${label.entry} list`);
    const index = path[at + 1];
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return null;
    entries.push(`${label.entry} ${index + 1}`);
    entryName = label.entry;
    fields = label.fields;
    at++;
  }
  return entries.length > 0 ? sentence(entries) : null;
}

function sentence(entries: readonly string[], field?: string): string {
  const place = entries.join(', ');
  const text = field === undefined ? place : place === '' ? field : `${place}: ${field}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Skill Name' → 'skill name'; words that are not simply capitalised (InnovoCare, URL) keep their case. */
function lowerCaseWords(label: string): string {
  return label.replace(/\b[A-Z][a-z]*\b/g, (word) => word.toLowerCase());
}
