import { sql, type RawBuilder } from 'kysely';

/** A LIKE pattern that finds `text` anywhere, case-insensitively: wildcards escaped, so '%' finds a percent sign. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `lower(column) like pattern`: the search text is only ever a bound parameter; ESCAPE makes the wildcard
 * escaping work on SQLite too.
 */
export const lowerLike = (column: string, pattern: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
