import type { FastifyInstance } from 'fastify';
import * as fieldRules from '../../core/api/field-rules';
import { typed } from '../http/contract';
import { getActiveRules } from './field-rules.service';

export async function fieldRuleRoutes(app: FastifyInstance): Promise<void> {
  // Public: the editors read the rules to check entries before Add, and the rules are not secret (they are
  // the limits a visitor could learn by trying); the server applies them again on every save.
  typed(app).route(fieldRules.fieldRules, async (request) => ({
    activeList: await getActiveRules(request.tenant, request.body.id),
  }));
}
