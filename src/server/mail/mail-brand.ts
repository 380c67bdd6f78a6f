import { brandLogo } from '../../core/media/brand-logo';
import { escapeHtml } from '../ssr/document';

/** The tallest and widest the logo shows at the top of a mail, in CSS pixels. */
const MAIL_LOGO_HEIGHT = 48;
const MAIL_LOGO_MAX_WIDTH = 240;

/**
 * The top of an HTML mail (docs/design.md §34): the firm's own logo, its alt text the firm's name, at its address on
 * PUBLIC_BASE_URL (a mail is read away from the site); a firm without a logo of its own gets its name in bold
 * instead (the demo logo would say nothing of the firm). Text mails name the firm in their first line already.
 */
export function mailBrandHtml(company: { name: string; logo: string }, publicBaseUrl: string): string {
  const logo = brandLogo(company.logo);
  if (!logo.own) return `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${escapeHtml(company.name)}</p>`;
  // A site path resolves under PUBLIC_BASE_URL's own path too (a site served below a prefix); an address elsewhere stays.
  const src = new URL(logo.src.startsWith('/') ? logo.src.slice(1) : logo.src, publicBaseUrl).href;
  // Mail programs honour width and height attributes, not CSS: the logo's own shape within 240 × 48.
  const scale = Math.min(MAIL_LOGO_HEIGHT / logo.height, MAIL_LOGO_MAX_WIDTH / logo.width);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  return (
    `<p style="margin:0 0 16px"><img src="${escapeHtml(src)}" alt="${escapeHtml(company.name)}" width="${width}" height="${height}" ` +
    'style="display:block;border:0;outline:none"></p>'
  );
}
