import type { ContentPageKey } from '../pages';

/** The seeded modules (docs/design.md §11): where the menu-tree editor offers a page. */
export const MODULE_IDS = { website: 1, services: 2, products: 3, administration: 4 } as const;

/** The module of each content page; back-office screens belong to Administration. */
export const CONTENT_PAGE_MODULES: Record<ContentPageKey, number> = {
  home: MODULE_IDS.website,
  about: MODULE_IDS.website,
  news: MODULE_IDS.website,
  customers: MODULE_IDS.website,
  contact: MODULE_IDS.website,
  bespoke: MODULE_IDS.services,
  expertise: MODULE_IDS.services,
  language: MODULE_IDS.services,
  consulting: MODULE_IDS.services,
  prod1: MODULE_IDS.products,
  prod2: MODULE_IDS.products,
  prod3: MODULE_IDS.products,
};
