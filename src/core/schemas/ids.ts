import { z } from 'zod';

/**
 * Ids and revision numbers in requests (docs/design.md §24). Every id and revision is a 32-bit integer column on
 * PostgreSQL, which refuses a larger number with an error; SQLite would simply find nothing. So a request's id is
 * checked here, once, against the column's range: beyond it the answer is a 400 with a sentence, on both databases.
 */

/** The largest value of an integer column (PostgreSQL `integer`): every id and revision number. */
export const DATABASE_INTEGER_MAX = 2_147_483_647;

interface IdOptions {
  /** The sentence for any invalid value, where the screen words it so ('Choose a group.'). */
  message?: string;
  /** Digits in a text count as the number (the spec's clients send ids either way); false: JSON numbers only. */
  coerce?: boolean;
  /** 0 is allowed too: a field where 0 means "new" or "none" (menu items). */
  zero?: boolean;
}

/** A row's id or a revision number: a whole number from 1 (or 0) to DATABASE_INTEGER_MAX. */
export function databaseId({ message, coerce = true, zero = false }: IdOptions = {}) {
  const min = zero ? 0 : 1;
  // Without a sentence of the screen's, the issue reads "<field> must be a whole number from 1 to 2147483647."
  const range = { message: message ?? `must be a whole number from ${min} to ${DATABASE_INTEGER_MAX}` };
  const number = coerce
    ? z.coerce.number(message ? { message } : undefined)
    : z.number(message ? { message } : undefined);
  return number.int(range).min(min, range).max(DATABASE_INTEGER_MAX, range);
}
