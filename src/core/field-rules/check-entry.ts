import type { LabelTree } from '../content/common/content-page';
import { dottedPath, walkDocument, type FieldPath } from '../schemas/walk';
import type { FieldLabels, FieldRule, RuleCheck } from './field-rule';

/**
 * The field-rule engine of spec 000 §5, shared by the editors (before Add) and the server (on Save, docs/design.md §6).
 * Browser-safe: no server imports.
 *
 * What the spec leaves open, decided here:
 * - Rule types are the parameter-configuration types of spec 001 §3 (Textarea, number, Dropdown, Radio,
 *   Checkbox, Date, Richtext, Image), matched without regard to case; the unit types (Character, Integer,
 *   Float, …) are accepted as synonyms, since configurations in the wild mix the two.
 * - The engine dispatches on the rule's type and then on the value's JavaScript type: a value of a type the
 *   rule cannot read (null, undefined, an object, a list, a word in a number field, a non-date in a date
 *   field) is 'Please enter {field}' — the spec's "any other value type".
 * - Text length counts UTF-16 code units (String.length), as the browser's own maxlength attribute does, so
 *   the form and the rule never disagree. A finite number in a text field is read as its digits.
 * - "Less than {max}" in the message is the spec's wording; the check lets exactly {max} characters through.
 * - Numbers: only the digits count (not the sign). The digit limit applies to numbers without a decimal
 *   point and the decimal-places rule to numbers with one, exactly as the spec splits them.
 * - Dates compare calendar days: a 'YYYY-MM-DD' value (what a date input gives; a longer ISO value is cut to
 *   its date part) is the day as written; a Date object is its local day. "Today" is the local day of `today`.
 * - Images are recognised by the extension of the URL or file name (query and fragment ignored): jpeg, png
 *   and gif as the spec lists, plus jpg, which the file picker accepts.
 * - Dropdown, Radio and Checkbox need a value (a non-blank string, a number or a boolean); the spec gives
 *   them no limits. A rule of a type the engine does not know only asks for a non-empty value.
 * - Empty minlength, maxlength or decimalplaces (null, undefined, '' or not a number) mean no bound.
 * - {field} in a message is the field's label, the words the editor shows beside its input (docs/design.md §24: "Please
 *   enter Skill Value", never "skillValue"). A rule names its field by parameterName (the document's property);
 *   the caller gives the labels (a wired page's from its page file, per list; an Autowired page's parameter
 *   name is its label, so it gives none and the name is used as it is).
 */

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;

type RuleKind = 'text' | 'number' | 'date' | 'image' | 'choice' | 'other';

const KIND_BY_TYPE: Record<string, RuleKind> = {
  textarea: 'text',
  richtext: 'text',
  text: 'text',
  textbox: 'text',
  character: 'text',
  number: 'number',
  integer: 'number',
  float: 'number',
  date: 'date',
  image: 'image',
  dropdown: 'choice',
  radio: 'choice',
  checkbox: 'choice',
  boolean: 'choice',
  masterdata: 'choice',
};

const ruleKind = (type: string): RuleKind => KIND_BY_TYPE[type.trim().toLowerCase()] ?? 'other';

const NO_LABELS: FieldLabels = {};

/**
 * Checks one entry (one row of an editor's list, or a form's fields) against a page's rules: rules in order,
 * only fields whose key is present in the entry, the first failure stops the check. `labels` names the
 * entry's fields in messages; a field without one is named by its parameter name.
 */
export function checkEntry(
  entry: Record<string, unknown>,
  rules: readonly FieldRule[],
  today: Date = new Date(),
  labels: FieldLabels = NO_LABELS,
): RuleCheck {
  for (const rule of rules) {
    if (!Object.prototype.hasOwnProperty.call(entry, rule.parameterName)) continue;
    const label = Object.hasOwn(labels, rule.parameterName) ? labels[rule.parameterName] : undefined;
    const message = checkValue(entry[rule.parameterName], rule, label ?? rule.parameterName, today);
    if (message !== null) return { ok: false, title: 'Oops', message, field: rule.parameterName };
  }
  return { ok: true };
}

/**
 * Checks a whole content document as the server does on Save: the document's own fields that are not lists
 * (descriptions, block headings, the contact settings), then every entry of every list in document order,
 * each entry before the lists nested in it (expertise sectionlst[].list[]). The first failure wins. `labels`
 * is the page's label tree (src/core/content): each list's entries are named with that list's labels, so a
 * field name two lists share reads as each list calls it.
 */
