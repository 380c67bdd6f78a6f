import type { ComponentType } from 'react';
import type { ContentPageKey } from '../../core/pages';
import type { ContactWords } from '../../core/site-texts';
import type { AutowiredPublicPage, ContactFormState, PublicFormState, SiteCompany } from '../../core/public-page';

/** What every page module is rendered with (entry-server.tsx); each page takes the props it uses. */
export interface PageComponentProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page narrows content to its own document type
  content: any;
  pageName: string;
  company: SiteCompany;
  autowired?: AutowiredPublicPage;
  contactForm?: ContactFormState | undefined;
  /** A form made without code after its post without JavaScript (docs/design.md §30). */
  formState?: PublicFormState | undefined;
  /** The page's address in the default language. */
  path?: string;
  /** The page's address in another language than the default (`/de/Contact1`): where the contact form posts. */
  address?: string | undefined;
  /** The contact form's words in the page's language (docs/design.md §28). */
  contactWords?: ContactWords | undefined;
}

export type PageModule = { default: ComponentType<PageComponentProps> };

/**
 * Every public page's module, loaded on demand by the server's renderer (the browser gets islands only, decision
 * 011): src/client/public/pages/<key>-page.tsx for each built-in page (CONTENT_PAGES is the one list,
 * src/core/pages.ts), autowired-page.tsx for the pages made without code and not-found-page.tsx. Found by
 * their file names; src/built-in-pages.test.ts checks every page has one.
 */
export const PAGE_LOADERS = Object.fromEntries(
  Object.entries(import.meta.glob<PageModule>('./pages/*-page.tsx')).map(([file, load]) => [
    file.slice('./pages/'.length, -'-page.tsx'.length),
    load,
  ]),
) as Partial<Record<ContentPageKey | 'autowired' | 'not-found', () => Promise<PageModule>>>;
