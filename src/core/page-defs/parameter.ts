import { z } from 'zod';
import { databaseId } from '../schemas/ids';
import type { FieldRule } from '../field-rules/field-rule';

/**
 * A page's parameters (spec 001 §3 parameter configuration item, docs/design.md §12): the fields of an Autowired
 * page, and the field rules of every page. getParamconf is derived from them, so the editors, the server's
 * save check and the configuration screen share one source.
 */
export const PARAMETER_MESSAGES = {
  saved: 'Record Saved Successfully!',
  failed: 'Please Check Again!',
  name: 'Enter a parameter name of 1 to 100 characters.',
  duplicate: (name: string) => `The parameter ${name} is there twice; each name may be used once.`,
  minMax: (name: string) => `Parameter ${name}: the minimum length is more than the maximum length.`,
  dates: (name: string) => `Parameter ${name}: choose one date rule at most (today, future or past).`,
  masterType: (name: string) => `Parameter ${name}: choose the master type its values come from.`,
  selection: (name: string) =>
    `Parameter ${name}: a User Selection parameter takes its choices from master data; choose the MasterData kind.`,
  unknownField: (name: string, page: string) =>
    `${name} is not a field of the page ${page}; choose one from the list of its labels.`,
  kindMismatch: (name: string) => `Parameter ${name}: the type and the kind of value do not go together.`,
  heading: (name: string) =>
    `Parameter ${name}: only a line of text (Textarea of Character kind) can be shown as a heading.`,
  tooMany: 'A page has at most 100 parameters.',
  formOnce: (name: string) => `Parameter ${name}: a form is shown once on a page; choose “Once on the page” (Header).`,
} as const;

export const PARAMETER_TYPES = [
  'Textarea',
  'number',
  'Dropdown',
  'Radio',
  'Checkbox',
  'Date',
  'Richtext',
  'Image',
  'Form',
] as const;
export const UNIT_TYPES = [
  'Character',
  'Float',
  'Integer',
  'Date',
  'Boolean',
  'MasterData',
  'Richtext',
  'Image',
] as const;
export const VALIDATORS = ['User Entry', 'User Selection'] as const;
export const PAGE_LEVELS = ['Header', 'Detail'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
export type UnitType = (typeof UNIT_TYPES)[number];

/** Which kinds of value each type can hold (the configuration screen offers these, the server checks them). */
export const UNIT_TYPES_OF: Record<ParameterType, readonly UnitType[]> = {
  Textarea: ['Character'],
  number: ['Integer', 'Float'],
  Dropdown: ['MasterData', 'Character'],
  Radio: ['MasterData', 'Character', 'Boolean'],
  Checkbox: ['Boolean'],
  Date: ['Date'],
  Richtext: ['Richtext'],
  Image: ['Image'],
  // A form made without code (docs/design.md §30): the value is the form's id.
  Form: ['Integer'],
};

const flag = z.enum(['true', 'false']).default('false');
const yesNo = z.enum(['Y', 'N']).default('N');
const limit = z.coerce.number().int().min(0).max(1_000_000).nullable().default(null);
const label = z.string().trim().max(30).default('');

export const ParameterSchema = z.object({
  parameterName: z
    .string({ message: PARAMETER_MESSAGES.name })
    .trim()
    .min(1, { message: PARAMETER_MESSAGES.name })
    .max(100, { message: PARAMETER_MESSAGES.name }),
  sequence: z.coerce.number().int().min(1).max(1000),
  mandatory: yesNo,
  type: z.enum(PARAMETER_TYPES),
  unittype: z.enum(UNIT_TYPES),
  validator: z.enum(VALIDATORS).default('User Entry'),
  pagecreationtype: z.enum(PAGE_LEVELS).default('Detail'),
  minlength: limit,
  maxlength: limit,
  decimalplaces: z.coerce.number().int().min(0).max(10).nullable().default(null),
  allownegative: yesNo,
  allownegativeforfloat: yesNo,
  min: z.coerce.number().finite().nullable().default(null),
  currentdate: flag,
  greatthncurrentdate: flag,
  lessthncurrentdate: flag,
  booleanyes: label,
  booleanno: label,
  commonmastertype: databaseId().nullable().default(null),
  sizeinKB: limit,
  height: limit,
  width: limit,
  /** Whether the field's values are translated (docs/design.md §28); null follows its type: text kinds translate. */
  translatable: z.boolean().nullable().default(null),
  /** Whether visitors see the field's name above its value (docs/design.md §34); null follows its kind (`showsNameToVisitors`). */
  showName: z.boolean().nullable().default(null),
  /** A line of text that visitors read as a heading (docs/design.md §34). */
  asHeading: z.boolean().default(false),
});
export type ParameterInput = z.input<typeof ParameterSchema>;
export type Parameter = z.output<typeof ParameterSchema>;

/** Contradictions within one parameter, as sentences (docs/design.md §12); empty when it is consistent. */
export function parameterProblems(p: Parameter): string[] {
  const problems: string[] = [];
  const name = p.parameterName;
  if (!UNIT_TYPES_OF[p.type].includes(p.unittype)) problems.push(PARAMETER_MESSAGES.kindMismatch(name));
  if (p.minlength !== null && p.maxlength !== null && p.minlength > p.maxlength)
    problems.push(PARAMETER_MESSAGES.minMax(name));
  if ([p.currentdate, p.greatthncurrentdate, p.lessthncurrentdate].filter((f) => f === 'true').length > 1)
    problems.push(PARAMETER_MESSAGES.dates(name));
  if (p.unittype === 'MasterData' && p.commonmastertype === null) problems.push(PARAMETER_MESSAGES.masterType(name));
  if (p.validator === 'User Selection' && p.unittype !== 'MasterData')
    problems.push(PARAMETER_MESSAGES.selection(name));
  if (p.asHeading && !isLineOfText(p)) problems.push(PARAMETER_MESSAGES.heading(name));
  if (p.type === 'Form' && p.pagecreationtype !== 'Header') problems.push(PARAMETER_MESSAGES.formOnce(name));
  return problems;
}

/** saveParameters: a page's whole configuration at once; contradictions and duplicate names are refused. */
export const SaveParametersSchema = z
  .object({ id: databaseId(), parameters: z.array(ParameterSchema).max(100, { message: PARAMETER_MESSAGES.tooMany }) })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.parameters.forEach((p, index) => {
      const key = p.parameterName.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['parameters', index, 'parameterName'],
          message: PARAMETER_MESSAGES.duplicate(p.parameterName),
        });
      seen.add(key);
      for (const message of parameterProblems(p))
        ctx.addIssue({ code: 'custom', path: ['parameters', index], message });
    });
  });
