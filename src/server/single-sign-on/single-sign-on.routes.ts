import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as sso from '../../core/api/single-sign-on';
import { CHALLENGE_COOKIE, challengeCookieOptions, startSession } from '../auth/auth.routes';
import type { SecretBox } from '../auth/secret-box';
import type { AppConfig } from '../config';
import { typed } from '../http/contract';
import { SingleSignOnRefusal } from './refusal';
import { readSignInSettings, saveSignInSettings, singleSignOnButton } from './signin-settings.service';
import { ATTEMPT_TTL_MS, finishSingleSignOn, recordRefusal, startSingleSignOn } from './single-sign-on.service';

/** The cookie that binds an attempt to the browser that started it: sent back only to the callback. */
export const ATTEMPT_COOKIE = 'folio_sso';

/** Per address, in the database (docs/design.md §18): each start stores an attempt. */
const START_RATE_LIMIT = { max: 30, timeWindow: '5 minutes', groupId: 'sso-start' } as const;

/** The second step's screen, where a user with two-step sign-in on goes after the provider. */
const TWO_STEP_PATH = '/login/two-step';

/**
 * Single sign-on (docs/design.md §33, decision 038): the sign-in settings screen's calls, the login page's button, and
 * the two legs of a sign-in through the provider, each ending in a redirect (a refusal on `/login?sso=<reason>`).
 */
export async function singleSignOnRoutes(
  app: FastifyInstance,
  { config, box }: { config: AppConfig; box: SecretBox },
): Promise<void> {
  const api = typed(app);
  const deps = { box, publicBaseUrl: config.publicBaseUrl };

  api.route(sso.readSignInSettings, async (request) => readSignInSettings(request.tenant, deps));
  api.route(sso.saveSignInSettings, async (request) =>
    saveSignInSettings(request.tenant, deps, request.body, request.session?.username ?? null),
  );
  api.route(sso.singleSignOnButton, async (request) => singleSignOnButton(request.tenant, box));

  api.route(sso.startSingleSignOn, { config: { rateLimit: START_RATE_LIMIT } }, async (request, reply) => {
    try {
      const { location, browserToken } = await startSingleSignOn(request.tenant, deps, request.query.next);
      reply.setCookie(ATTEMPT_COOKIE, browserToken, attemptCookieOptions(request));
      return reply.redirect(location, 302);
    } catch (error) {
      return refuse(request, reply, error);
    }
  });

  api.route(sso.singleSignOnCallback, async (request, reply) => {
    const browserToken = request.cookies[ATTEMPT_COOKIE];
    reply.clearCookie(ATTEMPT_COOKIE, { ...attemptCookieOptions(request), maxAge: undefined });
    try {
      const outcome = await finishSingleSignOn(request.tenant, deps, {
        search: new URL(request.url, 'http://callback').search,
        state: request.query.state,
        error: request.query.error,
        browserToken,
      });
      if (outcome.kind === 'challenge') {
        reply.setCookie(CHALLENGE_COOKIE, outcome.challenge, challengeCookieOptions(request));
        return reply.redirect(TWO_STEP_PATH, 302);
      }
      startSession(request, reply, outcome.result);
      return reply.redirect(outcome.goTo, 302);
    } catch (error) {
      return refuse(request, reply, error);
    }
  });
}

/** A refusal: recorded (but `off`), logged with its detail, and the browser sent to the login page with the reason. */
async function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): Promise<FastifyReply> {
  if (!(error instanceof SingleSignOnRefusal)) throw error;
  request.log.info({ reason: error.reason, detail: error.message }, 'single sign-on refused');
  await recordRefusal(request.tenant, error);
  return reply.redirect(`/login?sso=${error.reason}`, 302);
}

/** Lax, so that it comes back on the provider's redirect (a top-level GET); to the SSO calls only; ten minutes. */
function attemptCookieOptions(request: FastifyRequest) {
  return {
    path: '/api/auth/sso',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    httpOnly: true,
    maxAge: ATTEMPT_TTL_MS / 1000,
  };
}
