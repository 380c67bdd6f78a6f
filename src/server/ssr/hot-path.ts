import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../access/access';
import type { Page } from '../pages/page-kind';
import { pageIndexOf, type PageIndex } from '../pages/resolve-page';
import { redirectAt, servedRedirectsOf, writeRedirect, type ServedRedirects } from '../redirects/served-redirects';
import type { RenderedPage } from '../cache/rendered-pages';
import type { Tenant, TenantRegistry } from '../tenants/tenants';
import { clientAddress, type ViewCounter } from '../visits/count-view';
import { CONTACT_PAGE } from './public-addresses';
import { buildPage, type RenderSite } from './render-page';

/** Answers a request from the raw request and response when it can (true, at once or later), before Fastify sees it. */
export interface HotPath {
  send: (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;
}

/** The one public page the hot path leaves to its route: every view of the contact page sets its own cookie. */
const CONTACT_PAGE_ID = CONTACT_PAGE.id;

/**
 * The hot path of every visit (docs/design.md §10, decision 010): a GET of a public page at its canonical address is
 * answered from the raw request, before Fastify builds its request and reply, with exactly the bytes and
 * headers the public routes send, from the same cache (and the same render when none is at hand). Anything
 * else (a query string, another spelling, the contact page and its cookie, an unknown tenant, a failed
 * render) goes on to Fastify. Off when every request is logged (`requestLogging`: LOG_LEVEL debug or trace).
 * An address where no page is answers with its redirect when it has one (docs/design.md §27), from the same kind of map.
 */
export function cachedPageSender(
  tenants: TenantRegistry,
  site: RenderSite,
  requestLogging: boolean,
  visits?: { count: ViewCounter; trustProxy: boolean },
): HotPath['send'] {
  const send: HotPath['send'] = (request, response) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || requestLogging) return false;
    const tenant = tenants.byHeaders(request.headers);
    if (!tenant) return false;
    // The tenant's pages by public address (resolvePage's read, pages/resolve-page.ts), read again after a change.
    const index = pageIndexOf(tenant);
    if (index instanceof Promise)
      return index.then(
        (read) => sendPage(tenant, read, request, response),
        () => false,
      );
    return sendPage(tenant, index, request, response);
  };
  const sendPage = (
    tenant: Tenant,
    index: PageIndex,
    request: IncomingMessage,
    response: ServerResponse,
  ): boolean | Promise<boolean> => {
    const pages = index.byAddress;
    const page = pages.get(request.url ?? '');
    if (!page) return sendRedirect(tenant, request.url ?? '', pages, response, site.securityHeaders);
    if (page.id === CONTACT_PAGE_ID) return false;
    // One clock read for the copy's age and the view's day (Date.now() is not free under load).
    const now = Date.now();
    const found = tenant.cache.pages.get(page.cacheKey, () => buildPage(site, tenant, page), {
      fresh: signedIn(request.headers),
      page,
      now,
    });
    if (found instanceof Promise) {
      // This visitor started the render (or came before any copy existed) and waits for it; should it fail,
      // Fastify's route takes the request over and answers as it answers any failure.
      return found.then(
        (rendered) => (sent(tenant, page, request, response, rendered), true),
        () => false,
      );
    }
    sent(tenant, page, request, response, found, now);
    return true;
  };
  /**
   * Writes the page, and counts it as a view when it is one (docs/design.md §31); `now`, the time the copy was asked
   * at when it was ready then (else the view reads the clock).
   */
  const sent = (
    tenant: Tenant,
    page: Page,
    request: IncomingMessage,
    response: ServerResponse,
    rendered: RenderedPage,
    now?: number,
  ) => {
    writeRendered(request.headers, response, rendered);
    visits?.count(tenant, page, request, rendered, clientAddress(request, visits.trustProxy), '', now);
  };
  return send;
}

