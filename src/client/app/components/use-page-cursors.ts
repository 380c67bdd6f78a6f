import { useState } from 'react';
import { ApiError } from '../lib/api';

/**
 * Keyset paging on the client (docs/design.md §23, core/schemas/paging.ts): the server finds page P+1 fast when asked
 * `after` the `next` of page P's answer, and by its number (slower deep into a large list) without it. This
 * remembers, for one set of filters, which cursor leads to which page: page P's answer gives the cursor of
 * page P+1. Filters other than the last ones start afresh (a cursor is a position in one list). A page whose
 * cursor is not known (typed into the address, the first after a filter change) is asked for by number.
 *
 * The cursor is not part of a query's key: a page read with or without it is the same page.
 */
export class PageCursors {
  private filters: string | undefined;
  private readonly cursors = new Map<number, string>();

  /** The `after` to send for `page` of the list under `filters` (anything JSON can write); none if not known. */
  after(filters: unknown, page: number): string | undefined {
    this.follow(filters);
    return page > 1 ? this.cursors.get(page) : undefined;
  }

  /**
   * Takes note of page `page`'s answer under `filters`: its `next` is the cursor of the page after (null: the
   * last page, so nothing follows it). An answer for other filters than the last ones asked for is ignored
   * (a late answer of a list already left).
   */
  remember(filters: unknown, page: number, next: string | null): void {
    if (this.filters !== keyOf(filters)) return;
    if (next === null) this.cursors.delete(page + 1);
    else this.cursors.set(page + 1, next);
  }

  /**
   * Reads page `page` of the list under `filters` through `fetchPage`, with the page's cursor when known, and
   * takes note of the answer's `next`. A cursor the server refuses (400: it no longer reads it) is dropped and
   * the page asked for again by its number.
   */
  async read<T extends { next?: string | null | undefined }>(
    filters: unknown,
    page: number,
    fetchPage: (after: string | undefined) => Promise<T>,
  ): Promise<T> {
    const after = this.after(filters, page);
    let answer: T;
    try {
      answer = await fetchPage(after);
    } catch (error) {
      if (after === undefined || !(error instanceof ApiError && error.status === 400)) throw error;
      this.cursors.delete(page);
      answer = await fetchPage(undefined);
    }
    this.remember(filters, page, answer.next ?? null);
    return answer;
  }

  private follow(filters: unknown): void {
    const key = keyOf(filters);
    if (key === this.filters) return;
    this.filters = key;
    this.cursors.clear();
  }
}

function keyOf(filters: unknown): string {
  return JSON.stringify(filters) ?? '';
}

/**
 * A list screen's page cursors, kept for as long as the screen is shown. Pass them to the list's query hook,
 * whose fetcher reads its page through `read` (outside rendering: the fetch reads and writes the cursors, the
 * screen's render never does).
 */
export function usePageCursors(): PageCursors {
  const [cursors] = useState(() => new PageCursors());
  return cursors;
}
