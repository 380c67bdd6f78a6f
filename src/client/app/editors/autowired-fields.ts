import { z } from 'zod';
import { checkEntry } from '../../../core/field-rules/check-entry';
import {
  autowiredDocumentSchema,
  autowiredRules,
  describeAutowiredPath,
  detailParameters,
  headerParameters,
  valueSchema,
  withAllFields,
} from '../../../core/page-defs/autowired-document';
import type { AutowiredDocument, AutowiredValue } from '../../../core/page-defs/autowired-document';
import type { Parameter } from '../../../core/page-defs/parameter';
import type { ImageFolder } from '../../../core/media/image-names';
import type { MasterChoice } from '../../../core/masters/master-data';
import type { ChoiceSource, EntryField, FieldKind } from './entry-fields';

/**
 * The generic editor of an Autowired page (docs/design.md §13), its pure part: how each parameter is edited, the
 * document as the editor holds it, and what happens to values of parameters the page no longer has.
 */

/** One row of the entry list (or the header): values by parameter name. */
export type AutowiredValues = Record<string, AutowiredValue>;

/** The page's parameters in the order the form shows them: by sequence, ties in the order given. */
export function inSequence(parameters: readonly Parameter[]): Parameter[] {
  return parameters
    .map((parameter, index) => ({ parameter, index }))
    .sort((a, b) => a.parameter.sequence - b.parameter.sequence || a.index - b.index)
    .map(({ parameter }) => parameter);
}

