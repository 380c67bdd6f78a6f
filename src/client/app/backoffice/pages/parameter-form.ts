import {
  PARAMETER_MESSAGES,
  ParameterSchema,
  UNIT_TYPES_OF,
  isLineOfText,
  isTranslatableParameter,
  parameterProblems,
  showsNameToVisitors,
  type PAGE_LEVELS,
  type Parameter,
  type ParameterLabel,
  type ParameterType,
  type UnitType,
  type VALIDATORS,
} from '../../../../core/page-defs/parameter';

/**
 * The parameter configuration form's logic (spec 001 §2 paramactivity, §4 parameter configuration
 * transitions, docs/design.md §12), free of React so it can be tested on its own: the form's draft, choosing a kind,
 * the date rules, Add (append or replace), delete, the sequence, and the table's readable summaries.
 */

/** The three date rules of a Date parameter: one at a time at most. */
export const DATE_RULES = ['currentdate', 'greatthncurrentdate', 'lessthncurrentdate'] as const;
export type DateRule = (typeof DATE_RULES)[number];

export const DATE_RULE_LABELS: Record<DateRule, string> = {
  currentdate: "Today's date",
  greatthncurrentdate: 'A future date',
  lessthncurrentdate: 'A past date',
};

const DATE_RULE_SUMMARIES: Record<DateRule, string> = {
  currentdate: "today's date",
  greatthncurrentdate: 'future date',
  lessthncurrentdate: 'past date',
};

/** What the kinds of value are called on the screen. */
export const UNIT_TYPE_LABELS: Record<UnitType, string> = {
  Character: 'Text',
  Float: 'Decimal number',
  Integer: 'Whole number',
  Date: 'Date',
  Boolean: 'Yes or no',
  MasterData: 'A master-data value',
  Richtext: 'Formatted text',
  Image: 'Image',
};

/** What the types are called on the screen (docs/design.md §34; the spec's names stay in the API). */
export const PARAMETER_TYPE_LABELS: Record<ParameterType, string> = {
  Textarea: 'Text',
  number: 'Number',
  Dropdown: 'Drop-down list',
  Radio: 'Choice buttons',
  Checkbox: 'Checkbox',
  Date: 'Date',
  Richtext: 'Formatted text',
  Image: 'Image',
  Form: 'Form made on the Forms screen',
};

/** Where a field goes (the spec's Header and Detail). */
export const PAGE_LEVEL_LABELS: Record<(typeof PAGE_LEVELS)[number], string> = {
  Header: 'Once on the page',
  Detail: 'In each entry of the page’s list',
};

/** Where a field's values come from (the spec's User Entry and User Selection). */
export const VALIDATOR_LABELS: Record<(typeof VALIDATORS)[number], string> = {
  'User Entry': 'Typed by the editor',
  'User Selection': 'Chosen from master data',
};

/** The form's values: what the inputs hold (numbers as typed, flags as booleans). */
export interface ParameterDraft {
  parameterName: string;
  sequence: string;
  mandatory: boolean;
  type: ParameterType;
  unittype: UnitType;
  validator: (typeof VALIDATORS)[number];
  pagecreationtype: (typeof PAGE_LEVELS)[number];
  minlength: string;
  maxlength: string;
  decimalplaces: string;
  allownegative: boolean;
  allownegativeforfloat: boolean;
  min: string;
  dateRule: DateRule | null;
  booleanyes: string;
  booleanno: string;
  commonmastertype: string;
  sizeinKB: string;
  height: string;
  width: string;
  /** A text kind's values are translated into the site's other languages (docs/design.md §28); on unless turned off. */
  translatable: boolean;
  /** "Show its name to visitors" as chosen; null: as its kind says (text kinds off). */
  showName: boolean | null;
  /** A line of text that visitors read as a heading. */
  asHeading: boolean;
}

/** The flags a kind's panel sets, all cleared: what choosing a kind starts from (spec 001 §4). */
const CLEARED_FLAGS = {
  minlength: '',
  maxlength: '',
  decimalplaces: '',
  allownegative: false,
  allownegativeforfloat: false,
  min: '',
  dateRule: null,
  booleanyes: '',
  booleanno: '',
  commonmastertype: '',
  sizeinKB: '',
  height: '',
  width: '',
} as const satisfies Partial<ParameterDraft>;

