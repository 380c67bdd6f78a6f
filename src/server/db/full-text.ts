import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from './database';

/**
 * Full-text search (docs/design.md §23, decision 019): SQLite's FTS5 indexes (`<table>_fts`) and PostgreSQL's
 * `search_vector` columns hold the words of a table's text columns, punctuation taken as a space (migration
 * 0016). A search text becomes words the same way; the query is built from those words only, so whatever the
 * text holds (quotes, `*`, `NEAR`, `OR`, `%`, `_`, a thousand characters) is searched as text and can never be
 * query syntax. Every word must be found; the last may be the start of a word (a search as you type).
 */

/** Words used at most: a longer text is searched by its first ones. */
const MAX_WORDS = 8;
/** Longest word used: the start of a longer one is searched as a prefix. */
const MAX_WORD_LENGTH = 60;

/** A search text's words: runs of letters and digits, lower-cased. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * Whether the last word is taken as the start of a word (a search as you type). A single letter or digit starts
 * too many words, so it is matched whole; so is a word of two after other words (`in` of `meera@example.in`): the
 * words before it already narrow the search, and every word starting `in` would cost more than the rest of it.
 */
const asPrefix = (word: string, index: number, words: readonly string[]) =>
  index === words.length - 1 && (word.length >= 3 || (words.length === 1 && word.length === 2));

/** An FTS5 query of the words: each a quoted string (so never syntax), the last a prefix. */
function fts5Query(words: readonly string[], columns?: readonly string[]): string {
  const terms = words.map((word, index) => `"${word}"${asPrefix(word, index, words) ? '*' : ''}`).join(' ');
  return columns ? `{${columns.join(' ')}} : (${terms})` : terms;
}

/** A tsquery of the words (letters and digits only, so never syntax), the last a prefix; `weight` limits them to A or B. */
function tsQuery(words: readonly string[], weight?: 'A' | 'B'): string {
  return words
    .map((word, index) => `${word}${asPrefix(word, index, words) ? `:*${weight ?? ''}` : weight ? `:${weight}` : ''}`)
    .join(' & ');
}

export interface FullTextSearch {
  /** The search text's words: none means the text holds nothing to search for (it then matches nothing). */
  words: string[];
  /** `<alias>.id in (…)` on SQLite, the vector match on PostgreSQL: a condition for a query over the table. */
  condition(alias: string): RawBuilder<boolean>;
  /** SQLite: the FTS5 query for `<table>_fts match ?`, for queries that start from the index. */
  fts5: string;
}

/**
 * A search of `table`'s full-text index. `part` limits it to some of the indexed columns: on SQLite by their
 * names, on PostgreSQL by the weight they were given (users: A the code, B the names).
 */
export function fullTextSearch(
  dialect: Dialect,
  table: 'enquiries' | 'users' | 'master_values',
  text: string,
  part?: { columns: readonly string[]; weight: 'A' | 'B' },
): FullTextSearch {
  const words = searchWords(text);
  const fts5 = fts5Query(words, part?.columns);
  return {
    words,
    fts5,
    condition: (alias) => {
      if (words.length === 0) return sql<boolean>`1 = 0`;
      if (dialect === 'postgres')
        return sql<boolean>`${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('simple', ${tsQuery(words, part?.weight)})`;
      return sql<boolean>`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${fts5})`;
    },
  };
}

/** Rows a PostgreSQL search reads in key order before it turns to the full-text index (pgSearchIds). */
export const SEARCH_WALK_ROWS = 2_000;

/**
 * PostgreSQL: the ids of the first `limit` rows, in id order (`order`), that `search` finds among the rows of
 * `rows` (a query of the list's table as `alias`, with the list's filters and no search), after the id `after`.
 *
 * Neither of PostgreSQL's plans for "matches, newest first, the first ten" holds at any size: walking the primary
 * key and testing each row is instant for a common word and walks the whole table for a word no row holds; the
 * GIN index is instant for a rare word and fetches and sorts every row of a common one. And the planner guesses
 * which it faces from estimates that are poor for a prefix. So the choice is made by looking: first the next
 * SEARCH_WALK_ROWS rows in key order are tested (a word that fills the page among them is common enough that this
 * was the fast way); if they hold too few matches, the rest comes from the GIN index beyond the last row walked,
 * where the word is rare (fewer than `limit` in SEARCH_WALK_ROWS rows), so there are few rows to fetch and sort.
 */
export async function pgSearchIds(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list's table: only its ids are read.
  rows: SelectQueryBuilder<any, any, any>,
  alias: string,
  search: FullTextSearch,
  page: { order: 'asc' | 'desc'; after?: number | undefined; limit: number },
): Promise<number[]> {
  if (search.words.length === 0 || page.limit <= 0) return [];
  const id = `${alias}.id`;
  const beyond = page.order === 'desc' ? '<' : '>';
  const from = (after: number | undefined) => (after === undefined ? rows : rows.where(id, beyond, after));
  const walked = await db
    .selectFrom(
      from(page.after)
        .select([id, `${alias}.search_vector`])
        .orderBy(id, page.order)
        .limit(SEARCH_WALK_ROWS)
        .as('w'),
    )
    .select('w.id')
    .where(search.condition('w'))
    .orderBy('w.id', page.order)
    .limit(page.limit)
    .execute();
  const ids = walked.map((row) => Number(row.id));
  if (ids.length >= page.limit) return ids;
  // Where the walk ended (the last row it read): none means it read every row there is.
  const edge = await from(page.after)
    .select(id)
    .orderBy(id, page.order)
    .offset(SEARCH_WALK_ROWS - 1)
    .limit(1)
    .executeTakeFirst();
  if (!edge) return ids;
  // OFFSET 0 keeps the subquery planned on its own: for the matches alone, through the GIN index.
  const beyondEdge = from(Number(edge.id)).select(id).where(search.condition(alias)).offset(0);
  const rest = await db
    .selectFrom(beyondEdge.as('m'))
    .select('m.id')
    .orderBy('m.id', page.order)
    .limit(page.limit - ids.length)
    .execute();
  return [...ids, ...rest.map((row) => Number(row.id))];
}
