import { staffPaths } from '../../core/paths';
import { CONTENT_PAGES, contentPageByKey } from '../../core/pages';

/** Old short routes (spec 001 §2) keep working as permanent redirects. */
const LEGACY = new Map(
  CONTENT_PAGES.flatMap((p) => (p.legacyPath ? [[p.legacyPath.toLowerCase(), p.publicPath] as const] : [])),
);
const CANONICAL = new Map([
  ...CONTENT_PAGES.map((p) => [p.publicPath.toLowerCase(), p.publicPath] as const),
  ...staffPaths()
    .filter((r) => !r.includes(':'))
    .map((r) => [r.toLowerCase(), r] as const),
]);

/** The old short routes, each a redirect to its page's address. */
export const legacyAddresses = (): string[] => CONTENT_PAGES.flatMap((p) => (p.legacyPath ? [p.legacyPath] : []));

/** Where another spelling of a fixed address (any case), or an old short route, answers 301 to. */
export function redirectTarget(lowerCasePath: string): string | undefined {
  return CANONICAL.get(lowerCasePath) ?? LEGACY.get(lowerCasePath);
}

/** `/{name}`: where a page made in page creation may live (its editing twin, or `{Name}1`, its public one). */
export const ONE_SEGMENT = /^\/([A-Za-z][A-Za-z0-9-]{0,25})$/;

/** The contact page: each view of it gets its own spam-guard cookie, and it takes the form's post. */
export const CONTACT_PAGE = contentPageByKey('contact');

export function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
