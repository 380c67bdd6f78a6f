import { z } from 'zod';
import type { RefusalShape } from './route';

// The shapes of every route's error answers, for the server's validation of its answers and the OpenAPI document; a file
// of its own, so that the browser, which reads a refusal's `{message, field}` without a schema, does not load them.

/** The spec's refusal shapes, chosen per route (`refusal`) and shaped by the server's one error handler. */
export const REFUSAL_SCHEMAS = {
  NO: z.object({ status: z.literal('NO'), message: z.string() }),
  No: z.object({ status: z.literal('No'), message: z.string() }),
  error: z.object({ status: z.literal('error'), message: z.string() }),
  'error-rescore': z.object({ status: z.literal('error'), message: z.string(), rescoremessage: z.string() }),
} as const satisfies Record<RefusalShape, z.ZodType>;

/** Every error answer: one human sentence, and the field it is about when it is about one (docs/design.md §25). */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    field: z.string().optional().meta({
      description:
        'The field the refusal is about, as a dotted path into the body (`password`, `skillList.2.skillName`); absent when it is about no one field.',
    }),
    confirm: z.literal(true).optional().meta({
      description:
        'A 409 that asks first: the message is a question, and the same call with its confirmation (`confirmed: true`) goes ahead.',
    }),
  })
  .meta({ description: 'A sentence saying what went wrong.' });