const KIND_OF: Record<Parameter['type'], FieldKind> = {
  Textarea: 'textarea',
  Richtext: 'richtext',
  number: 'decimal',
  Date: 'date',
  Checkbox: 'checkbox',
  // Master values come with master data (docs/design.md §14); until then the value is typed.
  Dropdown: 'text',
  Radio: 'text',
  // Uploaded to the page's folder (or given by its address).
  Image: 'image-url',
  // A form of the forms screen, chosen by name (form-choices.ts; typed as its number only without the list).
  Form: 'text',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The rule of a parameter in a few words, shown under its input (null when it has none worth saying). */
export function hintOf(p: Parameter): string | null {
  const parts: string[] = [];
  switch (p.type) {
    case 'Textarea':
    case 'Richtext': {
      const { minlength: min, maxlength: max } = p;
      if (min !== null && max !== null) parts.push(`${min} to ${max} characters`);
      else if (min !== null) parts.push(`At least ${plural(min, 'character')}`);
      else if (max !== null) parts.push(`At most ${plural(max, 'character')}`);
      break;
    }
    case 'number': {
      const negative = (p.unittype === 'Float' ? p.allownegativeforfloat : p.allownegative) === 'Y';
      if (p.unittype === 'Float' && p.decimalplaces !== null)
        parts.push(`A number with ${plural(p.decimalplaces, 'decimal place')}`);
      else if (p.unittype === 'Integer')
        parts.push(
          p.maxlength !== null ? `A whole number of at most ${plural(p.maxlength, 'digit')}` : 'A whole number',
        );
      else parts.push('A number');
      if (p.min !== null) parts.push(`at least ${p.min}`);
      else if (!negative) parts.push('not negative');
      break;
    }
    case 'Date':
      if (p.currentdate === 'true') parts.push("Today's date");
      else if (p.greatthncurrentdate === 'true') parts.push('A date after today');
      else if (p.lessthncurrentdate === 'true') parts.push('A date before today');
      break;
    case 'Image': {
      parts.push('Upload a PNG or JPEG image, or give its address');
      if (p.width !== null && p.height !== null) parts.push(`at most ${p.width} × ${p.height} pixels`);
      else if (p.width !== null) parts.push(`at most ${p.width} pixels wide`);
      else if (p.height !== null) parts.push(`at most ${p.height} pixels high`);
      if (p.sizeinKB !== null) parts.push(`at most ${p.sizeinKB} KB`);
      break;
    }
    case 'Checkbox':
    case 'Dropdown':
    case 'Radio':
      break;
  }
  return parts.length > 0 ? `${parts.join(', ')}.` : null;
}

/** A parameter whose value is the id of a value of a master type (docs/design.md §14, decision 008). */
export type MasterParameter = Parameter & { commonmastertype: number };

export function isMasterParameter(p: Parameter): p is MasterParameter {
  return (
    (p.type === 'Dropdown' || p.type === 'Radio') &&
    p.validator === 'User Selection' &&
    p.unittype === 'MasterData' &&
    p.commonmastertype !== null
  );
}

/** A stored master choice as the input holds it: the id as text ('' for none). */
export function choiceText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The input's text as stored: the id as a number, null for none (anything else as it is: the server says no). */
export function choiceValue(text: string): AutowiredValue {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The ids of master values a document holds, by master type (at most 200 a type: what the choices call takes). */
export function heldMasterIds(doc: AutowiredDocument | null, parameters: readonly Parameter[]): Map<number, number[]> {
  const held = new Map<number, Set<number>>();
  if (!doc) return new Map();
  const collect = (values: AutowiredValues, list: readonly Parameter[]) => {
    for (const p of list) {
      if (!isMasterParameter(p)) continue;
      const value = choiceValue(choiceText(values[p.parameterName]));
      if (typeof value !== 'number' || value <= 0 || !Number.isSafeInteger(value)) continue;
      const ids = held.get(p.commonmastertype) ?? new Set<number>();
      ids.add(value);
      held.set(p.commonmastertype, ids);
    }
  };
  collect(doc.header, headerParameters(parameters));
  for (const row of doc.rows) collect(row, detailParameters(parameters));
  return new Map([...held].map(([type, ids]) => [type, [...ids].sort((a, b) => a - b).slice(0, 200)]));
}

/**
 * The parameter of the same part (the header's, or the row's) whose choice `p`'s options follow: a master
 * parameter of another type among whose values are the parents of `p`'s type's values (City's values have
 * States as parents: the State parameter). Undefined when `p`'s values have no parents or no such parameter
 * is in the part. `lists` holds each type's values as getCommonMasterfordependancy answered them.
 */
export function parentParameterOf(
  p: MasterParameter,
  part: readonly Parameter[],
  lists: ReadonlyMap<number, readonly MasterChoice[]>,
): string | undefined {
  const parents = new Set(
    (lists.get(p.commonmastertype) ?? []).map((v) => v.parentId).filter((id): id is number => id !== null),
  );
  if (parents.size === 0) return undefined;
  const parent = part.find(
    (q): q is MasterParameter =>
      q !== p &&
      isMasterParameter(q) &&
      q.commonmastertype !== p.commonmastertype &&
      (lists.get(q.commonmastertype) ?? []).some((v) => parents.has(v.id)),
  );
  return parent?.parameterName;
}

/**
 * How one parameter is edited: its input by type, its name as the label, Mandatory as the required mark; an
 * Image parameter uploads to the page's folder (`imageFolder`), naming itself so that its size rules apply.
 */
export function entryFieldOf(
  p: Parameter,
  choice?: ChoiceSource,
  imageFolder?: ImageFolder,
): EntryField<AutowiredValues> {
  if (choice && (isMasterParameter(p) || p.type === 'Form')) {
    return {
      name: p.parameterName,
      label: p.parameterName,
      kind: 'choice',
      required: p.mandatory === 'Y',
      choice,
      toInput: choiceText,
      fromInput: choiceValue,
    };
  }
  const kind = KIND_OF[p.type];
  const hint = hintOf(p);
  return {
    name: p.parameterName,
    label: p.parameterName,
    kind,
    // A checkbox always holds a value (not ticked is one): it is never marked as to be filled in.
    required: p.mandatory === 'Y' && kind !== 'checkbox',
    ...(hint ? { hint } : {}),
    ...(kind === 'checkbox' ? { booleanLabels: { yes: p.booleanyes || 'Yes', no: p.booleanno || 'No' } } : {}),
    ...(p.type === 'Image' && imageFolder ? { upload: imageFolder, uploadField: p.parameterName } : {}),
  };
}

/** The server's model of one entry of the list: the editor refuses what the server would. */
export function rowSchema(parameters: readonly Parameter[]): z.ZodType {
  return z.object(Object.fromEntries(detailParameters(parameters).map((p) => [p.parameterName, valueSchema(p)])));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function valuesOf(value: unknown): AutowiredValues {
  if (!isRecord(value)) return {};
  const out: AutowiredValues = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
      out[key] = item;
  }
  return out;
}

/**
 * The document as the editor holds it, from what getpagecontent answered: header, rows and revision only
 * (values of removed parameters kept, for the notice), and an unanswered header checkbox as not ticked, so
 * that the box shows what will be saved.
 */
export function editableDocument(raw: unknown, parameters: readonly Parameter[]): AutowiredDocument {
  const source = isRecord(raw) ? raw : {};
  const header = valuesOf(source.header);
  for (const p of headerParameters(parameters)) {
    if (p.type === 'Checkbox' && (header[p.parameterName] === undefined || header[p.parameterName] === null))
      header[p.parameterName] = false;
  }
  const rows = Array.isArray(source.rows) ? source.rows.filter(isRecord).map(valuesOf) : [];
  const revision = typeof source.revision === 'number' && Number.isInteger(source.revision) ? source.revision : 0;
  return { header, rows, revision };
}

const keep = (values: AutowiredValues, names: ReadonlySet<string>): AutowiredValues =>
  Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));

