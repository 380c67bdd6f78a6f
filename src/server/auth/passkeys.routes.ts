import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as passkeys from '../../core/api/passkeys';
import type { SessionUser } from '../access/access';
import type { AppConfig } from '../config';
import { UnauthorizedError } from '../errors';
import { typed } from '../http/contract';
import { CHALLENGE_COOKIE, challengeCookieOptions, startSession } from './auth.routes';
import { LoginThrottle } from './login-throttle';
import {
  addPasskey,
  listPasskeys,
  passkeyCreationOptions,
  passkeySignInOptions,
  removePasskey,
  secondStepOptions,
  secondStepWithPasskey,
  signInWithPasskey,
  type PasskeyDeps,
} from './passkeys.service';
import { relyingPartyOf } from './relying-party';

/**
 * Per address, in the database (§18). The options are asked each time the login page opens (the browser's autofill
 * waits on them), so they allow more than the answers, which also count toward the account's lockout when wrong.
 */
const OPTIONS_RATE_LIMIT = { max: 300, timeWindow: '15 minutes', groupId: 'passkey-options' } as const;
const SIGN_IN_RATE_LIMIT = { max: 120, timeWindow: '15 minutes', groupId: 'passkey-signin' } as const;

/** Passkeys (docs/design.md §33): the own account's, sign-in with one alone, and one as a sign-in's second step. */
export async function passkeyRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = typed(app);
  const deps: PasskeyDeps = { throttle: new LoginThrottle() };
  const rp = (request: FastifyRequest) => relyingPartyOf(config.publicBaseUrl, request);
  const sessionOf = (request: FastifyRequest): SessionUser => {
    if (!request.session) throw new UnauthorizedError();
    return request.session;
  };

  api.route(passkeys.passkeyOptions, async (request) =>
    passkeyCreationOptions(request.tenant, rp(request), sessionOf(request)),
  );
  api.route(passkeys.addPasskey, async (request) =>
    addPasskey(request.tenant, rp(request), sessionOf(request), request.body),
  );
  api.route(passkeys.listPasskeys, async (request) => listPasskeys(request.tenant, sessionOf(request)));
  api.route(passkeys.removePasskey, async (request) =>
    removePasskey(request.tenant, sessionOf(request), request.params.id),
  );

  api.route(passkeys.signInOptions, { config: { rateLimit: OPTIONS_RATE_LIMIT } }, async (request) =>
    passkeySignInOptions(request.tenant, rp(request)),
  );
  api.route(passkeys.signIn, { config: { rateLimit: SIGN_IN_RATE_LIMIT } }, async (request, reply) =>
    startSession(
      request,
      reply,
      await signInWithPasskey(request.tenant, deps, rp(request), request.body.response, request.ip),
    ),
  );

  api.route(passkeys.secondStepOptions, { config: { rateLimit: OPTIONS_RATE_LIMIT } }, async (request) =>
    secondStepOptions(request.tenant, rp(request), request.cookies[CHALLENGE_COOKIE]),
  );
  api.route(passkeys.secondStep, { config: { rateLimit: SIGN_IN_RATE_LIMIT } }, async (request, reply) => {
    const result = await secondStepWithPasskey(
      request.tenant,
      deps,
      rp(request),
      request.cookies[CHALLENGE_COOKIE],
      request.body.response,
      request.ip,
    );
    clearChallengeCookie(request, reply);
    return startSession(request, reply, result);
  });
}

function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CHALLENGE_COOKIE, { ...challengeCookieOptions(request), maxAge: undefined });
}
