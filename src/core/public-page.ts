import type { AutowiredDocument } from './page-defs/autowired-document';
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
  /** The content page shown, 'autowired' for a page made in page creation, or 'not-found' for the 404 page. */
  pageKey: ContentPageKey | 'autowired' | 'not-found';
  /** Canonical path of the page, e.g. '/Home1' (for the active menu item). */
  path: string;
  /** The page's content document; null on the 404 page. */
  content: AnyContent | AutowiredDocument | null;
  /** An Autowired page's title and the parameters that say how to show its values (DESIGN §13). */
  autowired?: AutowiredPublicPage;
  /** The Public group's menu tree. */
  menu: MenuEntry[];
  company: SiteCompany;
  /** Year shown in the footer's copyright line. */
  copyrightYear: number;
  /** The contact form after a post without JavaScript: what was sent, the errors, or that it was sent. */
  contactForm?: ContactFormState;
}

export const CONTACT_FORM_FIELDS = ['organization', 'name', 'email', 'mobile', 'requirements'] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

/** The contact form's state as the server rendered it after a form post (DESIGN §15: works without JavaScript). */
export interface ContactFormState {
  values: Record<ContactFormField, string>;
  errors: Partial<Record<ContactFormField, string>>;
  sent: boolean;
}

/** What the public twin of an Autowired page shows of each parameter. */
export interface PublicParameter {
  name: string;
  type: string;
  level: 'Header' | 'Detail';
  yes: string;
  no: string;
}

export interface AutowiredPublicPage {
  title: string;
  parameters: PublicParameter[];
}
