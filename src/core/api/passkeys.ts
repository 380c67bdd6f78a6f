import { MessageAnswerSchema } from '../schemas/account';
import { SignInResponseSchema } from '../schemas/auth';
import {
  AddPasskeySchema,
  CreationOptionsSchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeySignInSchema,
  RequestOptionsSchema,
} from '../schemas/passkey';
import { AnyBodySchema, route } from './route';

/**
 * Passkeys (docs/design.md §33): the own account's (`{ account: true }`: a user held to /account by a group that
 * requires two-step sign-in or a passkey may add one), sign-in with a passkey alone, and a passkey as the second
 * step of a password sign-in (under /api/auth/signin/, where the second step's challenge cookie goes).
 */

export const passkeyOptions = route({
  method: 'POST',
  path: '/api/account/passkeys/options',
  body: AnyBodySchema,
  reply: CreationOptionsSchema,
  errors: [401, 403],
  access: { account: true },
});
export const addPasskey = route({
  method: 'POST',
  path: '/api/account/passkeys',
  body: AddPasskeySchema,
  reply: PasskeySchema.extend({ message: MessageAnswerSchema.shape.message }),
  errors: [400, 401, 403, 409],
  access: { account: true },
});
export const listPasskeys = route({
  method: 'GET',
  path: '/api/account/passkeys',
  reply: PasskeyListSchema,
  errors: [401],
  access: { account: true },
});
export const removePasskey = route({
  method: 'DELETE',
  path: '/api/account/passkeys/:id',
  params: PasskeyParamsSchema,
  body: AnyBodySchema,
  reply: MessageAnswerSchema,
  errors: [400, 401, 403, 404],
  access: { account: true },
});

export const signInOptions = route({
  method: 'POST',
  path: '/api/auth/passkey/options',
  body: AnyBodySchema,
  reply: RequestOptionsSchema,
  errors: [429],
  access: { public: true },
});
export const signIn = route({
  method: 'POST',
  path: '/api/auth/passkey',
  body: PasskeySignInSchema,
  reply: SignInResponseSchema,
  errors: [400, 401, 429],
  access: { public: true },
});
export const secondStepOptions = route({
  method: 'POST',
  path: '/api/auth/signin/passkey/options',
  body: AnyBodySchema,
  reply: RequestOptionsSchema,
  errors: [401, 429],
  access: { public: true },
});
export const secondStep = route({
  method: 'POST',
  path: '/api/auth/signin/passkey',
  body: PasskeySignInSchema,
  reply: SignInResponseSchema,
  errors: [400, 401, 429],
  access: { public: true },
});
