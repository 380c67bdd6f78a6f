import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database';

/**
 * Full-text search (DESIGN §23, decision 019): SQLite's FTS5 indexes (`<table>_fts`) and PostgreSQL's
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

/** A word that a single letter or digit would start: too many words do, so it is matched whole. */
const asPrefix = (word: string, index: number, words: readonly string[]) => index === words.length - 1 && word.length >= 2;

/** An FTS5 query of the words: each a quoted string (so never syntax), the last a prefix. */
function fts5Query(words: readonly string[], columns?: readonly string[]): string {
  const terms = words.map((word, index) => `"${word}"${asPrefix(word, index, words) ? '*' : ''}`).join(' ');
  return columns ? `{${columns.join(' ')}} : (${terms})` : terms;
}

/** A tsquery of the words (letters and digits only, so never syntax), the last a prefix; `weight` limits them to A or B. */
function tsQuery(words: readonly string[], weight?: 'A' | 'B'): string {
  return words.map((word, index) => `${word}${asPrefix(word, index, words) ? `:*${weight ?? ''}` : weight ? `:${weight}` : ''}`).join(' & ');
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
export function fullTextSearch(dialect: Dialect, table: 'enquiries' | 'users' | 'master_values', text: string, part?: { columns: readonly string[]; weight: 'A' | 'B' }): FullTextSearch {
  const words = searchWords(text);
  const fts5 = fts5Query(words, part?.columns);
  return {
    words,
    fts5,
    condition: (alias) => {
      if (words.length === 0) return sql<boolean>`1 = 0`;
      if (dialect === 'postgres') return sql<boolean>`${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('simple', ${tsQuery(words, part?.weight)})`;
      return sql<boolean>`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${fts5})`;
    },
  };
}
