import type { FastifyInstance } from 'fastify';
import * as tokens from '../../core/api/tokens';
import { typed } from '../http/contract';
import { createToken, listTokens, revokeToken } from './tokens.service';

/** The own account's API tokens (docs/design.md §33); the access layer lets in any session not held to /account. */
export async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(tokens.listTokens, async (request) => listTokens(request.tenant, request.session!));
  api.route(tokens.createToken, async (request) => createToken(request.tenant, request.session!, request.body));
  api.route(tokens.revokeToken, async (request) => revokeToken(request.tenant, request.session!, request.params.id));
}
