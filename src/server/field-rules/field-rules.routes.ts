import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FieldRuleSchema, ParamconfRequestSchema } from '../../core/field-rules/field-rule';
import { replies, typed } from '../http/contract';
import { getActiveRules } from './field-rules.service';

export async function fieldRuleRoutes(app: FastifyInstance): Promise<void> {
  // Public: the editors read the rules to check entries before Add, and the rules are not secret (they are
  // the limits a visitor could learn by trying); the server applies them again on every save.
  typed(app).post(
    '/api/master/getParamconf',
    { config: { access: { public: true } }, schema: { body: ParamconfRequestSchema, response: replies(z.object({ activeList: z.array(FieldRuleSchema) }), [400, 404]) } },
    async (request) => ({ activeList: await getActiveRules(request.tenant, request.body.id) }),
  );
}
