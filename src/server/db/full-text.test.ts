import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fullTextSearch, searchWords } from './full-text';

// How a search text becomes a query (decision 019): words only, so that nothing typed is ever query syntax.
describe('searchWords', () => {
  it('takes runs of letters and digits, lower-cased; punctuation and syntax are spaces', () => {
    expect(searchWords('Meera.Iyer1234@Example.in')).toEqual(['meera', 'iyer1234', 'example', 'in']);
    expect(searchWords('"unclosed NEAR(a b) OR * %_% -x')).toEqual(['unclosed', 'near', 'a', 'b', 'or', 'x']);
    expect(searchWords('Ärzte Köln 東京')).toEqual(['ärzte', 'köln', '東京']);
    expect(searchWords('%_*"\'()')).toEqual([]);
  });

  it('uses at most eight words of at most sixty characters each', () => {
    expect(searchWords('a b c d e f g h i j')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(searchWords('x'.repeat(1000))).toEqual(['x'.repeat(60)]);
  });
});

describe('fullTextSearch', () => {
  it('quotes every word for FTS5 and makes the last a prefix from three characters on', () => {
    expect(fullTextSearch('sqlite', 'enquiries', 'kulk').fts5).toBe('"kulk"*');
    expect(fullTextSearch('sqlite', 'enquiries', 'crm shar').fts5).toBe('"crm" "shar"*');
    // A single letter is a word, not the start of thousands.
    expect(fullTextSearch('sqlite', 'enquiries', 'a').fts5).toBe('"a"');
    // Two characters: a prefix alone, a whole word after other words (the domain of an e-mail address).
    expect(fullTextSearch('sqlite', 'enquiries', 'de').fts5).toBe('"de"*');
    expect(fullTextSearch('sqlite', 'enquiries', 'meera@example.in').fts5).toBe('"meera" "example" "in"');
    expect(fullTextSearch('sqlite', 'users', 'emp12', { columns: ['employee_code'], weight: 'A' }).fts5).toBe(
      '{employee_code} : ("emp12"*)',
    );
  });

  it('builds PostgreSQL tsqueries of the words alone, limited to a weight when asked', () => {
    // Compiled (not run) by Kysely's PostgreSQL compiler: the tsquery is a parameter, built from words only.
    const compiler = new Kysely<{ users: { id: number; search_vector: string } }>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const tsquery = (text: string, part?: { columns: readonly string[]; weight: 'A' | 'B' }) => {
      const compiled = compiler
        .selectFrom('users as u')
        .select('u.id')
        .where(fullTextSearch('postgres', 'users', text, part).condition('u'))
        .compile();
      expect(compiled.sql).toContain(`"u"."search_vector" @@ to_tsquery('simple', $1)`);
      return compiled.parameters[0];
    };
    expect(tsquery('crm shar')).toBe('crm & shar:*');
    expect(tsquery('NEAR(x) OR "y" & !z')).toBe('near & x & or & y & z');
    expect(tsquery('meera@example.in')).toBe('meera & example & in');
    expect(tsquery('emp12', { columns: ['employee_code'], weight: 'A' })).toBe('emp12:*A');
    expect(tsquery('iyer kul', { columns: ['last_name'], weight: 'B' })).toBe('iyer:B & kul:*B');
    // Nothing to search for matches nothing, without asking the index.
    const none = compiler
      .selectFrom('users as u')
      .select('u.id')
      .where(fullTextSearch('postgres', 'users', '%_*').condition('u'))
      .compile();
    expect(none.sql).toContain('1 = 0');
  });
});
