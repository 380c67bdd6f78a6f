import type { z } from 'zod';
import type { ContentLabels, PageFieldName } from '../../../core/content/common/content-page';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import type { ImageFolder } from '../../../core/media/image-names';
import { ruleFailure } from './field-rules';
import type { EntryProblem } from './field-rules';

/**
 * How a field is edited. 'decimal' is a number kept as typed (a text input, so that 12.50 keeps its decimal
 * places); 'date' a date input ('YYYY-MM-DD' or ''); 'checkbox' a yes/no value stored as a boolean; 'accent' a
 * one-line heading whose words may show in the accent colour (stored as text and bare spans, docs/design.md §34).
 */
export type FieldKind =
  'text' | 'textarea' | 'number' | 'decimal' | 'date' | 'checkbox' | 'richtext' | 'accent' | 'image-url' | 'choice';

/** One option of a choice field: its value as the input holds it (text) and the words shown for it. */
export interface ChoiceOption {
  value: string;
  label: string;
}

/** What a choice field offers now: the options, or that they are on their way or could not be loaded. */
export interface ChoiceOptions {
  options: readonly ChoiceOption[];
  loading: boolean;
  error: string | null;
}

/**
 * Where a choice field's options come from (master values, docs/design.md §14). A value the field holds that is not
 * offered (deactivated since it was chosen) stays selected, shown with `labelOf`.
 */
export interface ChoiceSource {
  /** A drop-down list or a group of radio buttons. */
  style: 'select' | 'radio';
  /** The field of the same form whose value the options follow (a City follows a State). */
  parentField?: string;
  /**
   * The options offered for the parent field's value ('' when it has none or there is no parent field). A
   * React hook: the input calls it on every render.
   */
  useOptions: (parent: string) => ChoiceOptions;
  /** How a held value reads (its name, marked when it is no longer offered); '' for no value. */
  labelOf: (value: string) => string;
  /** Whether a held value may stay when the parent field takes the value `parent` (default: no). */
  fits?: (value: string, parent: string) => boolean;
}

/** The words a checkbox field shows for its two states (a parameter's booleanyes / booleanno). */
export interface BooleanLabels {
  yes: string;
  no: string;
}

const DEFAULT_BOOLEAN_LABELS: BooleanLabels = { yes: 'Yes', no: 'No' };

/** One field of a list entry (or of the page document itself): its model name, its label and its input. */
export interface EntryField<E> {
  name: keyof E & string;
  label: string;
  kind: FieldKind;
  /** Blank is refused (default true). */
  required?: boolean;
  hint?: string;
  /** Image fields: the upload folder; with it the field gets a file picker and Upload (docs/design.md §8). */
  upload?: ImageFolder;
  /** An Autowired page's Image parameter: sent with the upload, so that the server checks its size rules at once. */
  uploadField?: string;
  /** Checkbox fields: the words for ticked and not ticked (default Yes / No). */
  booleanLabels?: BooleanLabels;
  /** Choice fields: where the options come from. */
  choice?: ChoiceSource;
  /** Number fields: the allowed range. */
  min?: number;
  max?: number;
  /** Stored value → the text in the input (default: the value as text). */
  toInput?: (value: unknown) => string;
  /** The text in the input → the stored value (default: a number for number fields, else the text). */
  fromInput?: (text: string) => unknown;
}

/** How a field is edited. Its label is not here: it comes from the page's labels in src/core (one source of words). */
export type FieldSettings = Omit<EntryField<never>, 'name' | 'label'>;

/** The fields of a document or entry that hold one value (not a list), the page fields excepted. */
export type SingleFieldName<E> = {
  [F in Exclude<keyof E, PageFieldName> & string]-?: NonNullable<E[F]> extends readonly unknown[] ? never : F;
}[Exclude<keyof E, PageFieldName> & string];

/** The fields of a list entry's form, in the order it shows them, each with how it is edited: every field. */
export type FieldLayout<E> = { readonly [F in SingleFieldName<E>]-?: FieldSettings };

/** A layout's fields with their labels from the page's labels. */
export function labelledFields<E>(labels: ContentLabels<E>, layout: Partial<FieldLayout<E>>): EntryField<E>[] {
  return (Object.keys(layout) as SingleFieldName<E>[]).map((name) => {
    const label: unknown = labels[name];
    if (typeof label !== 'string') throw new Error(`The field ${name} has no label`);
    return { ...layout[name], name, label } as EntryField<E>;
  });
}

/** The inputs of an entry form: every field as text. */
export type EntryInputs = Record<string, string>;

export function toInputText<E>(field: EntryField<E>, value: unknown): string {
  if (field.toInput) return field.toInput(value);
  if (field.kind === 'checkbox') return value === true || value === 'true' ? 'true' : 'false';
  return value === null || value === undefined ? '' : String(value);
}

/** The value stored for an entry's input when the entry is added (trimmed; checkboxes as booleans). */
export function fromInputText<E>(field: EntryField<E>, text: string): unknown {
  if (field.fromInput) return field.fromInput(text);
  if (field.kind === 'number') return text.trim() === '' ? Number.NaN : Number(text);
  if (field.kind === 'checkbox') return text === 'true';
  return field.kind === 'richtext' || field.kind === 'accent' ? text : text.trim();
}

