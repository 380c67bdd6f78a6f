import { createContext, useContext, type ReactNode } from 'react';

/**
 * A visitor stays in the language they read (docs/design.md §34): in a page in another language every link to a page of
 * the site, the menu's, the footer's, a button's and those inside rich text, leads to that page in the same
 * language (`/About1` → `/de/About1`). The server hands each page its addresses (PublicPageData `links`); a page
 * in the default language has none, and its links stay as they are. Rendered on the server only.
 */
const SiteLinksContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export function SiteLinksProvider({
  links,
  children,
}: {
  links: ReadonlyMap<string, string> | undefined;
  children: ReactNode;
}) {
  return <SiteLinksContext value={links}>{children}</SiteLinksContext>;
}

/** The shown page's addresses in its language, for `siteHref` and `withSiteLinks`; undefined in the default language. */
export function useSiteLinks(): ReadonlyMap<string, string> | undefined {
  return useContext(SiteLinksContext);
}

/**
 * `href` in the language of `links`: a site address (a path, any case, a trailing slash, with its query and
 * fragment kept) of a page that has one there; anything else (another site, `mailto:`, `#…`, `/login`) unchanged.
 */
export function siteHref(links: ReadonlyMap<string, string> | undefined, href: string): string {
  if (!links || !href.startsWith('/') || href.startsWith('//')) return href;
  const at = href.search(/[?#]/);
  const path = at === -1 ? href : href.slice(0, at);
  const address = links.get(path.replace(/(.)\/+$/, '$1').toLowerCase());
  return address === undefined ? href : `${address}${at === -1 ? '' : href.slice(at)}`;
}

/** The links of stored rich text (sanitised on the server: every `href` double-quoted) in the language of `links`. */
export function withSiteLinks(links: ReadonlyMap<string, string> | undefined, html: string): string {
  if (!links) return html;
  return html.replace(
    /(<a\s[^>]*?\bhref=")([^"]*)"/gi,
    (_match, start: string, href: string) => `${start}${siteHref(links, href)}"`,
  );
}
