import type { FormField } from '../schemas/forms';
import { FORM_FILE_TYPE_INFO, type FormFileType } from './form-kinds';
import { sayFormWord, type FormWords } from './form-words';
import { INDIA, phoneNumberOf, type PhoneReader } from '../phone-rule';

/**
 * What a visitor sends with a form (docs/design.md §30): which fields are shown, and each shown field's value
 * checked by its kind. The public form's island and the server run these same rules (the island with the lenient
 * phone reading, the server with libphonenumber-js); a hidden field is neither required nor stored. Kept free of zod:
 * the island that loads it stays within its 10 KB. Its sentences are site words (core/forms/form-words.ts): a page in
 * another language refuses in that language, in the island and on the server alike.
 */

/** A form's values as a browser posts them: a text per field, several for a field of several choices. */
export type SubmittedValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** What a file field was given, as far as the rules see it (the server sniffs the content besides). */
export interface SubmittedFile {
  name: string;
  bytes: number;
}

/** A field's refusal: its key, and the sentence shown at it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The stored values: a text per shown field (joined choices for several), nothing for hidden ones. */
export type CheckedValues = Record<string, string | string[]>;

export interface CheckOptions {
  /** The company's country (ISO 3166-1 alpha-2), for phone numbers. */
  country?: string;
  /** The server reads numbers with libphonenumber-js; the island leniently (the server's answer completes it). */
  readPhone: PhoneReader;
  files?: Readonly<Record<string, SubmittedFile | undefined>>;
  /** The form's words in the shown page's language (its site words that differ from Folio's). */
  words?: FormWords | undefined;
}

/** The value a consent box sends when ticked, and what is stored for it. */
export const CONSENT_GIVEN = 'yes';

const TEXT_MAX = 200;
const TEXTAREA_MAX = 5000;
// The address rule zod's email() uses (the contact form's), without zod.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const NUMBER = /^-?\d{1,12}(?:[.,]\d{1,6})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INDIAN_PHONE = /^\d{10}$/;

/** The first text of a value (a field of one value posted twice keeps the first). */
const textOf = (value: string | readonly string[] | undefined): string =>
  (typeof value === 'string' ? value : (value?.[0] ?? '')).trim();

const listOf = (value: string | readonly string[] | undefined): string[] =>
  (typeof value === 'string' ? [value] : [...(value ?? [])]).map((v) => v.trim()).filter((v) => v !== '');

/**
 * Whether a field is shown with these values: always without `showWhen`; else when the field it names is shown and
 * has that value (one of its values, for several choices).
 */
export function isShown(field: FormField, fields: readonly FormField[], values: SubmittedValues): boolean {
  let at: FormField | undefined = field;
  // A field is shown by one above it (the form's schema says so): the walk up ends.
  for (let steps = 0; at?.showWhen && steps <= fields.length; steps += 1) {
    const key: string = at.showWhen.field;
    const equals: string = at.showWhen.equals;
    const value = values[key];
    if (!(typeof value === 'string' ? value.trim() === equals : listOf(value).includes(equals))) return false;
    at = fields.find((candidate) => candidate.key === key);
  }
  return true;
}

/** A date that exists (2026-02-30 does not). */
function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The name endings a file field's kinds have (the island's first check; the server sniffs the content). */
export function extensionsOf(accept: readonly FormFileType[]): string[] {
  return accept.flatMap((type) => FORM_FILE_TYPE_INFO[type].extensions.split(','));
}

