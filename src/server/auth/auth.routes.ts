import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE } from '../access/access';
import { LoginThrottle } from './login-throttle';
import { SESSION_TTL_MS, sessionInfo, signIn, signOut } from './auth.service';

const open = { config: { access: { public: true } } } as const;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle();

  app.post('/api/auth/signin', open, async (request, reply) => {
    const result = await signIn(request.tenant, throttle, request.body, request.ip);
    const options = cookieOptions(request);
    reply
      .setCookie(SESSION_COOKIE, result.token, { ...options, httpOnly: true })
      // Readable by the page's script, which echoes it in X-XSRF-TOKEN (double submit, DESIGN §5).
      .setCookie(XSRF_COOKIE, result.csrfToken, { ...options, httpOnly: false });
    return result.response;
  });

  app.post('/api/auth/signout', open, async (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
    await signOut(request.tenant, token);
    clearCookies(request, reply);
    return { message: 'SUCCESS' };
  });

  app.get('/api/auth/session', open, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sessionInfo(request.tenant, request.session);
  });
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
