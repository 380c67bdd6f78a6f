import type { PageNamedBy, RouteAccess } from '../../core/api/route';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_PAGES, SCREEN_PAGES } from '../../core/pages';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import { PASSKEY_MESSAGES } from '../../core/schemas/passkey';
import { enterAuditContext, nameAuditUser } from '../audit/audit';
import { findLiveSession } from '../auth/sessions.repository';
import { TOKEN_MESSAGES, TOKEN_PREFIX, type TokenScope } from '../../core/schemas/api-token';
import { callerOf } from './caller';
import { hashToken } from './token-hash';
import { tokenCaller } from '../tokens/tokens.service';
import { contentApiIsPublic } from '../company/company.service';
import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { effectiveMenuItems } from '../menus/menus.service';
import type { Page } from '../pages/page-kind';
import { listPages, resolvePage } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';

/**
 * Every API route declares what it needs (docs/design.md §5, 'the menu is the permission'):
 * - `{ public: true }`: anyone (public content, the public menu, the contact form, login);
 * - `{ screen: 'News' }`: a session whose effective menu holds that screen (administrators: every screen);
 * - `{ screens: ['About', 'Customers'] }`: a session holding at least one of them, for a call shared by
 *   several screens whose exact screen is only known from the body (image upload: the folder names the page);
 *   the service then checks that screen itself with `allowedScreens`;
 * - `{ signedIn: true }`: any session (the own dashboard, search, …), for a call whose service decides the rest;
 * - `{ editsPage: … }`: the one rule "may edit this page" (docs/design.md §25): the page exists (else 404), its editor is
 *   in the caller's menu and the account is not held (`mayEditPage`, else 403). The page is named by the call
 *   (`{ fixed: 'Home' }`, checked before the body is read), by a path parameter (`{ param: 'routing' }`), by a
 *   body field (`{ body: 'commonrouting' }`) or by a query field (`{ query: 'routing' }`, a GET's), those three
 *   checked once the input is valid. The route finds the
 *   page in `request.editedPage`;
 * - `{ contentApi: true }`: the content API (docs/design.md §33): anyone once the company details open it, else a session
 *   (an API token with the route's scope, or the staff app's);
 * - `{ account: true }`: any session, even one whose group requires two-step sign-in not yet turned on (the
 *   own account's calls, where it is turned on: docs/design.md §21), or one opened with a one-time password from the
 *   shell (where the user chooses their own: docs/design.md §22). Every other call of such a session is a 403.
 */
export type { RouteAccess };

export interface ProtectedRoute {
  method: string;
  url: string;
  screen: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route that belongs to a screen (for audits and the tests that walk them all). */
    screenRoutes: readonly ProtectedRoute[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller, from the session cookie or bearer token; null for a visitor. */
    session: SessionUser | null;
    /** The page of an `editsPage` route, once the caller may edit it. */
    editedPage: Page | null;
  }
}

export interface SessionUser {
  sessionId: number;
  userId: number;
  username: string;
  firstName: string;
  groupId: number;
  csrfToken: string;
  /** Whether the user has two-step sign-in on. */
  twoFactor: boolean;
  /** The user's group requires two-step sign-in and the user has neither turned it on nor added a passkey: only the account's calls. */
  mustEnrol: boolean;
  /** The user's group requires a passkey and the user has none (docs/design.md §33): only the account's calls. */
  mustAddPasskey?: boolean;
  /** The user signed in with a one-time password from the shell and has not chosen their own yet: only the account's calls. */
  mustChangePassword: boolean;
  /** The user's group publishes through review (docs/design.md §32): their Publish and Schedule ask for it. */
  publishesByReview?: boolean;
  /**
   * How the caller proved who it is: cookie-authenticated changes also need the CSRF header; an API token
   * (docs/design.md §33) reaches only the calls its scopes name.
   */
  via: 'cookie' | 'bearer' | 'token';
  /** The API token of a `token` caller. */
  token?: { id: number; name: string; scopes: readonly TokenScope[] };
}