/** The API, the client's files and images: never a redirect's address (core/schemas/redirect.ts), asked often. */
const OWN_FILES = /^\/(api|assets|uploads)\//;

/**
 * The redirect of an address where no page is (the path compared without its query, which is carried over when
 * the target has none); false when there is none, or when a page is there (a query string: Fastify serves it).
 */
function sendRedirect(
  tenant: Tenant,
  url: string,
  pages: ReadonlyMap<string, Page>,
  response: ServerResponse,
  securityHeaders: Readonly<Record<string, string>>,
): boolean | Promise<boolean> {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  if ((at !== -1 && pages.has(path)) || OWN_FILES.test(path)) return false;
  const answer = (served: ServedRedirects) => {
    const redirect = redirectAt(served, path);
    if (!redirect) return false;
    writeRedirect(tenant, response, redirect, at === -1 ? '' : url.slice(at));
    return true;
  };
  const served = servedRedirectsOf(tenant, securityHeaders);
  return served instanceof Promise ? served.then(answer, () => false) : answer(served);
}

/**
 * A cached page through Fastify (the routes' way, for what the hot path leaves to them), sent without a promise
 * when a copy is at hand. `setCookie` adds a Set-Cookie header (the contact page's spam guard); `page`, the page the
 * copy is of (its tags reach the copy; none for the 404 page).
 */
export function serveCached(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  render: () => Promise<RenderedPage>,
  setCookie?: string,
  page?: Page,
): FastifyReply | Promise<FastifyReply> {
  const found = request.tenant.cache.pages.get(key, render, { fresh: signedIn(request.headers), page });
  const send = (rendered: RenderedPage) => {
    const sent = sendRendered(request, reply, rendered, setCookie);
    if (page) countRouteView(request, page, rendered);
    return sent;
  };
  return found instanceof Promise ? found.then(send) : send(found);
}

/** A view served by a route (an address with a query, the contact page), counted as the hot path counts its own. */
function countRouteView(request: FastifyRequest, page: Page, rendered: RenderedPage): void {
  const count = request.server.countView;
  if (!count) return;
  const at = request.url.indexOf('?');
  count(request.tenant, page, request.raw, rendered, request.ip, at === -1 ? '' : request.url.slice(at + 1));
}

/** Sends a cached page through Fastify (the reply is hijacked: no per-request header assembly, no onSend hooks). */
function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  setCookie?: string,
): FastifyReply {
  reply.hijack();
  writeRendered(request.headers, reply.raw, page, setCookie);
  return reply;
}

/**
 * Writes a rendered page in the encoding the browser takes, or 304 when it has this version. Its bytes and every
 * header were made when it was rendered, so it goes straight to the socket. Node leaves the body out for HEAD.
 */
function writeRendered(
  headers: IncomingHttpHeaders,
  response: ServerResponse,
  page: RenderedPage,
  setCookie?: string,
): void {
  if (setCookie) response.setHeader('set-cookie', setCookie);
  if (page.status === 200 && headers['if-none-match'] === page.etag) {
    response.writeHead(304, page.headers.notModified).end();
    return;
  }
  const accepted = headers['accept-encoding'] ?? '';
  if (BROTLI.test(accepted)) response.writeHead(page.status, page.headers.br).end(page.brotli);
  else if (GZIP.test(accepted)) response.writeHead(page.status, page.headers.gzip).end(page.gzip);
  else response.writeHead(page.status, page.headers.identity).end(page.html);
}

const BROTLI = /\bbr\b/;
const GZIP = /\bgzip\b/;

/**
 * A browser with a staff session, who may be checking a save: public pages never answer it with the copy from
 * before a change (RenderedPages `fresh`). Only the cookie's presence is read, not checked: a forged one gains
 * a visitor nothing but a wait for the render every visitor shares.
 */
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;
function signedIn(headers: IncomingHttpHeaders): boolean {
  return headers.cookie?.includes(SESSION_COOKIE_PREFIX) === true;
}
