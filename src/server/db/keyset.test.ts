import { describe, expect, it } from 'vitest';
import { DATABASE_INTEGER_MAX } from '../../core/schemas/ids';
import { ValidationError } from '../errors';
import { decodeCursor, encodeCursor } from './keyset';

/** docs/design.md §23–24: a cursor comes back as the server wrote it, or is a 400 with a sentence, never a query that fails. */
describe('decodeCursor', () => {
  const STALE = 'This page link is out of date: go back to the first page.';
  const refused = (cursor: string, shape: Parameters<typeof decodeCursor>[1]) => {
    try {
      decodeCursor(cursor, shape);
    } catch (error) {
      return error instanceof ValidationError ? error.message : `not a ValidationError: ${String(error)}`;
    }
    return 'accepted';
  };

  it('gives back the key of a cursor it wrote, ids up to the integer column and audit ids up to 2^53-1', () => {
    expect(decodeCursor(encodeCursor([1]), ['id'])).toEqual([1]);
    expect(decodeCursor(encodeCursor([DATABASE_INTEGER_MAX]), ['id'])).toEqual([DATABASE_INTEGER_MAX]);
    expect(decodeCursor(encodeCursor(['2026-01-01T00:00:00.000Z', 2 ** 31]), ['string', 'bigid'])).toEqual([
      '2026-01-01T00:00:00.000Z',
      2 ** 31,
    ]);
    expect(
      decodeCursor(encodeCursor(['2026-01-01T00:00:00.000Z', Number.MAX_SAFE_INTEGER]), ['string', 'bigid']),
    ).toEqual(['2026-01-01T00:00:00.000Z', Number.MAX_SAFE_INTEGER]);
  });

  it('refuses an id beyond the integer column, below 1 or not whole, with the sentence', () => {
    for (const value of [2 ** 31, 2 ** 53, -1, 0, 1.5, '1', null])
      expect(refused(encodeCursor([value as number]), ['id']), String(value)).toBe(STALE);
    expect(refused('WzIxNDc0ODM2NDhd', ['id'])).toBe(STALE);
    expect(refused('WzkwMDcxOTkyNTQ3NDA5OTJd', ['id'])).toBe(STALE);
    expect(refused('Wy0xXQ', ['id'])).toBe(STALE);
  });

  it('refuses a bigint id beyond 2^53-1 or below 1', () => {
    for (const value of [2 ** 53, -1, 0, 1.5])
      expect(refused(encodeCursor(['2026-01-01T00:00:00.000Z', value]), ['string', 'bigid']), String(value)).toBe(
        STALE,
      );
  });

  it('refuses a text part that is long, holds a NUL or half a character', () => {
    expect(refused(encodeCursor(['x'.repeat(101), 1]), ['string', 'bigid'])).toBe(STALE);
    expect(refused(encodeCursor(['a\u0000', 1]), ['string', 'bigid'])).toBe(STALE);
    expect(refused(encodeCursor(['\ud800', 1]), ['string', 'bigid'])).toBe(STALE);
    expect(decodeCursor(encodeCursor(['x'.repeat(100), 1]), ['string', 'bigid'])).toEqual(['x'.repeat(100), 1]);
  });

  it('refuses a cursor that is not JSON, not a list, or of another shape', () => {
    expect(refused('bm90IGpzb24', ['id'])).toBe(STALE);
    expect(refused(encodeCursor([]), ['id'])).toBe(STALE);
    expect(refused(encodeCursor([1, 2]), ['id'])).toBe(STALE);
    expect(refused(Buffer.from('{"after":1}').toString('base64url'), ['id'])).toBe(STALE);
    expect(refused(Buffer.from('null').toString('base64url'), ['id'])).toBe(STALE);
    expect(refused(encodeCursor([1, 1]), ['string', 'bigid'])).toBe(STALE);
  });
});
