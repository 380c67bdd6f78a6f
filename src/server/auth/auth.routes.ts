import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as auth from '../../core/api/auth';
import * as session from '../../core/api/session';
import { LOGIN_MESSAGES } from '../../core/schemas/auth';
import { SESSION_COOKIE, XSRF_COOKIE, type SessionUser } from '../access/access';
import type { AppConfig } from '../config';
import { UnauthorizedError } from '../errors';
import { typed } from '../http/contract';
import type { StaffMail } from '../mail/staff-mail';
import {
  changePassword,
  completePasswordReset,
  disableTwoFactor,
  enableTwoFactor,
  requestPasswordReset,
  resetTwoFactor,
  startTwoFactor,
  verifySecondStep,
  type AccountDeps,
} from './account.service';
import { CHALLENGE_TTL_MS, SESSION_TTL_MS, sessionInfo, signIn, signOut, type SignInResult } from './auth.service';
import { LoginThrottle } from './login-throttle';
import type { SecretBox } from './secret-box';

/** The second step's cookie: HttpOnly, sent to the sign-in calls only, five minutes. */
export const CHALLENGE_COOKIE = 'folio_challenge';

/** Per address, in the database (§18): asking for reset links, and using them. */
const FORGOT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes', groupId: 'password-forgot' } as const;
const RESET_RATE_LIMIT = { max: 10, timeWindow: '15 minutes', groupId: 'password-reset' } as const;

/**
 * Sign-in, sign-out and the session (docs/design.md §5), and the accounts of §21: password reset by mail, the own
 * account's password and two-step sign-in, the second step of a sign-in, an administrator's reset of it.
 */
export async function authRoutes(
  app: FastifyInstance,
  { config, mail, box }: { config: AppConfig; mail: StaffMail; box: SecretBox },
): Promise<void> {
  const api = typed(app);
  const deps: AccountDeps = { config, throttle: new LoginThrottle(), box, mail };
  const sessionOf = (request: FastifyRequest): SessionUser => {
    if (!request.session) throw new UnauthorizedError();
    return request.session;
  };

  api.route(auth.signIn, { config: { invalidInputMessage: LOGIN_MESSAGES.mandatory } }, async (request, reply) => {
    const outcome = await signIn(request.tenant, deps.throttle, request.body, request.ip);
    if (outcome.kind === 'challenge') {
      reply.setCookie(CHALLENGE_COOKIE, outcome.challenge, challengeCookieOptions(request));
      // The ways go only when one is a passkey (docs/design.md §33): a code alone is the answer of §21 as it was.
      return outcome.ways.includes('passkey')
        ? { twoFactor: 'required' as const, ways: outcome.ways }
        : { twoFactor: 'required' as const };
    }
    return startSession(request, reply, outcome.result);
  });

  api.route(auth.verifySignIn, async (request, reply) => {
    const result = await verifySecondStep(
      request.tenant,
      deps,
      request.cookies[CHALLENGE_COOKIE],
      request.body.code,
      request.ip,
    );
    reply.clearCookie(CHALLENGE_COOKIE, { ...challengeCookieOptions(request), maxAge: undefined });
    return startSession(request, reply, result);
  });

  api.route(session.signOut, async (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
    await signOut(request.tenant, token, request.session?.username ?? null);
    clearCookies(request, reply);
    return { message: 'SUCCESS' as const };
  });

  api.route(session.session, async (request) =>
    sessionInfo(request.tenant, request.session, { passwordResetByMail: mail.configured }),
  );

  api.route(auth.forgotPassword, { config: { rateLimit: FORGOT_RATE_LIMIT } }, async (request) =>
    requestPasswordReset(request.tenant, deps, request.body.username),
  );
  api.route(auth.resetPassword, { config: { rateLimit: RESET_RATE_LIMIT } }, async (request) =>
    completePasswordReset(request.tenant, deps, request.body.token, request.body.password),
  );

  api.route(auth.changePassword, async (request) =>
    changePassword(request.tenant, deps, sessionOf(request), request.body, request.ip),
  );
  api.route(auth.startTwoFactor, async (request) => startTwoFactor(request.tenant, deps, sessionOf(request)));
  api.route(auth.enableTwoFactor, async (request) =>
    enableTwoFactor(request.tenant, deps, sessionOf(request), request.body.code),
  );
  api.route(auth.disableTwoFactor, async (request) =>
    disableTwoFactor(request.tenant, deps, sessionOf(request), request.body, request.ip),
  );

  api.route(auth.resetTwoFactor, async (request) => resetTwoFactor(request.tenant, request.body.id));
}

/** Sets the session and XSRF cookies of a sign-in that succeeded (a password, a second step, a passkey, a single
 * sign-on) and gives its answer. */
export function startSession(request: FastifyRequest, reply: FastifyReply, result: SignInResult) {
  const options = cookieOptions(request);
  reply
    .setCookie(SESSION_COOKIE, result.token, { ...options, httpOnly: true })
    // Readable by the page's script, which echoes it in X-XSRF-TOKEN (double submit, docs/design.md §5).
    .setCookie(XSRF_COOKIE, result.csrfToken, { ...options, httpOnly: false });
  return result.response;
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  };
}

/** The second step's cookie: sent to /api/auth/signin and below only (the code's and the passkey's second step). */
export function challengeCookieOptions(request: FastifyRequest) {
  return {
    path: '/api/auth/signin',
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    httpOnly: true,
    maxAge: CHALLENGE_TTL_MS / 1000,
  };
}

function clearCookies(request: FastifyRequest, reply: FastifyReply): void {
  const { path, sameSite, secure } = cookieOptions(request);
  reply
    .clearCookie(SESSION_COOKIE, { path, sameSite, secure, httpOnly: true })
    .clearCookie(XSRF_COOKIE, { path, sameSite, secure });
}