/** A new parameter's form: Textarea of Character, a Detail field, User Entry, optional. */
export function emptyDraft(sequence: number): ParameterDraft {
  return {
    parameterName: '',
    sequence: String(sequence),
    mandatory: false,
    type: 'Textarea',
    unittype: 'Character',
    validator: 'User Entry',
    pagecreationtype: 'Detail',
    translatable: true,
    showName: null,
    asHeading: false,
    ...CLEARED_FLAGS,
  };
}

/** Whether a parameter of this type and kind holds text a translation replaces (the others stay as they are in every language). */
export const isTextKind = (p: Pick<ParameterDraft, 'type' | 'unittype'>) =>
  isTranslatableParameter({ ...p, translatable: null });

const text = (value: number | null) => (value === null ? '' : String(value));

/** A saved parameter put into the form (Edit). */
export function draftOf(p: Parameter): ParameterDraft {
  const dateRule = DATE_RULES.find((rule) => p[rule] === 'true') ?? null;
  return {
    parameterName: p.parameterName,
    sequence: String(p.sequence),
    mandatory: p.mandatory === 'Y',
    type: p.type,
    unittype: p.unittype,
    validator: p.validator,
    pagecreationtype: p.pagecreationtype,
    minlength: text(p.minlength),
    maxlength: text(p.maxlength),
    decimalplaces: text(p.decimalplaces),
    allownegative: p.allownegative === 'Y',
    allownegativeforfloat: p.allownegativeforfloat === 'Y',
    min: text(p.min),
    dateRule,
    booleanyes: p.booleanyes,
    booleanno: p.booleanno,
    commonmastertype: text(p.commonmastertype),
    sizeinKB: text(p.sizeinKB),
    height: text(p.height),
    width: text(p.width),
    translatable: p.translatable ?? true,
    showName: p.showName,
    asHeading: p.asHeading,
  };
}

/** Choosing a kind sets unittype and clears every other flag (spec 001 §4); the same kind again changes nothing. */
export function chooseKind(draft: ParameterDraft, unittype: UnitType): ParameterDraft {
  if (draft.unittype === unittype) return draft;
  return { ...draft, ...CLEARED_FLAGS, unittype };
}

/** Choosing a type keeps the kind when the type can hold it, else takes the type's first kind. */
export function chooseType(draft: ParameterDraft, type: ParameterType): ParameterDraft {
  const kinds = UNIT_TYPES_OF[type];
  const next = { ...draft, type };
  return kinds.includes(draft.unittype) ? next : chooseKind(next, kinds[0]!);
}

/** The date rules are checkboxes of which one may be on: clicking one turns the others off, clicking the on one clears it. */
export function toggleDateRule(current: DateRule | null, clicked: DateRule): DateRule | null {
  return current === clicked ? null : clicked;
}

/** The fields a kind's panel shows, with their labels (for the sentences about a wrong number). */
const WHOLE_NUMBER_FIELDS = {
  minlength: 'Minimum length',
  maxlength: 'Maximum length',
  decimalplaces: 'Decimal places',
  commonmastertype: 'Master type',
  sizeinKB: 'Size in KB',
  height: 'Height',
  width: 'Width',
} as const satisfies Partial<Record<keyof ParameterDraft, string>>;

const MAX_DIGITS_LABEL = 'Maximum digits';

function wholeNumber(value: string): number | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

export type DraftCheck = { ok: true; parameter: Parameter } | { ok: false; problems: string[] };

/**
 * The draft as a parameter, or the sentences that say why it is not one yet: a number that is not a number,
 * then the core schema, then the contradictions the server would refuse (`parameterProblems`).
 */
