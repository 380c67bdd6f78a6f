import { sql, type SelectQueryBuilder } from 'kysely';
import { DATABASE_INTEGER_MAX } from '../../core/schemas/ids';
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

/**
 * What one part of a cursor's key holds, as the column it is compared with can take it (a forged cursor is refused
 * here, never by the database: PostgreSQL fails a query whose number does not fit its column, docs/design.md §24):
 * - `id`: a row id of an `integer` column (every id but the audit log's), 1 to DATABASE_INTEGER_MAX;
 * - `bigid`: a row id of a `bigint` column (audit_log.id on PostgreSQL), 1 to Number.MAX_SAFE_INTEGER;
 * - `string`: a text column's value, at most 100 characters, without NUL (PostgreSQL's text cannot hold one) and
 *   without a lone surrogate (no stored text has one).
 */
export type CursorPart = 'id' | 'bigid' | 'string';

type KeyOf<T extends ReadonlyArray<CursorPart>> = { [K in keyof T]: T[K] extends 'string' ? string : number };

/** A lone surrogate: half of a character, never in text a database gave. */
const LONE_SURROGATE = /\p{Cs}/u;

const FITS: Record<CursorPart, (value: unknown) => boolean> = {
  id: (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= DATABASE_INTEGER_MAX,
  bigid: (value) => Number.isSafeInteger(value) && (value as number) >= 1,
  string: (value) =>
    typeof value === 'string' && value.length <= 100 && !value.includes('\u0000') && !LONE_SURROGATE.test(value),
};

/** The key a cursor holds, of the given shape; anything else is a 400 with a sentence. */
export function decodeCursor<const T extends ReadonlyArray<CursorPart>>(cursor: string, shape: T): KeyOf<T> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(STALE);
  }
  const fits =
    Array.isArray(key) && key.length === shape.length && key.every((value, index) => FITS[shape[index]!](value));
  if (!fits) throw new ValidationError(STALE);
  return key as KeyOf<T>;
}

/** A page read with one row more than it shows: the rows to show, and the cursor of the page after (or null). */
export function pageOfRows<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => readonly KeyValue[],
): { rows: T[]; next: string | null } {
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
  const capped = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const row = await db
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { totalItems: Math.min(n, cap), totalCapped: n > cap };
}
