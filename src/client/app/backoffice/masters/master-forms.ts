import { z } from 'zod';
import {
  MASTER_MESSAGES,
  MasterTypeInputSchema,
  MasterValueInputSchema,
  type MasterChoice,
  type MasterType,
  type MasterTypeInput,
  type MasterValue,
  type MasterValueInput,
} from '../../../../core/masters/master-data';

/**
 * The two master-data forms: their values (the contract's input schemas, with the ids as the selects' strings),
 * their defaults, what their selects offer, and the contract input they send. No React here: the screens
 * render, this decides.
 */

export interface SelectOption {
  value: string;
  label: string;
}

/** A select's value for an id: '' is the empty first choice. */
const idString = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));
const optionalIdOf = (value: string) => (value === '' ? null : Number(value));
const ID_PATTERN = /^[1-9]\d*$/;
const OPTIONAL_ID_PATTERN = /^(?:[1-9]\d*)?$/;

export const SELECT_TYPE_MESSAGE = 'Select a master type.';
export const SEQUENCE_MESSAGE = 'Enter a sequence: a whole number from 0 to 100000.';
export const SEQUENCE_MAX = 100000;

// ---- Types -------------------------------------------------------------------------------------------------

/** The type form: the contract's code and name; Depends on as the select's string ('' for none). */
export const MasterTypeFormSchema = MasterTypeInputSchema.pick({ code: true, name: true }).extend({
  dependsOn: z.union([z.literal(''), z.string().regex(ID_PATTERN)]),
});
export type MasterTypeFormInput = z.input<typeof MasterTypeFormSchema>;
export type MasterTypeFormOutput = z.output<typeof MasterTypeFormSchema>;

export function masterTypeFormValues(record?: MasterType): MasterTypeFormInput {
  return record
    ? { code: record.code, name: record.name, dependsOn: idString(record.dependsOn) }
    : { code: '', name: '', dependsOn: '' };
}

/** savecommonmastertype's body, read through the contract. */
export function masterTypeInput(values: MasterTypeFormOutput, id?: number): MasterTypeInput {
  return MasterTypeInputSchema.parse({
    ...(id === undefined ? {} : { id }),
    code: values.code,
    name: values.name,
    dependsOn: optionalIdOf(values.dependsOn),
  });
}

/**
 * What Depends on offers: the types the server allows (no cycle), and the type's saved choice even when the
 * server no longer offers it (an inactive type), so that the select shows what is saved.
 */
export function dependencyOptions(
  allowed: ReadonlyArray<{ id: number; name: string }>,
  record?: Pick<MasterType, 'dependsOn' | 'dependsOnName'>,
): SelectOption[] {
  const options = allowed.map((type) => ({ value: String(type.id), label: type.name }));
  if (record?.dependsOn != null && !allowed.some((type) => type.id === record.dependsOn)) {
    options.push({ value: String(record.dependsOn), label: record.dependsOnName ?? `Type ${record.dependsOn}` });
  }
  return options;
}

// ---- Values ------------------------------------------------------------------------------------------------

/** The value form: the contract's code and name; the type, sequence and parent as the inputs' strings. */
export const MasterValueFormSchema = MasterValueInputSchema.pick({ code: true, name: true }).extend({
  typeId: z.string().regex(ID_PATTERN, { message: SELECT_TYPE_MESSAGE }),
  sequence: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, { message: SEQUENCE_MESSAGE })
    .refine((text) => text === '' || Number(text) <= SEQUENCE_MAX, { message: SEQUENCE_MESSAGE }),
  parentId: z.string().regex(OPTIONAL_ID_PATTERN),
});
export type MasterValueFormInput = z.input<typeof MasterValueFormSchema>;
export type MasterValueFormOutput = z.output<typeof MasterValueFormSchema>;

/**
 * The value form's schema for the type chosen: a type that depends on another needs its parent value, with the
 * server's own sentence ("A value of City needs its State.").
 */
