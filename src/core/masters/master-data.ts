import { z } from 'zod';
import { databaseId } from '../schemas/ids';
import { searchTextSchema } from '../schemas/paging';

/**
 * Master data (spec 001 §7 common master calls, docs/design.md §14): types (Country, State, City, Industry Segment, …),
 * optionally depending on another type (City on State on Country), and their values. Values are deactivated,
 * never deleted: content that chose one keeps showing it; new choices no longer offer it.
 */
export const MASTER_MESSAGES = {
  saved: 'Record Saved Successfully!',
  code: 'Enter a code of 1 to 20 characters: letters, digits, hyphens or underscores.',
  name: 'Enter a name of 1 to 100 characters.',
  duplicateTypeCode: (code: string) => `A master type with the code ${code} already exists.`,
  duplicateValueCode: (code: string, type: string) => `The type ${type} already has a value with the code ${code}.`,
  cycle: 'A type cannot depend on itself or on a type that depends on it.',
  unknownType: 'This master type does not exist.',
  inactiveType: 'This master type is inactive; activate it first.',
  parentNeeded: (type: string, parent: string) => `A value of ${type} needs its ${parent}.`,
  parentWrongType: (parent: string) => `The parent value must be an active value of ${parent}.`,
  noParent: (type: string) => `Values of ${type} have no parent: the type depends on no other type.`,
  notFound: 'This record no longer exists.',
} as const;

export const MASTER_PAGE_SIZE = 10;

const YesNo = z.enum(['Y', 'N']);
const id = databaseId();
const optionalId = databaseId().nullable().optional();
const code = z
  .string({ message: MASTER_MESSAGES.code })
  .trim()
  .min(1, { message: MASTER_MESSAGES.code })
  .max(20, { message: MASTER_MESSAGES.code })
  .regex(/^[A-Za-z0-9_-]+$/, { message: MASTER_MESSAGES.code });
const name = z
  .string({ message: MASTER_MESSAGES.name })
  .trim()
  .min(1, { message: MASTER_MESSAGES.name })
  .max(100, { message: MASTER_MESSAGES.name });
const pageno = z.coerce.number().int().min(1).max(100000).default(1);
/** Any text is searched as text (a longer one is cut, never refused: paging.ts). */
const searchText = searchTextSchema.default('');

// ---- Types -------------------------------------------------------------------------------------------------

/** savecommonmastertype {id?, code, name, dependsOn?}. */
export const MasterTypeInputSchema = z.object({ id: id.optional(), code, name, dependsOn: optionalId });
export type MasterTypeInput = z.output<typeof MasterTypeInputSchema>;

export const MasterTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  dependsOn: z.number().int().nullable(),
  dependsOnName: z.string().nullable(),
  activeStatus: YesNo,
});
export type MasterType = z.infer<typeof MasterTypeSchema>;

/** getCommasterType {pageno, searchText?} → {items, totalItems}, 10 a page. */
export const MasterTypeListRequestSchema = z.object({ pageno, searchText }).default({ pageno: 1, searchText: '' });
export const MasterTypeListSchema = z.object({
  items: z.array(MasterTypeSchema.extend({ srno: z.number().int() })),
  totalItems: z.number().int(),
});

/** getCommasterTypefordependacy {id?}: the types the type `id` may depend on (none that would close a cycle). */
export const DependencyOptionsRequestSchema = z.object({ id: id.optional() }).default({});
export const MasterTypeOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  dependsOn: z.number().int().nullable(),
});

// ---- Values ------------------------------------------------------------------------------------------------

/** savecommonmaster {id?, typeId, code, name, sequence?, parentId?}. */
export const MasterValueInputSchema = z.object({
  id: id.optional(),
  typeId: id,
  code,
  name,
  sequence: z.coerce.number().int().min(0).max(100000).default(0),
  parentId: optionalId,
});
export type MasterValueInput = z.output<typeof MasterValueInputSchema>;

export const MasterValueSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  code: z.string(),
  name: z.string(),
  sequence: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  activeStatus: YesNo,
});
export type MasterValue = z.infer<typeof MasterValueSchema>;

/** getCommonMaster {typeId?, pageno}; getSearchForcommonMaster {searchText, typeId?, pageno}. */
export const MasterValueListRequestSchema = z
  .object({ typeId: id.optional(), pageno, searchText })
  .default({ pageno: 1, searchText: '' });
export const MasterValueListSchema = z.object({
  items: z.array(MasterValueSchema.extend({ srno: z.number().int() })),
  totalItems: z.number().int(),
});

/**
 * getCommonMasterfordependancy {typeId, parentId?, include?}: the active values a dropdown offers, in sequence
 * order; `include` adds values of the type by id whatever their status or parent (the values a document already
 * holds, so that an editor can show a value deactivated since it was chosen by its name). Ids of other types
 * are left out.
 */
export const MasterChoicesRequestSchema = z.object({
  typeId: id,
  parentId: optionalId,
  include: z.array(id).max(200).optional(),
});
export const MasterChoiceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  /** False for an included value that is no longer active (not to be offered for a new choice); true when left out. */
  active: z.boolean().optional(),
});
export type MasterChoice = z.infer<typeof MasterChoiceSchema>;

/** savecommonmasterdependancy {valueId, parentId}: sets a value's parent. */
export const MasterDependencyInputSchema = z.object({ valueId: id, parentId: id });

// ---- Shared ------------------------------------------------------------------------------------------------

export const MasterIdSchema = z.object({ id });
export const MasterStatusSchema = z.object({ id, activeStatus: YesNo });
export const MasterSaveAnswerSchema = z.object({
  status: z.literal('Success'),
  message: z.string(),
  id: z.number().int(),
});
export const MasterStatusAnswerSchema = z.object({ status: z.literal('Success'), message: z.string() });
