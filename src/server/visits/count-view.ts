import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { SESSION_COOKIE } from '../access/access';
import type { RenderedPage } from '../cache/rendered-pages';
import type { Page } from '../pages/page-kind';
import type { Tenant } from '../tenants/tenants';
import { campaignOf } from './visitor-kinds';

/**
 * Counts a public page's answer as a view when docs/design.md §31 says it is one: a GET answered 200 with the page
 * (not HEAD, not a 304), not a prefetch or prerender (`Sec-Purpose`, `Purpose`), not a browser with a staff session
 * (its cookie's presence, as the hot path reads it). Bots and `Sec-GPC` are told at the flush, once per browser.
 * `address` is the visitor's as the server sees it (behind a proxy, with TRUST_PROXY, the one it names); `query`,
 * the address's query string without `?` ('' when none); `now`, the time (Date.now()) when the caller has read it.
 */
export type ViewCounter = (
  tenant: Tenant,
  page: Page,
  request: IncomingMessage,
  rendered: RenderedPage,
  address: string,
  query: string,
  now?: number,
) => void;

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

/** Whether the request may be a view at all: the checks of its headers, before the page's answer is known. */
function countable(headers: IncomingHttpHeaders): boolean {
  if (headers.cookie?.includes(SESSION_COOKIE_PREFIX) === true) return false;
  const purpose = headers['sec-purpose'] ?? headers.purpose;
  return purpose === undefined || !String(purpose).includes('prefetch');
}

export const countView: ViewCounter = (tenant, page, request, rendered, address, query, now) => {
  const { headers } = request;
  if (request.method !== 'GET' || rendered.status !== 200 || headers['if-none-match'] === rendered.etag) return;
  if (!countable(headers)) return;
  tenant.cache.pageViews.count(
    {
      page,
      address,
      userAgent: headers['user-agent'] ?? '',
      gpc: headers['sec-gpc'] === '1',
      referrer: headers.referer,
      host: headers.host ?? '',
      campaign: query === '' ? null : campaignOf(query),
    },
    now,
  );
};

/**
 * The visitor's address on the hot path, as Fastify's `request.ip` says it: the socket's peer, or behind a proxy
 * (TRUST_PROXY) the first address of X-Forwarded-For.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  if (typeof forwarded === 'string' && forwarded !== '') {
    const comma = forwarded.indexOf(',');
    return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim();
  }
  return request.socket.remoteAddress ?? '';
}
