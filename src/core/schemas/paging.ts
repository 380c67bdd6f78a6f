import { z } from 'zod';

/**
 * Lists at any size (docs/design.md §23, decision 019): a list answers a page by its position after the last row of the
 * page before (keyset paging) instead of counting and skipping rows, and counts its rows only up to a cap.
 *
 * - A request may carry `after`: the `next` of the answer for the page before. Without it the page is found by
 *   its number (the spec's `pageno`), which is exact but walks the rows before it: fine for the first pages and
 *   for a page typed into the address, slow deep into a large list.
 * - An answer carries `next` (the `after` of the following page; null on the last page) and `totalCapped`:
 *   true when the list holds more than `totalItems` rows (the count stopped at LIST_COUNT_CAP, or SEARCH_COUNT_CAP
 *   for a search).
 */

/** A list counts its rows up to this many; beyond, it says "more than". */
export const LIST_COUNT_CAP = 10_000;

/**
 * A list with search text counts its matches up to this many: each match is checked in the table (its filters),
 * so a count of ten thousand matches of a common word would cost more than the page itself.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** A position in a list, as the server wrote it: opaque to the client. */
export const PageCursorSchema = z
  .string()
  .max(200, { message: 'This page link is out of date: go back to the first page.' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'This page link is out of date: go back to the first page.' });

/** The fields every paged list request may add to its own. */
export const keysetRequestFields = { after: PageCursorSchema.optional() };

/** The fields every paged list answer adds to its own (the server always sends them; older answers lack them). */
export const keysetAnswerFields = {
  next: z.string().nullable().optional(),
  totalCapped: z.boolean().optional(),
};

/** Longest search text used: a longer one is cut here, never refused (a search is text, whatever it holds). */
export const SEARCH_TEXT_MAX = 1000;

/** A search box's text: trimmed and cut to SEARCH_TEXT_MAX; any characters are plain text, never syntax. */
export const searchTextSchema = z.string().transform((text) => text.trim().slice(0, SEARCH_TEXT_MAX));