/** What the file field says it takes: "PDF or Word (DOCX), at most 5 MB", in the shown page's words. */
export function fileRuleOf(field: FormField, words?: FormWords): string {
  const kinds = (field.accept ?? []).map((type) => sayFormWord(words, `form.file.${type}`));
  const or = sayFormWord(words, 'form.or');
  const named = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} ${or} ${kinds.at(-1)}` : (kinds[0] ?? '');
  return sayFormWord(words, 'form.fileRule', { kinds: named, mb: field.maxMb ?? 5 });
}

/** One shown field's value checked by its kind: the value to store, or the sentence that refuses it. */
function checkField(
  field: FormField,
  value: string | readonly string[] | undefined,
  options: CheckOptions,
): { value?: string | string[]; problem?: string } {
  const { words } = options;
  const refuse = (key: Parameters<typeof sayFormWord>[1], values: Record<string, string | number> = {}) => ({
    problem: sayFormWord(words, key, { label: field.label, ...values }),
  });
  if (field.kind === 'checkboxes') {
    const chosen = listOf(value);
    if (chosen.length === 0) return field.required ? refuse('form.chooseSome') : { value: [] };
    const known = new Set((field.options ?? []).map((o) => o.value));
    return chosen.every((v) => known.has(v)) ? { value: chosen } : refuse('form.fromList');
  }
  if (field.kind === 'file') {
    const file = options.files?.[field.key];
    if (!file || file.bytes === 0) return field.required ? refuse('form.chooseFile') : { value: '' };
    const extensions = extensionsOf(field.accept ?? []);
    const dot = file.name.lastIndexOf('.');
    const ending = dot === -1 ? '' : file.name.slice(dot).toLowerCase();
    if (!extensions.includes(ending)) return refuse('form.fileKind', { rule: fileRuleOf(field, words) });
    if (file.bytes > (field.maxMb ?? 5) * 1024 * 1024) return refuse('form.fileTooLarge', { mb: field.maxMb ?? 5 });
    return { value: file.name };
  }
  const text = textOf(value);
  if (text === '') {
    if (!field.required) return { value: '' };
    if (field.kind === 'consent') return refuse('form.consent');
    if (field.kind === 'choice') return refuse('form.chooseOne');
    return refuse('form.required');
  }
  switch (field.kind) {
    case 'text':
      if (/[\r\n]/.test(text)) return refuse('form.oneLine');
      return text.length > TEXT_MAX ? refuse('form.tooLong', { max: TEXT_MAX }) : { value: text };
    case 'textarea':
      return text.length > TEXTAREA_MAX ? refuse('form.tooLong', { max: TEXTAREA_MAX }) : { value: text };
    case 'email':
      return text.length <= 254 && EMAIL.test(text) ? { value: text } : refuse('form.email');
    case 'phone': {
      const country = options.country ?? INDIA;
      const stored = text.length <= 30 ? phoneNumberOf(text, country, INDIAN_PHONE, options.readPhone) : null;
      if (stored !== null) return { value: stored };
      // The phone rule's refusal (phoneRefusal), in the page's words: ten digits in India, else with the country code.
      return refuse(country === INDIA && !text.startsWith('+') ? 'form.phone' : 'form.phoneAbroad');
    }
    case 'number':
      return NUMBER.test(text) ? { value: text } : refuse('form.number');
    case 'date':
      return isDate(text) ? { value: text } : refuse('form.date');
    case 'choice':
      return (field.options ?? []).some((o) => o.value === text) ? { value: text } : refuse('form.fromList');
    case 'consent':
      return text === CONSENT_GIVEN || text === 'on' || text === 'true'
        ? { value: CONSENT_GIVEN }
        : refuse('form.consent');
  }
}

/**
 * A submission checked field by field, in the form's order: the values to store (shown fields only) and every
 * field's refusal. Choice fields come with their options (a master data type's values, read by the caller).
 */
export function checkSubmission(
  fields: readonly FormField[],
  values: SubmittedValues,
  options: CheckOptions,
): { values: CheckedValues; problems: FieldProblem[] } {
  const checked: CheckedValues = {};
  const problems: FieldProblem[] = [];
  for (const field of fields) {
    if (!isShown(field, fields, values)) continue;
    const answer = checkField(field, values[field.key], options);
    if (answer.problem !== undefined) problems.push({ field: field.key, message: answer.problem });
    else if (answer.value !== undefined) checked[field.key] = answer.value;
  }
  return { values: checked, problems };
}
