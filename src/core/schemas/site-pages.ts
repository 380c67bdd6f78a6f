import { z } from 'zod';

/**
 * GET /api/master/sitepages (docs/design.md §34): the pages visitors can open, by title, with their addresses on this site
 * (`/About1`, `/Careers1`): what the rich-text editor's link dialog offers to link to.
 */
export const SitePageSchema = z.object({
  title: z.string().meta({ description: "The page's name as menus show it." }),
  path: z.string().meta({ description: 'Its address on this site, in the default language (`/About1`).' }),
});
export type SitePage = z.infer<typeof SitePageSchema>;

export const SitePageListSchema = z.object({ items: z.array(SitePageSchema) });
export type SitePageList = z.infer<typeof SitePageListSchema>;

/**
 * An address a rich-text link may have: a page of another site (`https://`, `http://`), a mail (`mailto:`), or an
 * address on this site (`/About1`, `/About1#team`; never `//host`, which leaves the site).
 */
export const LINK_ADDRESS = /^(https?:\/\/|mailto:|\/(?!\/))/i;

/** Whether a link's address is one of this site's (`/About1`): such a link opens in the same tab. */
export const isSiteAddress = (href: string) => href.startsWith('/') && !href.startsWith('//');
