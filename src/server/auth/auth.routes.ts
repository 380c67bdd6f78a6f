import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOGIN_MESSAGES, SessionInfoSchema, SignInResponseSchema, SignInSchema } from '../../core/schemas/auth';
import { SESSION_COOKIE, XSRF_COOKIE } from '../access/access';
import { AnyBodySchema, replies, typed } from '../http/contract';
import { LoginThrottle } from './login-throttle';
import { SESSION_TTL_MS, sessionInfo, signIn, signOut } from './auth.service';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const throttle = new LoginThrottle();

  api.post(
    '/api/auth/signin',
    {
      config: { access: { public: true }, invalidInputMessage: LOGIN_MESSAGES.mandatory },
      schema: { body: SignInSchema, response: replies(SignInResponseSchema, [400, 401, 429]) },
    },
    async (request, reply) => {
      const result = await signIn(request.tenant, throttle, request.body, request.ip);
      const options = cookieOptions(request);
      reply
        .setCookie(SESSION_COOKIE, result.token, { ...options, httpOnly: true })
        // Readable by the page's script, which echoes it in X-XSRF-TOKEN (double submit, DESIGN §5).
        .setCookie(XSRF_COOKIE, result.csrfToken, { ...options, httpOnly: false });
      return result.response;
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
    sessionInfo(request.tenant, request.session),
  );
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  };
}

function clearCookies(request: FastifyRequest, reply: FastifyReply): void {
  const { path, sameSite, secure } = cookieOptions(request);
  reply.clearCookie(SESSION_COOKIE, { path, sameSite, secure, httpOnly: true }).clearCookie(XSRF_COOKIE, { path, sameSite, secure });
}
