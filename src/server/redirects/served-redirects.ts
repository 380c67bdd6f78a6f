import type { ServerResponse } from 'node:http';
import { addressKey, isFolioAddress } from '../../core/schemas/redirect';
import { cached } from '../cache/cached';
import { TAGS } from '../cache/tags';
import type { Page } from '../pages/page-kind';
import { listPages } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { listRedirectRows, type RedirectRow } from './redirects.repository';

/**
 * Redirects as visitors get them (docs/design.md §27): a per-tenant map held in memory, read once after each change
 * (`servedRedirects`, dropped by a change of the redirects or of the pages, here and on every instance), answered by the hot
 * path before Fastify sees the request and by the 404 handler for what the hot path leaves to Fastify. Each entry
 * carries its finished headers, so that an answer is one `writeHead()` and one `end()`, like a cached page's.
 */
export interface ServedRedirect {
  id: number;
  status: 301 | 302;
  /** The target as a `location` header value (characters outside ASCII percent-encoded). */
  location: string;
  /** Whether the target has a query of its own; else the request's query is carried over. */
  targetHasQuery: boolean;
  /** The answer's headers, `location` included (the request's query added per request where it is carried). */
  headers: Readonly<Record<string, string>>;
}

/** By the key of the address they answer (`addressKey`: one spelling, any case, docs/design.md §34). */
export type ServedRedirects = ReadonlyMap<string, ServedRedirect>;

/** The body of a redirect answer: browsers never show it; a tool that does not follow redirects reads it. */
export const REDIRECT_BODY = Buffer.from('Moved to another address.\n');

/** Characters a header value may not hold, and that a URL writes percent-encoded: anything outside printable ASCII. */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/gu;

/** An address as spelled by an administrator (`/über`), as browsers send and follow it (`/%C3%BCber`). */
export function encodeAddress(address: string): string {
  return address.replace(NOT_PRINTABLE_ASCII, (character) => encodeURIComponent(character));
}

/**
 * The addresses (lower-cased) where visitors or staff reach a page: the public address of each live page, and
 * `/{name}` of each page found by name (its editing twin). A redirect never answers there: the page does.
 */
export function pageAddresses(pages: readonly Page[]): Map<string, Page> {
  const taken = new Map<string, Page>();
  for (const page of pages) {
    const address = page.kind.publicAddress(page);
    if (address !== null) taken.set(address.toLowerCase(), page);
    if (page.kind.addressedByName) taken.set(`/${page.routing.toLowerCase()}`, page);
  }
  return taken;
}

/** Redirects oldest first: of two stored with one key (before keys), the older is the one that answers. */
export const byAge = (rows: readonly RedirectRow[]): RedirectRow[] => [...rows].sort((a, b) => a.id - b.id);

/** Reads the tenant's redirects into the map visitors are answered from (those a page or Folio's own address shadows left out). */
async function loadServedRedirects(
  tenant: Tenant,
  securityHeaders: Readonly<Record<string, string>>,
): Promise<ServedRedirects> {
  const taken = pageAddresses(await listPages(tenant));
  const served = new Map<string, ServedRedirect>();
  for (const row of byAge(await listRedirectRows(tenant.db))) {
    const key = addressKey(row.from_path);
    // A row stored before addresses were compared by key may share its key with an older one: the older answers (redirect-book.ts too).
    if (taken.has(key) || isFolioAddress(row.from_path) || served.has(key)) continue;
    const status = row.status === 302 ? 302 : 301;
    const location = encodeAddress(row.to_target);
    const redirect: ServedRedirect = {
      id: row.id,
      status,
      location,
      targetHasQuery: row.to_target.includes('?'),
      headers: {
        ...securityHeaders,
        location,
        // A permanent move may be kept by browsers and caches for an hour; a temporary one is asked again each time.
        'cache-control': status === 301 ? 'public, max-age=3600' : 'no-cache',
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(REDIRECT_BODY.length),
      },
    };
    served.set(key, redirect);
  }
  return served;
}

/** The map, kept per tenant; the security headers are the app's, the same at every call (so not part of the key). */
const servedRedirects = cached({
  name: 'served-redirects',
  tags: [TAGS.redirects, TAGS.pages],
  key: () => '',
  load: loadServedRedirects,
});

/** The tenant's redirects as served: at once when read already, else once read. */
export function servedRedirectsOf(
  tenant: Tenant,
  securityHeaders: Readonly<Record<string, string>>,
): ServedRedirects | Promise<ServedRedirects> {
  return servedRedirects.get(tenant, securityHeaders);
}

/** The redirect from a request's path (without its query), in any spelling: case, percent-encoding, a trailing slash. */
export function redirectAt(served: ServedRedirects, path: string): ServedRedirect | undefined {
  return served.get(addressKey(path));
}

/**
 * Answers with the redirect, counted in memory (flushed to the database in batches, never a write per request).
 * `query` is the request's (`?a=1`, or ''), carried over when the target has none.
 */
export function writeRedirect(tenant: Tenant, response: ServerResponse, redirect: ServedRedirect, query: string): void {
  tenant.cache.visits.redirectFollowed(redirect.id, Date.now());
  const headers =
    query === '' || redirect.targetHasQuery
      ? redirect.headers
      : { ...redirect.headers, location: `${redirect.location}${encodeAddress(query)}` };
  response.writeHead(redirect.status, headers).end(REDIRECT_BODY);
}
