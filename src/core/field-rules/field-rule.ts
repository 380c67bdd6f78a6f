import { z } from 'zod';
import { databaseId } from '../schemas/ids';

/**
 * One field rule of a page (spec 000 §3 'Field rule configuration', served by getParamconf as activeList).
 * Flags are the strings 'true' / 'false' as in the spec; lengths are numbers or empty.
 */
export const FieldRuleSchema = z.object({
  parameterName: z.string(),
  type: z.string(),
  minlength: z.union([z.number(), z.string()]).nullable().optional(),
  maxlength: z.union([z.number(), z.string()]).nullable().optional(),
  decimalplaces: z.union([z.number(), z.string()]).nullable().optional(),
  currentdate: z.string().nullable().optional(),
  greatthncurrentdate: z.string().nullable().optional(),
  lessthncurrentdate: z.string().nullable().optional(),
  // Set by parameter configuration (docs/design.md §12); a rule without them keeps spec 000 §5's behaviour.
  /** 'Y': a blank value is refused; 'N': a blank value of a non-text kind is accepted. */
  mandatory: z.enum(['Y', 'N']).optional(),
  unittype: z.string().optional(),
  /** 'N': a negative number is refused. */
  allownegative: z.enum(['Y', 'N']).optional(),
  /** The smallest number accepted. */
  min: z.number().nullable().optional(),
  /** Images: the largest file in KB (checked where the file is known), width and height in pixels at most. */
  sizeinKB: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  width: z.number().nullable().optional(),
});
export type FieldRule = z.infer<typeof FieldRuleSchema>;

/** getParamconf's body (spec 000 §7): the stored menupageid, which the earlier client sends as a number or a string. */
export const ParamconfRequestSchema = z.object({
  id: z.union([
    databaseId({ coerce: false }),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { message: 'must be a page id' })
      .transform(Number),
  ]),
});

/**
 * The outcome of checking one entry: the first failure, with the spec's title 'Oops', its message (naming the
 * field by its label) and the failing field's parameter name (so that an editor shows the message at it).
 */
export type RuleCheck = { ok: true } | { ok: false; title: 'Oops'; message: string; field: string };

/** The words a form shows for its fields, by parameter name: what messages call them (docs/design.md §24). */
export type FieldLabels = Readonly<Record<string, string>>;
