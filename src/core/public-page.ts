import type { SiteWords } from './site-words';
import type { AutowiredDocument } from './page-defs/autowired-document';
import type { ContentPageKey } from './pages';
import type { AnyContent } from './schemas/page-content';
import type { PageLanguage } from './schemas/locale';
import type { MenuEntry } from './schemas/menu';
import type { ContactWords } from './site-texts';
import type { FormField } from './schemas/forms';

/** What the header and footer show of the company (from the company details). */
export interface SiteCompany {
  name: string;
  email: string;
  phone: string;
  /** The company's country (ISO 3166-1 alpha-2, docs/design.md §34): how the contact form reads a mobile number; absent, India. */
  countryCode?: string;
  /** The line under the company's name in the footer; '' shows none. */
  tagline: string;
  /** The company's logo (an uploaded image's address): the pages' default sharing image (docs/design.md §20); '' for none. */
  logo: string;
}

/**
 * Everything a public page needs to render: the server builds it and renders the page with it. The browser
 * does not get it: the page's islands need nothing but the server's markup (decision 011).
 */
export interface PublicPageData {
  /** The content page shown, 'autowired' for a page made in page creation, or 'not-found' for the 404 page. */
  pageKey: ContentPageKey | 'autowired' | 'not-found';
  /** Canonical path of the page, e.g. '/Home1' (for the active menu item). */
  path: string;
  /** The page's content document; null on the 404 page. */
  content: AnyContent | AutowiredDocument | null;
  /** An Autowired page's title and the parameters that say how to show its values (docs/design.md §13). */
  autowired?: AutowiredPublicPage;
  /** The Public group's menu tree. */
  menu: MenuEntry[];
  company: SiteCompany;
  /** The page's name as page creation keeps it (its display name): the hero's title. */
  pageName: string;
  /**
   * A preview of an unpublished revision (docs/design.md §19): the bar with the link back to the editor; `editorPath`
   * null for the visitor of a shared link (docs/design.md §26), who has no editor to go back to.
   */
  preview?: {
    editorPath: string | null;
    /** In the editor's pane (docs/design.md §26): the page as a search engine lists it, its title and description editable. */
    searchResult?: { title: string; description: string; url: string };
  };
  /** Year shown in the footer's copyright line. */
  copyrightYear: number;
  /** The contact form after a post without JavaScript: what was sent, the errors, or that it was sent. */
  contactForm?: ContactFormState;
  /** A form made without code after its post without JavaScript, or after `?sent=1` (docs/design.md §30). */
  formState?: PublicFormState;
  /**
   * The media library's alt text and focal point of the uploaded images that have either (docs/design.md §27), by
   * `folder/name`: an image shows them wherever its field has no words of its own.
   */
  images?: ReadonlyMap<string, ImageDetails>;
  /** The page's language (docs/design.md §28): `<html lang>`; absent on a site of one language (its default then). */
  locale?: string;
  /**
   * The language switcher's links: the page in every language it is published in, the shown one marked. Absent
   * or fewer than two: no switcher.
   */
  languages?: PageLanguage[];
  /** The page's own address in another language than the default (`/de/Contact1`): where its form posts. */
  address?: string;
  /** The contact form's words in the page's language (docs/design.md §28): the default's text → its translation; absent, none. */
  contactWords?: ContactWords;
  /**
   * A page in another language leads to the site's pages in it (docs/design.md §34): each page's address in the default
   * language, lower-cased (`/about1`, an old short route `/about`), → its address in this one (`/de/About1`).
   */
  links?: ReadonlyMap<string, string>;
  /**
   * The words of the site's frame and fixed headings that differ from Folio's (docs/design.md §34): the firm's own in
   * the default language, or their translation in this one, by key (core/site-words.ts); absent, Folio's.
   */
  words?: SiteWords;
  /**
   * A page not translated into its language yet (docs/design.md §34): shown in the default language (`contentLang`) under
   * a notice in the page's own (`noticeLang`: the default's while the notice itself is not translated either).
   */
  untranslated?: { notice: string; noticeLang: string; contentLang: string };
}

/** What the media library says of an uploaded image (docs/design.md §27): its alt text and focal point (0–1 each way). */
export interface ImageDetails {
  alt: string;
  focalX: number;
  focalY: number;
}

/**
 * The contact page's id (its menupageid), which its form sends with an enquiry. Kept here, a literal, rather
 * than looked up in the page registry, so that the form's island does not load the registry (decision 011).
 */
export const CONTACT_PAGE_ID = 11;

export const CONTACT_FORM_FIELDS = ['organization', 'name', 'email', 'mobile', 'requirements'] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

const isContactFormField = (name: unknown): name is ContactFormField =>
  (CONTACT_FORM_FIELDS as readonly unknown[]).includes(name);

/**
 * The sentence shown under each field of the contact form: the first issue of that field, as zod lists them.
 * One rule for the server's answer to a post without JavaScript and for the form's own checks in the browser.
 */
export function contactFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ContactFormState['errors'] {
  const errors: ContactFormState['errors'] = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isContactFormField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The contact form's state as the server rendered it after a form post (docs/design.md §15: works without JavaScript). */
export interface ContactFormState {
  values: Record<ContactFormField, string>;
  errors: Partial<Record<ContactFormField, string>>;
  sent: boolean;
}

/** What the public twin of an Autowired page shows of each parameter. */
export interface PublicParameter {
  /** The parameter's name: the label of its value (the firm's word, as the editor shows it). */
  name: string;
  type: string;
  /** Its kind of value (Integer, Float, Boolean, MasterData…). */
  unittype: string;
  level: 'Header' | 'Detail';
  /** How a yes and a no read. */
  yes: string;
  no: string;
  /** The decimal places a number is shown with; null: as it was typed. */
  decimalplaces: number | null;
  /** Whether visitors see the name above the value (docs/design.md §34: text is content and reads on its own). */
  showName: boolean;
  /** A line of text that reads as a heading (docs/design.md §34). */
  heading: boolean;
}

/**
 * The locale the public pages show dates and numbers in ('31 Dec 2026', '12,00,000.50'): the firm's, Indian
 * English, as the staff screens. One place to change when the site gets a default locale (docs/design.md §28).
 */
export const SITE_LOCALE = 'en-IN';

export interface AutowiredPublicPage {
  title: string;
  parameters: PublicParameter[];
  /** The forms the page shows (docs/design.md §30), by the name of the `Form` parameter that places each. */
  forms?: Record<string, PublicForm>;
}

/**
 * A form made without code as visitors fill it in (docs/design.md §30): its fields, their choices read from master
 * data, and the time token it was rendered with (signed, in the form: a spam rule reads it).
 */
export interface PublicForm {
  id: number;
  fields: FormField[];
  successMessage: string;
  token: string;
  /** The language its texts are shown in, when not the default: posted with it, so refusals and mail are in it. */
  language?: string;
}

/** A form's state after it was posted without JavaScript: what was sent with a sentence per refused field, or sent. */
export interface PublicFormState {
  formId: number;
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  /** Something about the whole post (files too large together): shown above the fields. */
  problem?: string;
  sent: boolean;
}