export function parameterOfDraft(draft: ParameterDraft): DraftCheck {
  const problems: string[] = [];
  const name = draft.parameterName.trim();
  if (name === '' || name.length > 100) problems.push(PARAMETER_MESSAGES.name);
  const sequence = wholeNumber(draft.sequence);
  if (sequence === null || sequence === undefined || sequence < 1 || sequence > 1000)
    problems.push('Sequence: enter a whole number from 1 to 1000.');
  const numbers: Partial<Record<keyof typeof WHOLE_NUMBER_FIELDS, number | null>> = {};
  for (const [field, label] of Object.entries(WHOLE_NUMBER_FIELDS) as [keyof typeof WHOLE_NUMBER_FIELDS, string][]) {
    const value = wholeNumber(draft[field]);
    const shownLabel = field === 'maxlength' && draft.unittype === 'Integer' ? MAX_DIGITS_LABEL : label;
    if (value === undefined) problems.push(`${shownLabel}: enter a whole number of 0 or more, or leave it empty.`);
    else numbers[field] = value;
  }
  if (numbers.decimalplaces !== undefined && numbers.decimalplaces !== null && numbers.decimalplaces > 10)
    problems.push('Decimal places: 10 at most.');
  if (numbers.commonmastertype === 0) problems.push(PARAMETER_MESSAGES.masterType(name || 'This parameter'));
  const minText = draft.min.trim();
  const min = minText === '' ? null : Number(minText);
  if (min !== null && !Number.isFinite(min)) problems.push('Minimum: enter a number, or leave it empty.');
  if (problems.length > 0) return { ok: false, problems };

  const parsed = ParameterSchema.safeParse({
    parameterName: name,
    sequence,
    mandatory: draft.mandatory ? 'Y' : 'N',
    type: draft.type,
    unittype: draft.unittype,
    validator: draft.validator,
    pagecreationtype: draft.pagecreationtype,
    minlength: numbers.minlength,
    maxlength: numbers.maxlength,
    decimalplaces: numbers.decimalplaces,
    allownegative: draft.allownegative ? 'Y' : 'N',
    allownegativeforfloat: draft.allownegativeforfloat ? 'Y' : 'N',
    min,
    currentdate: String(draft.dateRule === 'currentdate'),
    greatthncurrentdate: String(draft.dateRule === 'greatthncurrentdate'),
    lessthncurrentdate: String(draft.dateRule === 'lessthncurrentdate'),
    booleanyes: draft.booleanyes,
    booleanno: draft.booleanno,
    commonmastertype: numbers.commonmastertype === 0 ? null : numbers.commonmastertype,
    sizeinKB: numbers.sizeinKB,
    height: numbers.height,
    width: numbers.width,
    // A text kind's flag as chosen; any other kind never translates (null: as its type says).
    translatable: isTextKind(draft) ? draft.translatable : null,
    showName: draft.showName,
    // Only a line of text can be a heading: another type or kind drops the choice.
    asHeading: draft.asHeading && isLineOfText(draft),
  });
  if (!parsed.success)
    return {
      ok: false,
      problems: [...new Set(parsed.error.issues.map((issue) => `${issue.path.join('.') || name}: ${issue.message}`))],
    };
  const contradictions = parameterProblems(parsed.data);
  return contradictions.length > 0 ? { ok: false, problems: contradictions } : { ok: true, parameter: parsed.data };
}

/** What the table says about a page before Add: its parameters and the row being edited (if any). */
export interface ParameterTable {
  rows: readonly Parameter[];
  /** The index in `rows` of the row loaded with Edit: the next Add replaces it. */
  editing: number | null;
}

export interface AddContext {
  /** For a wired page, the names a parameter may have (its fields); null for an Autowired page. */
  allowedNames: readonly ParameterLabel[] | null;
  pageName: string;
}

export const MAX_PARAMETERS = 100;

/** Why the parameter cannot join the table: a name used by another row, a field the wired page does not have, too many rows. */
export function tableProblems(table: ParameterTable, parameter: Parameter, context: AddContext): string[] {
  const problems: string[] = [];
  const key = parameter.parameterName.toLowerCase();
  if (table.rows.some((row, index) => index !== table.editing && row.parameterName.toLowerCase() === key)) {
    problems.push(PARAMETER_MESSAGES.duplicate(parameter.parameterName));
  }
  if (context.allowedNames && !context.allowedNames.some((label) => label.name === parameter.parameterName)) {
    problems.push(PARAMETER_MESSAGES.unknownField(parameter.parameterName, context.pageName));
  }
  if (table.editing === null && table.rows.length >= MAX_PARAMETERS) problems.push(PARAMETER_MESSAGES.tooMany);
  return problems;
}

/** Rows in the order of their sequence (a stable sort: equal sequences keep the order they were added in). */
export function bySequence(rows: readonly Parameter[]): Parameter[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.sequence - b.row.sequence || a.index - b.index)
    .map(({ row }) => row);
}

/** The sequence a new parameter starts with: one after the rows there are. */
export function nextSequence(rows: readonly Parameter[]): number {
  return rows.length + 1;
}

/**
 * Add (spec 001 §4): replaces the row being edited, or appends; then the form resets and the sequence
 * increments (after an append, one after the added row; after a replace, one after the last row).
 */