/**
 * The value stored while a field of the document itself is being typed in: kept as typed (no trimming under
 * the cursor; the server trims on save), numbers as numbers, checkboxes as booleans.
 */
export function liveValue<E>(field: EntryField<E>, text: string): unknown {
  if (field.fromInput) return field.fromInput(text);
  if (field.kind === 'number') return Number(text);
  if (field.kind === 'checkbox') return text === 'true';
  return text;
}

export function booleanLabelsOf<E>(field: EntryField<E>): BooleanLabels {
  return field.booleanLabels ?? DEFAULT_BOOLEAN_LABELS;
}

/** How a stored value reads in a table cell: a checkbox as its yes/no word (nothing when it has no value). */
export function displayText<E>(field: EntryField<E>, value: unknown): string {
  if (field.kind === 'checkbox') {
    const labels = booleanLabelsOf(field);
    if (value === true || value === 'true') return labels.yes;
    if (value === false || value === 'false') return labels.no;
    return '';
  }
  const text = toInputText(field, value);
  if (field.choice) return field.choice.labelOf(text);
  return field.kind === 'richtext' || field.kind === 'accent' || field.kind === 'textarea' ? plainText(text) : text;
}

/**
 * The inputs after field `name` took `text`: a choice field that follows it (and in turn those that follow
 * that one) is cleared unless its value still fits the new parent value.
 */
export function withInput<E>(
  fields: readonly EntryField<E>[],
  inputs: EntryInputs,
  name: string,
  text: string,
): EntryInputs {
  const next: EntryInputs = { ...inputs, [name]: text };
  const changed = [name];
  while (changed.length > 0) {
    const parent = changed.shift() as string;
    for (const field of fields) {
      const choice = field.choice;
      if (!choice || choice.parentField !== parent || field.name === name) continue;
      const held = next[field.name] ?? '';
      if (held === '') continue;
      const parentText = next[parent] ?? '';
      // Without a parent value every value fits.
      if (parentText === '' || (choice.fits?.(held, parentText) ?? false)) continue;
      next[field.name] = '';
      changed.push(field.name);
    }
  }
  return next;
}

export function emptyInputs<E>(fields: readonly EntryField<E>[]): EntryInputs {
  return Object.fromEntries(fields.map((field) => [field.name, '']));
}

export function inputsOf<E>(fields: readonly EntryField<E>[], entry: E): EntryInputs {
  return Object.fromEntries(fields.map((field) => [field.name, toInputText(field, entry[field.name])]));
}

export function entryOf<E>(fields: readonly EntryField<E>[], inputs: EntryInputs): E {
  return Object.fromEntries(fields.map((field) => [field.name, fromInputText(field, inputs[field.name] ?? '')])) as E;
}

/** The visible text of rich text or HTML: tags dropped, entities of the common kind decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(?:p|div|li|h[1-6])>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A number as a 'decimal' field takes it (what the server accepts for an Autowired number): -1234.50. */
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,10})?$/;

/** Blank after trimming; rich text is blank when it has no text and no image. */
export function isBlank(kind: FieldKind, text: string): boolean {
  // A checkbox always holds a value: not ticked is one.
  if (kind === 'checkbox') return false;
  if (kind === 'richtext') return plainText(text) === '' && !/<img\b/i.test(text);
  if (kind === 'accent') return plainText(text) === '';
  return text.trim() === '';
}

/**
 * Checks an entry before it is added (spec 000 §4, §5): the page's field rules first (first failure wins),
 * then required fields, numbers, and the entry's schema from src/core (the server's own model, so the editor
 * refuses what the server would). Returns the message to show (title 'Oops'), naming fields by their labels,
 * and the field it is about; or null.
 */
export function entryProblem<E>(
  fields: readonly EntryField<E>[],
  inputs: EntryInputs,
  rules: readonly FieldRule[],
  schema?: z.ZodType,
): EntryProblem | null {
  const entry = entryOf(fields, inputs);
  const labels = Object.fromEntries(fields.map((field) => [field.name, field.label]));
  const ruled = ruleFailure(entry as Record<string, unknown>, rules, labels);
  if (ruled) return ruled;
  for (const field of fields) {
    const text = inputs[field.name] ?? '';
    const at = (message: string): EntryProblem => ({ field: field.name, message });
    if ((field.required ?? true) && isBlank(field.kind, text)) return at(`Please enter ${field.label}`);
    if (field.kind === 'number' && text.trim() !== '') {
      const value = Number(text);
      if (!Number.isFinite(value)) return at(`Please enter a number in ${field.label}`);
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
        return at(`Please enter a number from ${field.min ?? '…'} to ${field.max ?? '…'} in ${field.label}`);
      }
    }
    if (field.kind === 'decimal' && text.trim() !== '' && !DECIMAL_TEXT.test(text.trim()))
      return at(`Please enter a number in ${field.label}`);
  }
  if (schema) {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue) {
        const name = issue.path[0];
        const field = fields.find((candidate) => candidate.name === name);
        const label = field?.label ?? String(name ?? '');
        return {
          field: field?.name ?? null,
          message: /^[A-Z]/.test(issue.message) ? `${label}: ${issue.message}` : `${label} ${issue.message}`,
        };
      }
    }
  }
  return null;
}