export function masterValueFormSchemaFor(
  parent: { typeName: string; parentTypeName: string } | null,
): typeof MasterValueFormSchema {
  if (!parent) return MasterValueFormSchema;
  return MasterValueFormSchema.extend({
    parentId: z
      .string()
      .regex(ID_PATTERN, { message: MASTER_MESSAGES.parentNeeded(parent.typeName, parent.parentTypeName) }),
  });
}

/** A new value starts in the type the list is filtered by, if any. */
export function masterValueFormValues(record?: MasterValue, filterTypeId?: number): MasterValueFormInput {
  if (!record) return { typeId: idString(filterTypeId), code: '', name: '', sequence: '', parentId: '' };
  return {
    typeId: String(record.typeId),
    code: record.code,
    name: record.name,
    sequence: String(record.sequence),
    parentId: idString(record.parentId),
  };
}

/** savecommonmaster's body: an empty sequence is the contract's default (0); a parent only where the type has one. */
export function masterValueInput(
  values: MasterValueFormOutput,
  parentTypeId: number | null,
  id?: number,
): MasterValueInput {
  return MasterValueInputSchema.parse({
    ...(id === undefined ? {} : { id }),
    typeId: Number(values.typeId),
    code: values.code,
    name: values.name,
    ...(values.sequence === '' ? {} : { sequence: Number(values.sequence) }),
    parentId: parentTypeId === null ? null : optionalIdOf(values.parentId),
  });
}

type TypeOption = { id: number; name: string; dependsOn: number | null };

/**
 * What the Type select offers: the active types, and the edited value's own type even when it is inactive now
 * (its dependency is then unknown here: the value's saved parent tells whether it has one).
 */
export function typeOptions(
  active: readonly TypeOption[],
  record?: Pick<MasterValue, 'typeId' | 'typeName'>,
): SelectOption[] {
  const options = active.map((type) => ({ value: String(type.id), label: type.name }));
  if (record && !active.some((type) => type.id === record.typeId))
    options.push({ value: String(record.typeId), label: record.typeName });
  return options;
}

/**
 * The type a chosen type depends on, with its name; null when it depends on none. The active types say it; a
 * chosen type that is not among them (the edited value's inactive type) is read from its own record.
 */
export function parentTypeOf(
  typeId: string,
  types: readonly TypeOption[],
  typeRecord?: Pick<MasterType, 'id' | 'dependsOn' | 'dependsOnName'>,
): { id: number; name: string } | null {
  const type = types.find((candidate) => String(candidate.id) === typeId);
  if (type) {
    if (type.dependsOn === null) return null;
    const parent = types.find((candidate) => candidate.id === type.dependsOn);
    return { id: type.dependsOn, name: parent?.name ?? 'the parent type' };
  }
  if (typeRecord && String(typeRecord.id) === typeId && typeRecord.dependsOn !== null) {
    return { id: typeRecord.dependsOn, name: typeRecord.dependsOnName ?? 'the parent type' };
  }
  return null;
}

/**
 * What Parent value offers: the parent type's active values, and the edited value's saved parent even when it
 * is inactive now (it stays shown where it was chosen; only new choices leave it out).
 */
export function parentOptions(
  choices: readonly MasterChoice[],
  saved?: { parentId: number | null; parentName: string | null },
): SelectOption[] {
  const options = choices.map((choice) => ({ value: String(choice.id), label: choice.name }));
  if (saved?.parentId != null && !choices.some((choice) => choice.id === saved.parentId)) {
    options.push({
      value: String(saved.parentId),
      label: `${saved.parentName ?? `Value ${saved.parentId}`} (inactive)`,
    });
  }
  return options;
}

// ---- Lists -------------------------------------------------------------------------------------------------

/** The empty type list says what was searched. */
export function typeListEmptyMessage(searchText: string): string {
  return searchText === '' ? 'No master types yet' : `No master types match '${searchText}'`;
}

/** The empty value list says what was searched, and in which type. */
export function valueListEmptyMessage(searchText: string, typeName?: string): string {
  const what = typeName ? `No values of ${typeName}` : 'No master values';
  return searchText === '' ? `${what} yet` : `${what} match '${searchText}'`;
}