export function addToTable(table: ParameterTable, parameter: Parameter): { rows: Parameter[]; sequence: number } {
  if (table.editing !== null) {
    const rows = bySequence(table.rows.map((row, index) => (index === table.editing ? parameter : row)));
    return { rows, sequence: Math.max(nextSequence(rows), maxSequence(rows) + 1) };
  }
  const rows = bySequence([...table.rows, parameter]);
  return { rows, sequence: Math.max(parameter.sequence + 1, nextSequence(rows)) };
}

function maxSequence(rows: readonly Parameter[]): number {
  return rows.reduce((max, row) => Math.max(max, row.sequence), 0);
}

/**
 * Delete (spec 001 §4): the row goes and the form's sequence decrements (never below 1). Deleting the row
 * being edited ends the editing (the form starts a new parameter); deleting another keeps the edit on its row.
 */
export function deleteFromTable(
  table: ParameterTable,
  index: number,
  sequence: number,
): { rows: Parameter[]; editing: number | null; sequence: number; editEnded: boolean } {
  const rows = table.rows.filter((_, i) => i !== index);
  if (table.editing === index) return { rows, editing: null, sequence: nextSequence(rows), editEnded: true };
  if (table.editing !== null)
    return { rows, editing: table.editing > index ? table.editing - 1 : table.editing, sequence, editEnded: false };
  return { rows, editing: null, sequence: Math.max(1, sequence - 1), editEnded: false };
}

/** The Configuration column: type, kind, where it goes, whether it is required, what visitors see (and a selection, when it is one). */
export function describeConfiguration(p: Parameter): string {
  const kind = UNIT_TYPE_LABELS[p.unittype];
  const type = PARAMETER_TYPE_LABELS[p.type];
  const parts: string[] = [
    type === kind ? type : `${type} (${kind.toLowerCase()})`,
    PAGE_LEVEL_LABELS[p.pagecreationtype],
    p.mandatory === 'Y' ? 'Required' : 'Optional',
  ];
  if (isTextKind(p) && !isTranslatableParameter(p)) parts.push('Not translated');
  if (p.asHeading) parts.push('A heading');
  parts.push(showsNameToVisitors(p) ? 'Name shown to visitors' : 'Name not shown');
  if (p.validator === 'User Selection') parts.push(VALIDATOR_LABELS['User Selection']);
  return parts.join(' · ');
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function lengthSummary(min: number | null, max: number | null, unit: string): string | null {
  if (min !== null && max !== null) return `length ${min}–${max}`;
  if (min !== null) return `at least ${plural(min, unit, `${unit}s`)}`;
  if (max !== null) return `at most ${plural(max, unit, `${unit}s`)}`;
  return null;
}

/** The Validations column: the rules of the parameter's kind in words ('length 5–80', 'future date', '2 decimal places', 'Yes/No'). */
export function describeValidations(p: Parameter): string {
  const parts: (string | null)[] = [];
  switch (p.unittype) {
    case 'Character':
    case 'Richtext':
      parts.push(lengthSummary(p.minlength, p.maxlength, 'character'));
      break;
    case 'Integer':
      parts.push(p.maxlength === null ? null : `up to ${plural(p.maxlength, 'digit', 'digits')}`);
      parts.push(p.allownegative === 'Y' ? 'negatives allowed' : 'no negatives');
      parts.push(p.min === null ? null : `minimum ${p.min}`);
      break;
    case 'Float':
      parts.push(p.decimalplaces === null ? null : plural(p.decimalplaces, 'decimal place', 'decimal places'));
      parts.push(p.allownegativeforfloat === 'Y' ? 'negatives allowed' : 'no negatives');
      parts.push(p.min === null ? null : `minimum ${p.min}`);
      break;
    case 'Date': {
      const rule = DATE_RULES.find((r) => p[r] === 'true');
      parts.push(rule ? DATE_RULE_SUMMARIES[rule] : 'any date');
      break;
    }
    case 'Boolean':
      parts.push(`${p.booleanyes || 'Yes'}/${p.booleanno || 'No'}`);
      break;
    case 'MasterData':
      parts.push(p.commonmastertype === null ? 'no master type' : `master type ${p.commonmastertype}`);
      break;
    case 'Image':
      parts.push(p.sizeinKB === null ? null : `up to ${p.sizeinKB} KB`);
      parts.push(p.width === null ? null : `width ${p.width} px`);
      parts.push(p.height === null ? null : `height ${p.height} px`);
      break;
  }
  const shown = parts.filter((part): part is string => part !== null);
  return shown.length > 0 ? shown.join(', ') : 'No limits';
}