export const SESSION_COOKIE = 'folio_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALL_SCREENS = [...CONTENT_PAGES.map((p) => p.routing), ...SCREEN_PAGES.map((p) => p.routing)];
const WITHIN = new Map(SCREEN_PAGES.flatMap((p) => (p.within ? [[p.routing, p.within] as const] : [])));

export { hashToken } from './token-hash';

/**
 * Routing names of the screens a user may open: those of their effective menu (own tree, else the group's),
 * with the screens reached from them; administrators may open every screen and every Autowired page.
 */
export async function allowedScreens(tenant: Tenant, userId: number, groupId: number): Promise<string[]> {
  if (groupId === ADMINISTRATORS_GROUP_ID)
    return [
      ...ALL_SCREENS,
      ...(await listPages(tenant)).map((page) => page.routing).filter((routing) => !ALL_SCREENS.includes(routing)),
    ];
  const items = await effectiveMenuItems(tenant, userId, groupId);
  const granted = new Set(items.flatMap((item) => (item.routing ? [item.routing] : [])));
  for (const [screen, parent] of WITHIN) if (granted.has(parent)) granted.add(screen);
  // Menu items only ever open pages that exist (the menu editor checks), Autowired pages included.
  return [
    ...ALL_SCREENS.filter((screen) => granted.has(screen)),
    ...[...granted].filter((screen) => !ALL_SCREENS.includes(screen)),
  ];
}

/**
 * Installs the access layer: every /api route must declare its access (a route without one stops the
 * start), the caller's session is resolved on every request, and access is decided in onRequest, before
 * the body is read: no session → 401, CSRF token missing on a cookie-authenticated change → 403, screen
 * not in the caller's menu → 403.
 */
export function installAccessLayer(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('editedPage', null);

  const screenRoutes: ProtectedRoute[] = [];
  app.decorate('screenRoutes', screenRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`API route ${String(route.method)} ${route.url} does not declare its access`);
    const screens =
      'screen' in access
        ? [access.screen]
        : 'screens' in access
          ? access.screens
          : 'editsPage' in access && 'fixed' in access.editsPage
            ? [access.editsPage.fixed]
            : [];
    for (const screen of screens) {
      for (const method of [route.method].flat()) screenRoutes.push({ method: String(method), url: route.url, screen });
    }
    // Decided before the body is read, ahead of the route's own hooks.
    // The audit context first (docs/design.md §21): the rest of the request, handler included, runs inside it.
    route.onRequest = [enterAuditContext, checkAccess, ...[route.onRequest ?? []].flat()];
    // A page named in the address or the body is known once the input is valid (a bad one is a 400 first).
    if ('editsPage' in access && !('fixed' in access.editsPage))
      route.preHandler = [...[route.preHandler ?? []].flat(), checkPageEdit];
  });
}

/**
 * The check of one API route (an onRequest hook of that route only: pages, files and images are the same for
 * everyone and pay nothing for it).
 */
async function checkAccess(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config?.access;
  if (!access) return;
  request.session = await resolveSession(request);
  const token = request.session?.token;
  nameAuditUser(request.session?.username ?? null, token ? `API token "${token.name}"` : undefined);
  // A token reaches only the calls of its scopes, whatever its user's menu holds (then the menu decides as for a session).
  if (token && !withinScopes(request, token.scopes)) throw new ForbiddenError(TOKEN_MESSAGES.outOfScope);
  if ('contentApi' in access) {
    if (request.session || (await contentApiIsPublic(request.tenant))) return;
    throw new UnauthorizedError();
  }
  if ('public' in access) {
    // A user held to /account (two-step sign-in to turn on, a one-time password to replace) is a visitor to
    // every public call but the sign-in ones.
    if (request.session && isHeldToAccount(request.session) && !request.url.startsWith('/api/auth/'))
      request.session = null;
    return;
  }
  const session = request.session;
  if (!session) throw new UnauthorizedError();
  if (session.via === 'cookie' && !SAFE_METHODS.has(request.method) && !csrfMatches(request, session)) {
    throw new ForbiddenError(
      'The security token of this page is missing or out of date. Reload the page and try again.',
    );
  }
  if ('account' in access) return;
  if (session.mustChangePassword) throw new ForbiddenError(ACCOUNT_MESSAGES.passwordChangeRequired);
  if (session.mustEnrol) throw new ForbiddenError(ACCOUNT_MESSAGES.required);
  if (session.mustAddPasskey) throw new ForbiddenError(PASSKEY_MESSAGES.required);
  if ('signedIn' in access) return;
  if ('editsPage' in access) {
    if ('fixed' in access.editsPage) await checkPageEdit(request);
    return;
  }
  const screens = await allowedScreens(request.tenant, session.userId, session.groupId);
  const needed = 'screen' in access ? [access.screen] : access.screens;
  if (!needed.some((screen) => screens.includes(screen)))
    throw new ForbiddenError('Your menu does not include this screen.');
}

