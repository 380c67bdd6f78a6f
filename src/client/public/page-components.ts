import type { ComponentType } from 'react';
import type { ContentPageKey } from '../../core/pages';
import type { AutowiredPublicPage, ContactFormState, SiteCompany } from '../../core/public-page';

/** What every page module is rendered with (entry-server.tsx); each page takes the props it uses. */
export interface PageComponentProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page narrows content to its own document type
  content: any;
  pageName: string;
  company: SiteCompany;
  autowired?: AutowiredPublicPage;
  contactForm?: ContactFormState | undefined;
}

export type PageModule = { default: ComponentType<PageComponentProps> };

/** Every public page's module, loaded on demand by the server's renderer (the browser gets islands only, decision 011). */
export const PAGE_LOADERS: Record<ContentPageKey | 'autowired' | 'not-found', () => Promise<PageModule>> = {
  home: () => import('./pages/home-page'),
  about: () => import('./pages/about-page'),
  bespoke: () => import('./pages/bespoke-page'),
  expertise: () => import('./pages/expertise-page'),
  language: () => import('./pages/language-page'),
  consulting: () => import('./pages/consulting-page'),
  news: () => import('./pages/news-page'),
  customers: () => import('./pages/customers-page'),
  prod1: () => import('./pages/prod1-page'),
  prod2: () => import('./pages/prod2-page'),
  prod3: () => import('./pages/prod3-page'),
  contact: () => import('./pages/contact-page'),
  autowired: () => import('./pages/autowired-page'),
  'not-found': () => import('./pages/not-found-page'),
};
