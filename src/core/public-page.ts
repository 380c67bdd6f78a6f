import type { ContentPageKey } from './pages';
import type { AnyContent } from './schemas/page-content';
import type { MenuEntry } from './schemas/menu';

/** What the header and footer show of the company (from the company details). */
export interface SiteCompany {
  name: string;
  email: string;
  phone: string;
}

/**
 * Everything a public page needs to render: the server builds it, renders the page with it, and embeds it in
 * the HTML as JSON so the client hydrates with exactly the same data (no second fetch).
 */
export interface PublicPageData {
  /** The content page shown, or 'not-found' for the 404 page. */
  pageKey: ContentPageKey | 'not-found';
  /** Canonical path of the page, e.g. '/Home1' (for the active menu item). */
  path: string;
  /** The page's content document; null on the 404 page. */
  content: AnyContent | null;
  /** The Public group's menu tree. */
  menu: MenuEntry[];
  company: SiteCompany;
  /** Year shown in the footer's copyright line. */
  copyrightYear: number;
}