/** Whether the caller may edit the page of this routing name: its editor is in their menu and their account is not held. */
export async function mayEditPage(tenant: Tenant, session: SessionUser | null, routing: string): Promise<boolean> {
  if (!session || isHeldToAccount(session)) return false;
  return (await allowedScreens(tenant, session.userId, session.groupId)).includes(routing);
}

/**
 * The check of an `editsPage` route: 404 when the call names no page with content, 403 when the caller may not
 * edit it (in the words of a screen for a page's own call: its save call is its editor's).
 */
async function checkPageEdit(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config?.access;
  if (!access || !('editsPage' in access)) return;
  const named = access.editsPage;
  const page = await resolvePage(request.tenant, routingNamed(request, named));
  if (!(await mayEditPage(request.tenant, request.session, page.routing))) {
    throw new ForbiddenError(
      'fixed' in named ? 'Your menu does not include this screen.' : 'Your menu does not include this page.',
    );
  }
  request.editedPage = page;
}

function routingNamed(request: FastifyRequest, named: PageNamedBy): string {
  if ('fixed' in named) return named.fixed;
  if ('param' in named) return String((request.params as Record<string, unknown>)[named.param]);
  if ('query' in named) return String((request.query as Record<string, unknown>)[named.query]);
  return String((request.body as Record<string, unknown>)[named.body]);
}

/** A session that may use only the own account's calls until its user does what is asked there (docs/design.md §21, §22). */
export const isHeldToAccount = (
  session: Pick<SessionUser, 'mustEnrol' | 'mustChangePassword' | 'mustAddPasskey'>,
): boolean => session.mustEnrol || session.mustChangePassword || session.mustAddPasskey === true;

export async function resolveSession(request: FastifyRequest): Promise<SessionUser | null> {
  const header = request.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const cookie = request.cookies[SESSION_COOKIE] ?? '';
  const token = bearer || cookie;
  if (!token || token.length > 200) return null;
  if (bearer.startsWith(TOKEN_PREFIX)) {
    const caller = await tokenCaller(request.tenant, bearer);
    // A token that names itself as one and is not valid is refused outright, even on a public call.
    if (!caller) throw new UnauthorizedError(TOKEN_MESSAGES.invalid);
    return caller;
  }
  const row = await findLiveSession(request.tenant.db, hashToken(token), new Date().toISOString());
  if (!row) return null;
  return callerOf(row, { sessionId: row.session_id, csrfToken: row.csrf_token, via: bearer ? 'bearer' : 'cookie' });
}

/** Whether the route's entry names a scope the token holds (a call without a scope is no token's). */
function withinScopes(request: FastifyRequest, scopes: readonly TokenScope[]): boolean {
  const scope = request.routeOptions.config?.entry?.scope;
  return scope !== undefined && scopes.includes(scope);
}

function csrfMatches(request: FastifyRequest, session: SessionUser): boolean {
  const sent = request.headers['x-xsrf-token'];
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && timingSafeEqual(a, b);
}
