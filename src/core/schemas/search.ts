import { z } from 'zod';
import { searchTextSchema } from './paging';

/**
 * Search across the back office (docs/design.md §23): POST /api/master/search {q} finds pages, users, groups, enquiries,
 * master values and images (by name and alt text, docs/design.md §27) that the caller may open, at most SEARCH_LIMIT in all; `href` is the staff screen that opens
 * each: a page's editing twin (`/Home`), a user's form (`/user/7`), a group's menu tree
 * (`/bmstree?id=3&from=group`), an enquiry's detail (`/enquiries?open=42`), a master value's form
 * (`/commonMaster?edit=9`), an image in the media library (`/media?open=5`).
 */

export const SEARCH_LIMIT = 20;

export const SEARCH_KINDS = ['page', 'user', 'group', 'enquiry', 'master', 'image'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SearchRequestSchema = z.object({ q: searchTextSchema });
export type SearchRequest = z.output<typeof SearchRequestSchema>;

export const SearchItemSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  label: z.string(),
  href: z.string(),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

export const SearchAnswerSchema = z.object({ items: z.array(SearchItemSchema) });
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** Where each kind of result opens (one place for the server, which writes hrefs, and the client, which reads them). */
export const searchHref = {
  page: (routing: string) => `/${routing}`,
  user: (id: number) => `/user/${id}`,
  group: (id: number) => `/bmstree?id=${id}&from=group`,
  enquiry: (id: number) => `/enquiries?open=${id}`,
  master: (id: number) => `/commonMaster?edit=${id}`,
  image: (id: number) => `/media?open=${id}`,
};
