import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FieldRuleSchema } from '../../core/field-rules/field-rule';
import { replies, typed } from '../http/contract';
import { getActiveRules } from './field-rules.service';

/** getParamconf's body (spec 000 §7): the stored menupageid, which the earlier client sends as a number or a string. */
const ParamconfRequestSchema = z.object({
  id: z.union([
    z.number().int().positive(),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { message: 'must be a page id' })
      .transform(Number),
  ]),
});

export async function fieldRuleRoutes(app: FastifyInstance): Promise<void> {
  // Public: the editors read the rules to check entries before Add, and the rules are not secret (they are
  // the limits a visitor could learn by trying); the server applies them again on every save.
  typed(app).post(
    '/api/master/getParamconf',
    { config: { access: { public: true } }, schema: { body: ParamconfRequestSchema, response: replies(z.object({ activeList: z.array(FieldRuleSchema) }), [400, 404]) } },
    async (request) => ({ activeList: await getActiveRules(request.tenant, request.body.id) }),
  );
}
