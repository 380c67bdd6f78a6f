import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { PageCursors } from './use-page-cursors';

describe('page cursors', () => {
  const filters = { searchText: 'pune', status: 'New' };

  it('gives page P+1 the next of page P, and the first page none', () => {
    const cursors = new PageCursors();
    expect(cursors.after(filters, 1)).toBeUndefined();
    cursors.remember(filters, 1, 'c2');
    expect(cursors.after(filters, 2)).toBe('c2');
    cursors.remember(filters, 2, 'c3');
    expect(cursors.after(filters, 3)).toBe('c3');
    // Back to page 2, then on again: still known.
    expect(cursors.after(filters, 2)).toBe('c2');
    expect(cursors.after({ ...filters }, 3)).toBe('c3');
  });

  it('knows no cursor for a page reached otherwise (typed into the address): it goes by number', () => {
    const cursors = new PageCursors();
    expect(cursors.after(filters, 7)).toBeUndefined();
    cursors.remember(filters, 1, 'c2');
    expect(cursors.after(filters, 7)).toBeUndefined();
    // Page 7's answer leads on to page 8.
    cursors.remember(filters, 7, 'c8');
    expect(cursors.after(filters, 8)).toBe('c8');
  });

  it('starts afresh when the filters change, and ignores a late answer for the filters left', () => {
    const cursors = new PageCursors();
    cursors.after(filters, 1);
    cursors.remember(filters, 1, 'c2');
    const other = { searchText: 'pune', status: 'Handled' };
    expect(cursors.after(other, 2)).toBeUndefined();
    cursors.remember(filters, 2, 'old');
    expect(cursors.after(other, 3)).toBeUndefined();
    // Back to the first filters: what was known of them is gone too.
    expect(cursors.after(filters, 2)).toBeUndefined();
  });

  it('forgets the page after the last one', () => {
    const cursors = new PageCursors();
    cursors.after(filters, 1);
    cursors.remember(filters, 1, 'c2');
    // Rows went: page 1 is now the last.
    cursors.remember(filters, 1, null);
    expect(cursors.after(filters, 2)).toBeUndefined();
  });

  it('takes a newer answer of the same page', () => {
    const cursors = new PageCursors();
    cursors.after(filters, 1);
    cursors.remember(filters, 1, 'c2');
    cursors.remember(filters, 1, 'c2b');
    expect(cursors.after(filters, 2)).toBe('c2b');
  });

  it('reads a page with its cursor and notes the next; a refused cursor falls back to the page number', async () => {
    const cursors = new PageCursors();
    const fetchPage = vi.fn(async (after: string | undefined) => ({
      next: after === undefined ? 'c2' : `after-${after}`,
    }));
    expect(await cursors.read(filters, 1, fetchPage)).toEqual({ next: 'c2' });
    expect(fetchPage).toHaveBeenLastCalledWith(undefined);
    await cursors.read(filters, 2, fetchPage);
    expect(fetchPage).toHaveBeenLastCalledWith('c2');
    expect(cursors.after(filters, 3)).toBe('after-c2');

    const refusing = vi.fn(async (after: string | undefined) => {
      if (after !== undefined) throw new ApiError(400, 'This page link is out of date: go back to the first page.');
      return { next: 'fresh' };
    });
    expect(await cursors.read(filters, 3, refusing)).toEqual({ next: 'fresh' });
    expect(refusing.mock.calls).toEqual([['after-c2'], [undefined]]);
    expect(cursors.after(filters, 4)).toBe('fresh');

    // Any other failure is the caller's to show.
    const failing = vi.fn(async () => {
      throw new ApiError(500, 'The list could not be read.');
    });
    await expect(cursors.read(filters, 4, failing)).rejects.toThrow('The list could not be read.');
    expect(failing).toHaveBeenCalledOnce();
  });
});