/** The document without values of parameters the page no longer has (what a save sends: the server refuses them). */
export function withoutRemoved(doc: AutowiredDocument, parameters: readonly Parameter[]): AutowiredDocument {
  const header = new Set(headerParameters(parameters).map((p) => p.parameterName));
  const detail = new Set(detailParameters(parameters).map((p) => p.parameterName));
  return { header: keep(doc.header, header), rows: doc.rows.map((row) => keep(row, detail)), revision: doc.revision };
}

/** A value of a parameter the page no longer has: in the header, or in entry `entry` (1-based). */
export interface RemovedValue {
  entry: number | null;
  name: string;
  value: string;
}

const isBlankValue = (value: AutowiredValue | undefined) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The values a save would drop, blank ones left out (nothing is lost with them), in document order. */
export function removedValues(doc: AutowiredDocument, parameters: readonly Parameter[]): RemovedValue[] {
  const header = new Set(headerParameters(parameters).map((p) => p.parameterName));
  const detail = new Set(detailParameters(parameters).map((p) => p.parameterName));
  const removed: RemovedValue[] = [];
  for (const [name, value] of Object.entries(doc.header)) {
    if (!header.has(name) && !isBlankValue(value)) removed.push({ entry: null, name, value: String(value) });
  }
  doc.rows.forEach((row, index) => {
    for (const [name, value] of Object.entries(row)) {
      if (!detail.has(name) && !isBlankValue(value)) removed.push({ entry: index + 1, name, value: String(value) });
    }
  });
  return removed;
}

/**
 * Why the document cannot be saved, as the server would say it, or null: the header's rules, then each
 * entry's (named, so that a rule tightened since the entry was added leads to it), then the server's model.
 * `doc` is what would be sent (without removed values).
 */
export function autowiredSaveProblem(
  doc: AutowiredDocument,
  parameters: readonly Parameter[],
  today: Date = new Date(),
): string | null {
  const full = withAllFields(doc, parameters);
  const rules = autowiredRules(parameters);
  const header = checkEntry(full.header, rules.header, today);
  if (!header.ok) return header.message;
  for (const [index, row] of full.rows.entries()) {
    const result = checkEntry(row, rules.rows, today);
    if (!result.ok) return `Entry ${index + 1}: ${result.message}`;
  }
  const parsed = autowiredDocumentSchema(parameters).safeParse(full);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue) return `${describeAutowiredPath(issue.path) ?? 'The page'} ${issue.message}`;
  }
  return null;
}