export function checkDocumentEntries(
  document: Record<string, unknown>,
  rules: readonly FieldRule[],
  today: Date = new Date(),
  labels?: LabelTree,
): RuleCheck {
  const problem = documentRuleProblem(document, rules, today, labels);
  if (!problem) return { ok: true };
  const { path: _path, ...check } = problem;
  return check;
}

/** A field rule's refusal of a document, with the place of the field it is about (`skillList.2.skillName`). */
export type DocumentRuleProblem = Extract<RuleCheck, { ok: false }> & { path: string };

/**
 * What checkDocumentEntries checks, and where the first failure is: null when every rule passes. The path lets
 * a refusal name its field ({message, field}, docs/design.md §25) and an editor open that entry.
 */
export function documentRuleProblem(
  document: Record<string, unknown>,
  rules: readonly FieldRule[],
  today: Date = new Date(),
  labels?: LabelTree,
): DocumentRuleProblem | null {
  let problem: DocumentRuleProblem | null = null;
  walkDocument(undefined, document, (place) => {
    // An entry is the document itself or an entry of a list; a list is stepped into, any other field is the entry's own.
    // Told by the place's own key: its path (built from the places above) is read for entries only.
    const { key, value } = place;
    const isEntry = key === undefined || typeof key === 'number';
    if (!isEntry) return Array.isArray(value) ? undefined : 'skip';
    if (key !== undefined && !isPlainObject(value)) return 'skip';
    const { path } = place;
    const result = checkOwnFields(value as Record<string, unknown>, rules, today, labelsAt(labels, path));
    if (result.ok) return undefined;
    problem = { ...result, path: dottedPath([...path, result.field]) };
    return 'stop';
  });
  return problem;
}

/** The labels of a list's entries at `path` (the list names on the way, indexes skipped), or undefined. */
function labelsAt(labels: LabelTree | undefined, path: FieldPath): LabelTree | undefined {
  let at = labels;
  for (const key of path) {
    if (typeof key === 'number') continue;
    const label = at && Object.hasOwn(at, key) ? at[key] : undefined;
    at = typeof label === 'object' ? label.fields : undefined;
  }
  return at;
}

/** An entry's own fields, without its lists: a list is not a field value but rows to check one by one. */
function checkOwnFields(
  entry: Record<string, unknown>,
  rules: readonly FieldRule[],
  today: Date,
  labels: LabelTree | undefined,
): RuleCheck {
  const fields: Record<string, unknown> = {};
  const own: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (Array.isArray(value)) continue;
    fields[key] = value;
    const label = labels && Object.hasOwn(labels, key) ? labels[key] : undefined;
    if (typeof label === 'string') own[key] = label;
  }
  return checkEntry(fields, rules, today, own);
}

function checkValue(value: unknown, rule: FieldRule, field: string, today: Date): string | null {
  const missing = `Please enter ${field}`;
  const kind = ruleKind(rule.type);
  // Parameter configuration's Mandatory (docs/design.md §12): an optional field left blank is fine, except that a text
  // field's minimum length still applies as spec 000 §5 words it.
  if (isBlank(value) && kind !== 'text' && rule.mandatory !== undefined) return rule.mandatory === 'Y' ? missing : null;
  switch (kind) {
    case 'image': {
      if (typeof value !== 'string') return missing;
      const size = imageSize(value);
      // Folio's own stored images may also be WebP (an uploaded WebP stays WebP, docs/design.md §8).
      if (!isImageName(value) && !size) return 'Please upload a valid image';
      return size ? imageSizeProblem(field, rule, size) : null;
    }
    case 'text': {
      const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (raw === undefined || raw === null) {
        if (rule.mandatory === 'N') return null;
        return missing;
      }
      if (typeof raw !== 'string') return missing;
      const length = stripTags(raw).trim().length;
      const min = bound(rule.minlength);
      const max = bound(rule.maxlength);
      if (min !== null && length < min) return `Please enter at least ${min} characters in ${field}`;
      if (max !== null && length > max) return `Please enter less than ${max} characters in ${field}`;
      if (length === 0 && rule.mandatory === 'Y') return missing;
      return null;
    }
    case 'number': {
      const number = readNumber(value);
      if (!number) return missing;
      if (rule.allownegative === 'N' && number.negative)
        return `Please enter a number that is not negative in ${field}`;
      const min = typeof rule.min === 'number' && Number.isFinite(rule.min) ? rule.min : null;
      if (min !== null && number.value < min) return `Please enter a number of at least ${min} in ${field}`;
      if (number.decimals === null) {
        const max = bound(rule.maxlength);
        if (max !== null && number.integerDigits > max)
          return `Please enter a number with less than ${max} digits in ${field}`;
        return null;
      }
      const places = bound(rule.decimalplaces);
      if (places === null && rule.unittype === 'Integer' && number.decimals > 0)
        return `Please enter a whole number in ${field}`;
      if (places !== null && number.decimals !== places) return `Please enter ${places} decimal places in ${field}`;
      return null;
    }
    case 'date': {
      const day = readDay(value);
      if (day === null) return missing;
      const now = localDay(today);
      if (isOn(rule.currentdate) && day !== now) return `Please enter today's date in ${field}`;
      if (isOn(rule.greatthncurrentdate) && !(day > now)) return `Please enter a future date in ${field}`;
      if (isOn(rule.lessthncurrentdate) && !(day < now)) return `Please enter a past date in ${field}`;
      return null;
    }
    case 'choice':
      if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return null;
      return typeof value === 'string' && value.trim() !== '' ? null : missing;
    case 'other':
      if (value === null || value === undefined) return missing;
      if (typeof value === 'string' && stripTags(value).trim() === '') return missing;
      if (Array.isArray(value) && value.length === 0) return missing;
      return null;
  }
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && stripTags(value).trim() === '');
}

