import type { ClientAssets } from './client-assets';

export interface DocumentParts {
  title: string;
  description: string;
  canonicalUrl: string | null;
  bodyHtml: string;
  assets: ClientAssets;
  /** The page's largest image above the fold, fetched early. */
  preloadImage?: string | undefined;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The whole HTML document of a public page. */
export function renderDocument(parts: DocumentParts): string {
  const { assets } = parts;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<meta name="description" content="${escapeHtml(parts.description)}">`,
    parts.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(parts.canonicalUrl)}">` : '',
    `<meta property="og:title" content="${escapeHtml(parts.title)}">`,
    `<meta property="og:description" content="${escapeHtml(parts.description)}">`,
    '<meta property="og:type" content="website">',
    '<meta name="theme-color" content="#0b2545">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    parts.preloadImage ? `<link rel="preload" as="image" href="${escapeHtml(parts.preloadImage)}" fetchpriority="high">` : '',
    assets.css ? `<style>${assets.css}</style>` : '',
  ]
    .filter(Boolean)
    .join('');
  const script = assets.entryScript ? `<script type="module" src="${escapeHtml(assets.entryScript)}"></script>` : '';
  return (
    `<!doctype html><html lang="en" class="no-js"><head>${head}</head><body>` +
    `<div id="root">${parts.bodyHtml}</div>` +
    `${script}</body></html>`
  );
}
