import { z } from 'zod';
import { FieldRuleSchema, ParamconfRequestSchema } from '../field-rules/field-rule';
import { route } from './route';

/**
 * A page's field rules (docs/design.md §12). Public: the editors read the rules to check entries before Add, and the
 * rules are not secret; the server applies them again on every save.
 */
export const fieldRules = route({
  method: 'POST',
  path: '/api/master/getParamconf',
  body: ParamconfRequestSchema,
  reply: z.object({ activeList: z.array(FieldRuleSchema) }),
  errors: [400, 404],
  access: { public: true },
});
