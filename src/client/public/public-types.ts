import type { ContentPageKey } from '../../core/pages';
import type { ContactFormState } from '../../core/public-page';
import type { ContentByKey } from '../../core/schemas/page-content';

/** Props of every public page component. */
export interface PageProps<K extends ContentPageKey> {
  content: ContentByKey[K];
  /** The contact page after a form post without JavaScript. */
  contactForm?: ContactFormState | undefined;
}
