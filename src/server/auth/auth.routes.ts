import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ChangePasswordSchema,
  DisableTwoFactorSchema,
  ForgotPasswordSchema,
  MessageAnswerSchema,
  RecoveryCodesSchema,
  ResetPasswordSchema,
  ResetTwoFactorSchema,
  TwoFactorCodeSchema,
  TwoFactorRequiredSchema,
  TwoFactorSetupSchema,
} from '../../core/schemas/account';
import { LOGIN_MESSAGES, SessionInfoSchema, SignInResponseSchema, SignInSchema } from '../../core/schemas/auth';
import { SESSION_COOKIE, XSRF_COOKIE, type SessionUser } from '../access/access';
import type { AppConfig } from '../config';
import { UnauthorizedError } from '../errors';
import { AnyBodySchema, replies, screenReplies, typed } from '../http/contract';
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
export async function authRoutes(app: FastifyInstance, { config, mail, box }: { config: AppConfig; mail: StaffMail; box: SecretBox }): Promise<void> {
  const api = typed(app);
  const deps: AccountDeps = { config, throttle: new LoginThrottle(), box, mail };
  const account = { access: { account: true } } as const;
  const sessionOf = (request: FastifyRequest): SessionUser => {
    if (!request.session) throw new UnauthorizedError();
    return request.session;
  };

  api.post(
    '/api/auth/signin',
    {
      config: { access: { public: true }, invalidInputMessage: LOGIN_MESSAGES.mandatory },
      schema: { body: SignInSchema, response: replies(z.union([SignInResponseSchema, TwoFactorRequiredSchema]), [400, 401, 429]) },
    },
    async (request, reply) => {
      const outcome = await signIn(request.tenant, deps.throttle, request.body, request.ip);
      if (outcome.kind === 'challenge') {
        reply.setCookie(CHALLENGE_COOKIE, outcome.challenge, challengeCookieOptions(request));
        return { twoFactor: 'required' as const };
      }
      return startSession(request, reply, outcome.result);
    },
  );

  api.post(
    '/api/auth/signin/verify',
    { config: { access: { public: true } }, schema: { body: TwoFactorCodeSchema, response: replies(SignInResponseSchema, [400, 401, 429]) } },
    async (request, reply) => {
      const result = await verifySecondStep(request.tenant, deps, request.cookies[CHALLENGE_COOKIE], request.body.code, request.ip);
      reply.clearCookie(CHALLENGE_COOKIE, { ...challengeCookieOptions(request), maxAge: undefined });
      return startSession(request, reply, result);
    },
  );

  api.post(
    '/api/auth/signout',
    { config: { access: { public: true } }, schema: { body: AnyBodySchema, response: replies(z.object({ message: z.literal('SUCCESS') })) } },
    async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
      await signOut(request.tenant, token, request.session?.username ?? null);
      clearCookies(request, reply);
      return { message: 'SUCCESS' as const };
    },
  );

  api.get('/api/auth/session', { config: { access: { public: true } }, schema: { response: replies(SessionInfoSchema) } }, async (request) =>
    sessionInfo(request.tenant, request.session, { passwordResetByMail: mail.configured }),
  );

  api.post(
    '/api/auth/forgot',
    { config: { access: { public: true }, rateLimit: FORGOT_RATE_LIMIT }, schema: { body: ForgotPasswordSchema, response: replies(MessageAnswerSchema, [400, 409, 429]) } },
    async (request) => requestPasswordReset(request.tenant, deps, request.body.username),
  );
  api.post(
    '/api/auth/reset',
    { config: { access: { public: true }, rateLimit: RESET_RATE_LIMIT }, schema: { body: ResetPasswordSchema, response: replies(MessageAnswerSchema, [400, 429]) } },
    async (request) => completePasswordReset(request.tenant, deps, request.body.token, request.body.password),
  );

  api.post('/api/auth/password', { config: account, schema: { body: ChangePasswordSchema, response: replies(MessageAnswerSchema, [400, 401, 403, 429]) } }, async (request) =>
    changePassword(request.tenant, deps, sessionOf(request), request.body, request.ip),
  );
  api.post('/api/auth/2fa/setup', { config: account, schema: { body: AnyBodySchema, response: replies(TwoFactorSetupSchema, [401, 403, 409]) } }, async (request) =>
    startTwoFactor(request.tenant, deps, sessionOf(request)),
  );
  api.post('/api/auth/2fa/enable', { config: account, schema: { body: TwoFactorCodeSchema, response: replies(RecoveryCodesSchema, [400, 401, 403, 409]) } }, async (request) =>
    enableTwoFactor(request.tenant, deps, sessionOf(request), request.body.code),
  );
  api.post(
    '/api/auth/2fa/disable',
    { config: account, schema: { body: DisableTwoFactorSchema, response: replies(MessageAnswerSchema, [400, 401, 403, 409, 429]) } },
    async (request) => disableTwoFactor(request.tenant, deps, sessionOf(request), request.body, request.ip),
  );

  api.post(
    '/api/master/resetTwoFactor',
    { config: { access: { screen: 'user' } }, schema: { body: ResetTwoFactorSchema, response: screenReplies(z.object({ status: z.literal('OK'), message: z.string() }), [404]) } },
    async (request) => resetTwoFactor(request.tenant, request.body.id),
  );
}

function startSession(request: FastifyRequest, reply: FastifyReply, result: SignInResult) {
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

function challengeCookieOptions(request: FastifyRequest) {
  return { path: '/api/auth/signin', sameSite: 'strict' as const, secure: request.protocol === 'https', httpOnly: true, maxAge: CHALLENGE_TTL_MS / 1000 };
}

function clearCookies(request: FastifyRequest, reply: FastifyReply): void {
  const { path, sameSite, secure } = cookieOptions(request);
  reply.clearCookie(SESSION_COOKIE, { path, sameSite, secure, httpOnly: true }).clearCookie(XSRF_COOKIE, { path, sameSite, secure });
}
