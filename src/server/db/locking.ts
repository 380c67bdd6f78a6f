import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database';

/**
 * The row lock of a claim (decision 022): on PostgreSQL `for update skip locked`, so instances polling one
 * database together pass over the rows another is claiming instead of waiting for it or taking the same row;
 * SQLite has one writer at a time, so the claiming update is the lock and this is empty.
 */
export function skipLocked(dialect: Dialect): RawBuilder<unknown> {
  return sql.raw(dialect === 'postgres' ? 'for update skip locked' : '');
}
