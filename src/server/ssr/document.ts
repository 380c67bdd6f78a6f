import { iconLinks } from '../company/firm-icons';
import type { PageMeta } from '../pages/seo';
import type { ClientAssets } from './client-assets';

export interface DocumentParts {
  /** Title, description, sharing image, canonical address and site name (docs/design.md §20). */
  meta: PageMeta;
  /** No canonical link (the 404 page). */
  canonical: boolean;
  /** Kept out of search engines (a staff preview, docs/design.md §19). */
  noindex?: boolean;
  bodyHtml: string;
  assets: ClientAssets;
  /** The version of the firm's icons (docs/design.md §34): the favicon links change with the logo. */
  iconVersion: string;
  /** The page's largest image above the fold, fetched early. */
  preloadImage?: string | undefined;
  /** The page's language (docs/design.md §28): `<html lang>`; absent, en. */
  lang?: string | undefined;
  /** The page in each of its languages and x-default (docs/design.md §28): absent or empty on a page of one language. */
  alternates?: Array<{ hreflang: string; href: string }> | undefined;
  /** A render for the editor's preview pane (docs/design.md §26): its bridge to the editor and what the checks need. */
  pane?: { bridgeScript: string | null; editorOrigin: string; siteAddresses: string[] } | undefined;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The whole HTML document of a public page. */
export function renderDocument(parts: DocumentParts): string {
  const { assets, meta } = parts;
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    parts.noindex ? '<meta name="robots" content="noindex">' : '',
    parts.canonical && meta.url ? `<link rel="canonical" href="${escapeHtml(meta.url)}">` : '',
    ...(parts.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    '<meta property="og:type" content="website">',
    parts.canonical ? tag('property', 'og:url', meta.url) : '',
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:image', meta.image),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
    '<meta name="theme-color" content="#0b2545">',
    iconLinks(parts.iconVersion),
    parts.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(parts.preloadImage)}" fetchpriority="high">`
      : '',
    assets.css ? `<style>${assets.css}</style>` : '',
  ]
    .filter(Boolean)
    .join('');
  // A pane's frame runs its bridge only: the islands would only answer clicks, which pick fields there, and a
  // frame of no origin fetches every script again on each render (no shared cache), so each one costs time.
  const script =
    assets.entryScript && !parts.pane ? `<script type="module" src="${escapeHtml(assets.entryScript)}"></script>` : '';
  const pane = parts.pane ? paneScripts(parts.pane) : '';
  return (
    `<!doctype html><html lang="${escapeHtml(parts.lang ?? 'en')}" class="no-js"><head>${head}</head><body>` +
    `<div id="root">${parts.bodyHtml}</div>` +
    `${script}${pane}</body></html>`
  );
}

/**
 * The pane's frame (docs/design.md §26): the editor's origin, which the bridge alone talks to, and the site's page
 * addresses for the link check, as data (JSON in a non-script type, `<` escaped so the text cannot end the
 * element), then the bridge. Never in a page visitors get.
 */
function paneScripts(pane: NonNullable<DocumentParts['pane']>): string {
  const data = JSON.stringify({ editorOrigin: pane.editorOrigin, siteAddresses: pane.siteAddresses }).replace(
    /</g,
    '\\u003c',
  );
  const bridge = pane.bridgeScript ? `<script type="module" src="${escapeHtml(pane.bridgeScript)}"></script>` : '';
  return `<script type="application/json" id="folio-pane">${data}</script>${bridge}`;
}
