import type { ContentPageKey } from '../../core/pages';
import type { ContactWords } from '../../core/site-texts';
import type { ContactFormState, SiteCompany } from '../../core/public-page';
import type { ContentByKey } from '../../core/schemas/page-content';

/** Props of every public page component. */
export interface PageProps<K extends ContentPageKey> {
  content: ContentByKey[K];
  /** The page's display name (page creation): its hero title. */
  pageName: string;
  /** The company's details: the words a page takes from them (the hidden heading of Home). */
  company: SiteCompany;
  /** The contact page after a form post without JavaScript. */
  contactForm?: ContactFormState | undefined;
  /** The page's address in another language than the default (`/de/Contact1`): where the contact form posts. */
  address?: string | undefined;
  /** The contact form's words in the page's language (docs/design.md §28). */
  contactWords?: ContactWords | undefined;
}
