import { CreatedTokenSchema, CreateTokenSchema, TokenIdParamsSchema, TokenListSchema } from '../schemas/api-token';
import { MessageAnswerSchema } from '../schemas/account';
import { AnyBodySchema, route } from './route';

/**
 * The own account's API tokens (docs/design.md §33): any signed-in user whose account is not held to /account. A token
 * cannot make these calls (they have no scope): a token never makes or revokes tokens.
 */
export const listTokens = route({
  method: 'GET',
  path: '/api/account/tokens',
  reply: TokenListSchema,
  errors: [401, 403],
  access: { signedIn: true },
});
export const createToken = route({
  method: 'POST',
  path: '/api/account/tokens',
  body: CreateTokenSchema,
  reply: CreatedTokenSchema,
  errors: [400, 401, 403],
  access: { signedIn: true },
});
export const revokeToken = route({
  method: 'POST',
  path: '/api/account/tokens/:id/revoke',
  params: TokenIdParamsSchema,
  body: AnyBodySchema,
  reply: MessageAnswerSchema,
  errors: [400, 401, 403, 404],
  access: { signedIn: true },
});