export type SaveParametersData = z.output<typeof SaveParametersSchema>;

/** A name the parameter dropdown offers: a field of a wired page with its on-screen label, or an Autowired parameter. */
export const ParameterLabelSchema = z.object({ name: z.string(), label: z.string() });
export type ParameterLabel = z.infer<typeof ParameterLabelSchema>;

/** The field rule the engine checks (getParamconf's activeList entry, spec 000 §3, plus the limits docs/design.md §12 adds). */
export function fieldRuleOf(p: Parameter): FieldRule {
  return {
    parameterName: p.parameterName,
    type: p.type,
    minlength: p.minlength,
    maxlength: p.maxlength,
    decimalplaces: p.decimalplaces,
    currentdate: p.currentdate,
    greatthncurrentdate: p.greatthncurrentdate,
    lessthncurrentdate: p.lessthncurrentdate,
    unittype: p.unittype,
    mandatory: p.mandatory,
    allownegative: p.unittype === 'Float' ? p.allownegativeforfloat : p.allownegative,
    min: p.min,
    sizeinKB: p.sizeinKB,
    height: p.height,
    width: p.width,
  };
}

/** A default field rule of a wired page (its page file) as a stored parameter. */
export function parameterOfRule(rule: FieldRule, sequence: number): Parameter {
  const type = (PARAMETER_TYPES as readonly string[]).includes(rule.type) ? (rule.type as ParameterType) : 'Textarea';
  const places =
    rule.decimalplaces === null || rule.decimalplaces === undefined || rule.decimalplaces === ''
      ? null
      : Number(rule.decimalplaces);
  const unittype: UnitType =
    type === 'number'
      ? places && places > 0
        ? 'Float'
        : 'Integer'
      : type === 'Richtext'
        ? 'Richtext'
        : type === 'Date'
          ? 'Date'
          : type === 'Image'
            ? 'Image'
            : 'Character';
  const num = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));
  // Rules from before parameter configuration: every field was required (unless the rule says it is optional,
  // as a page's lead does) and signs were not checked.
  return ParameterSchema.parse({
    parameterName: rule.parameterName,
    sequence,
    mandatory: rule.mandatory ?? 'Y',
    allownegative: 'Y',
    allownegativeforfloat: 'Y',
    type,
    unittype,
    minlength: num(rule.minlength),
    maxlength: num(rule.maxlength),
    decimalplaces: places,
    currentdate: rule.currentdate ?? 'false',
    greatthncurrentdate: rule.greatthncurrentdate ?? 'false',
    lessthncurrentdate: rule.lessthncurrentdate ?? 'false',
  });
}

/** Whether a page-builder field's values translate (docs/design.md §28): as its flag says, else text kinds do. */
export function isTranslatableParameter(p: Pick<Parameter, 'translatable' | 'type' | 'unittype'>): boolean {
  return p.translatable ?? ((p.type === 'Textarea' && p.unittype === 'Character') || p.type === 'Richtext');
}

/** A line of text: the one kind that can be shown to visitors as a heading (docs/design.md §34). */
export function isLineOfText(p: Pick<Parameter, 'type' | 'unittype'>): boolean {
  return p.type === 'Textarea' && p.unittype === 'Character';
}

/**
 * Whether visitors see a field's name above its value (docs/design.md §34): as its flag says, else only the kinds that
 * need a label to be understood (a price, a date, a yes or no); text is content and reads on its own.
 */
export function showsNameToVisitors(p: Pick<Parameter, 'showName' | 'type' | 'unittype'>): boolean {
  return p.showName ?? !isTranslatableParameter({ type: p.type, unittype: p.unittype, translatable: null });
}
