import { sql, type SelectQueryBuilder } from 'kysely';
import { LIST_COUNT_CAP } from '../../core/schemas/paging';
import { ValidationError } from '../errors';
import type { Db } from './database';

/**
 * Keyset paging and capped counts (docs/design.md §23, decision 019): a page after a cursor is found through the list's
 * index from where the page before ended, whatever its number; a count stops at LIST_COUNT_CAP rows.
 */

type KeyValue = string | number;

const STALE = 'This page link is out of date: go back to the first page.';

/** A cursor: the last row's key, as base64url JSON (opaque to the client, checked when it comes back). */
export function encodeCursor(key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor holds, of the given shape; anything else is a 400 with a sentence. */
export function decodeCursor<const T extends ReadonlyArray<'string' | 'number'>>(cursor: string, shape: T): { [K in keyof T]: T[K] extends 'number' ? number : string } {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(STALE);
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((value, index) => (shape[index] === 'number' ? Number.isSafeInteger(value) : typeof value === 'string' && value.length <= 100));
  if (!fits) throw new ValidationError(STALE);
  return key as { [K in keyof T]: T[K] extends 'number' ? number : string };
}

/** A page read with one row more than it shows: the rows to show, and the cursor of the page after (or null). */
export function pageOfRows<T>(rows: readonly T[], limit: number, keyOf: (row: T) => readonly KeyValue[]): { rows: T[]; next: string | null } {
  const shown = rows.slice(0, limit);
  return { rows: shown, next: rows.length > limit ? encodeCursor(keyOf(shown[shown.length - 1]!)) : null };
}

/** How many rows a filtered query selects, counting no further than `cap` + 1 (LIST_COUNT_CAP; SEARCH_COUNT_CAP for a search). */
export async function cappedCount(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of any tables: only its rows are counted.
  query: SelectQueryBuilder<any, any, any>,
  cap: number = LIST_COUNT_CAP,
): Promise<{ totalItems: number; totalCapped: boolean }> {
  const capped = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(cap + 1);
  const row = await db
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { totalItems: Math.min(n, cap), totalCapped: n > cap };
}
