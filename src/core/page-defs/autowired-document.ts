import { z } from 'zod';
import { databaseId } from '../schemas/ids';
import type { FieldRule } from '../field-rules/field-rule';
import { LIMITS, richText, urlText } from '../schemas/fields';
import { LocaleCodeSchema } from '../schemas/locale';
import { publishFields } from '../schemas/revision';
import { SeoSchema, type Seo } from '../schemas/seo';
import { fieldRuleOf, type Parameter } from './parameter';

/**
 * An Autowired page's content document (docs/design.md §13): `{ header: {param: value}, rows: [{param: value}],
 * revision }`. Header parameters are the page's single fields, Detail parameters the columns of its entry
 * list. The schema is built from the page's parameters, so it changes when they do.
 */
export type AutowiredValue = string | number | boolean | null;
export interface AutowiredDocument {
  header: Record<string, AutowiredValue>;
  rows: Array<Record<string, AutowiredValue>>;
  revision: number;
  /** The page's own title, description and sharing image (docs/design.md §20). */
  seo?: Seo;
  menupageid?: number;
  commonrouting?: string;
}

export const emptyAutowiredDocument = (): AutowiredDocument => ({ header: {}, rows: [], revision: 0 });

/** The value schema of one parameter, by its type; every field may be left out or blank (Mandatory is a rule). */
export function valueSchema(p: Parameter): z.ZodType {
  switch (p.type) {
    case 'Richtext':
      return richText().nullable().optional();
    case 'Image':
      return urlText().nullable().optional();
    case 'Form':
      // The id of a form made without code (docs/design.md §30), chosen from the forms there are.
      return databaseId({ coerce: false, message: 'must be a form of the forms screen' }).nullable().optional();
    case 'number':
      // As typed, so that 12.50 keeps the decimal places its rule may ask for.
      return z
        .union([
          z.number().finite(),
          z
            .string()
            .trim()
            .regex(/^(-?\d{1,15}(\.\d{1,10})?)?$/, { message: 'must be a number' }),
        ])
        .nullable()
        .optional();
    case 'Date':
      return z
        .string()
        .regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: 'must be a date (YYYY-MM-DD)' })
        .nullable()
        .optional();
    case 'Checkbox':
      return z.boolean().nullable().optional();
    case 'Dropdown':
    case 'Radio':
      return z
        .union([z.string().trim().max(LIMITS.shortText), z.number().int(), z.boolean()])
        .nullable()
        .optional();
    case 'Textarea':
      return z
        .string()
        .trim()
        .max(LIMITS.paragraph, { message: `must be at most ${LIMITS.paragraph} characters` })
        .nullable()
        .optional();
  }
}

export function headerParameters(parameters: readonly Parameter[]): Parameter[] {
  return parameters.filter((p) => p.pagecreationtype === 'Header');
}
export function detailParameters(parameters: readonly Parameter[]): Parameter[] {
  return parameters.filter((p) => p.pagecreationtype === 'Detail');
}

/** The schema of a save (unknown fields refused: a removed parameter's value has to go before a save). */
export function autowiredDocumentSchema(parameters: readonly Parameter[]) {
  const shape = (list: readonly Parameter[]) =>
    z.strictObject(Object.fromEntries(list.map((p) => [p.parameterName, valueSchema(p)])));
  return z.strictObject({
    header: shape(headerParameters(parameters)),
    rows: z
      .array(shape(detailParameters(parameters)))
      .max(LIMITS.listEntries, { message: `must have at most ${LIMITS.listEntries} entries` }),
    revision: databaseId({ coerce: false, zero: true }),
    // The spec's page fields may come back from the get call; the call names the page, so they are ignored.
    menupageid: databaseId({ coerce: false }).optional(),
    commonrouting: z.string().max(100).optional(),
    seo: SeoSchema.optional(),
    // What the editor read beside the document (status, publishAt, and so on): accepted and ignored (docs/design.md §19).
    status: publishFields.status,
    publishAt: publishFields.publishAt,
    savedAt: publishFields.savedAt,
    published: publishFields.published,
    scheduled: publishFields.scheduled,
    nextRevision: publishFields.nextRevision,
    seoDefaults: publishFields.seoDefaults,
  });
}

/** Names a place in an Autowired document ('Entry 2: the jobTitle', 'The title'). */
export function describeAutowiredPath(path: readonly PropertyKey[]): string | null {
  if (path[0] === 'header' && typeof path[1] === 'string' && path.length === 2) return `The ${path[1]}`;
  if (path[0] === 'rows' && typeof path[1] === 'number') {
    if (path.length === 2) return `Entry ${path[1] + 1}`;
    if (typeof path[2] === 'string' && path.length === 3) return `Entry ${path[1] + 1}: the ${path[2]}`;
  }
  if (path[0] === 'rows' && path.length === 1) return 'The list of entries';
  return null;
}

/** Every parameter present in the part it belongs to (a missing value is blank), so Mandatory is checked. */
export function withAllFields(document: AutowiredDocument, parameters: readonly Parameter[]): AutowiredDocument {
  const fill = (values: Record<string, AutowiredValue>, list: readonly Parameter[]) =>
    Object.fromEntries(list.map((p) => [p.parameterName, values[p.parameterName] ?? null]));
  return {
    ...document,
    header: fill(document.header, headerParameters(parameters)),
    rows: document.rows.map((row) => fill(row, detailParameters(parameters))),
  };
}

/** The field rules of the header and of each row. */
export function autowiredRules(parameters: readonly Parameter[]): { header: FieldRule[]; rows: FieldRule[] } {
  return { header: headerParameters(parameters).map(fieldRuleOf), rows: detailParameters(parameters).map(fieldRuleOf) };
}

const Routing = z.string().trim().min(1).max(100);
/** getpagecontent: any page's content document by its routing name. */
/** getpagecontent: the page, and optionally the language to read it in (docs/design.md §28; absent: the default). */
export const PageContentRequestSchema = z.object({ commonrouting: Routing, locale: LocaleCodeSchema.optional() });
/** savepagecontent: an Autowired page's document; its fields are checked against the page's parameters. */
export const SavePageContentSchema = z.object({
  commonrouting: Routing,
  document: z.record(z.string(), z.unknown()),
  /** "now" (or absent) publishes, "draft" stores a draft, a future ISO 8601 time schedules it (docs/design.md §19). */
  publish: publishFields.publish,
});
export const RestorePageContentSchema = z.object({ commonrouting: Routing, revision: databaseId({ coerce: false }) });
/** A content document as getpagecontent answers it (the twelve pages' or an Autowired page's shape). */
export const AnyDocumentSchema = z.object({ revision: z.number().int() }).loose();