/**
 * An image's size against its rule (width and height in pixels, and the file size in KB where it is known: at
 * upload, and at save for Folio's stored images), in spec 000 §5's voice; null when it fits.
 */
export function imageSizeProblem(
  field: string,
  rule: Pick<FieldRule, 'width' | 'height' | 'sizeinKB'>,
  image: { width?: number; height?: number; bytes?: number | null },
): string | null {
  const maxWidth = bound(rule.width);
  const maxHeight = bound(rule.height);
  const maxKB = bound(rule.sizeinKB);
  if (maxWidth !== null && image.width !== undefined && image.width > maxWidth)
    return `Please upload an image at most ${maxWidth} pixels wide in ${field}`;
  if (maxHeight !== null && image.height !== undefined && image.height > maxHeight)
    return `Please upload an image at most ${maxHeight} pixels high in ${field}`;
  if (maxKB !== null && typeof image.bytes === 'number' && image.bytes > maxKB * 1024) {
    return `Please upload an image of at most ${maxKB} KB in ${field} (this one is ${Math.ceil(image.bytes / 1024)} KB)`;
  }
  return null;
}

/** Width and height of an image Folio stored (its generated name carries them: `<hex>_<W>x<H>.<ext>`). */
function imageSize(value: string): { width: number; height: number } | null {
  const match = /_(\d{1,5})x(\d{1,5})\.(?:png|jpe?g|gif|webp)(?:[?#].*)?$/i.exec(value.trim());
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** Text as the reader sees it: without HTML tags. */
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/** A bound from the configuration: a whole number ≥ 0, or null for "no bound". */
function bound(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  return Number(text);
}

const isOn = (flag: string | null | undefined): boolean =>
  typeof flag === 'string' && flag.trim().toLowerCase() === 'true';

function isImageName(value: string): boolean {
  const name = value.trim().split(/[?#]/, 1)[0] ?? '';
  const match = /[^/\\.]\.([a-z0-9]+)$/i.exec(name);
  return match !== null && (IMAGE_EXTENSIONS as readonly string[]).includes((match[1] ?? '').toLowerCase());
}

/** A number written out in plain digits; made once (each toLocaleString call would build a formatter again). */
const PLAIN_DIGITS = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/** Digits before the point, and digits after it (null when there is no decimal point). */
function readNumber(
  value: unknown,
): { integerDigits: number; decimals: number | null; negative: boolean; value: number } | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Plain digits, never exponent notation (1e21 would otherwise count as four characters).
    text = PLAIN_DIGITS.format(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^[+-]?(\d*)(\.(\d*))?$/.exec(text);
  if (!match) return null;
  const integer = match[1] ?? '';
  const decimals = match[3];
  if (integer === '' && !decimals) return null;
  return {
    integerDigits: integer.length,
    decimals: match[2] === undefined ? null : (decimals ?? '').length,
    negative: text.startsWith('-') && Number(text) !== 0,
    value: Number(text),
  };
}

/** A calendar day as a comparable 'YYYY-MM-DD' string, or null when the value is not a date. */
function readDay(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : localDay(value);
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const check = new Date(y, m - 1, d);
  if (check.getFullYear() !== y || check.getMonth() !== m - 1 || check.getDate() !== d) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}
