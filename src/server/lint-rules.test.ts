import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules of the server's layers (eslint.config.js, docs/design.md §25) bite: the same code passes or fails
 * by where it stands. Each text is linted as if it were a file at that path (nothing is written).
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

const QUERY = `import { sql, type Kysely } from 'kysely';

interface Tables {
  pages: { id: number; routing: string };
}

export async function pageIds(db: Kysely<Tables>): Promise<number[]> {
  const rows = await db.selectFrom('pages').select('id').execute();
  return rows.map((row) => row.id);
}

export async function pageCount(db: Kysely<Tables>): Promise<number> {
  const result = await sql<{ n: number }>\`select count(*) as n from pages\`.execute(db);
  return result.rows[0]?.n ?? 0;
}
`;

/** A service asking which family a page belongs to: the page's kind should say. */
const FAMILY_BRANCH = `interface Row {
  id: number;
  page_type: string;
}

export function cacheKeyOf(row: Row): string {
  if (row.page_type === 'Autowired') return \`autowired:\${row.id}\`;
  return String(row.page_type);
}
`;

/** A function of `lines` lines in all, its braces included. */
const functionOf = (lines: number) =>
  `export function long(): number {\n  let total = 0;\n${'  total += 1;\n'.repeat(lines - 4)}  return total;\n}\n`;

describe('the lint rules of the server layers', { timeout: 60_000 }, () => {
  it('fails on SQL in a service: the sql tag and a query builder', async () => {
    const found = await problems('src/server/probe/probe.service.ts', QUERY);
    expect(found.filter((problem) => problem.startsWith('no-restricted-imports:'))).toHaveLength(1);
    expect(found.filter((problem) => problem.startsWith('no-restricted-syntax:'))).toHaveLength(1);
  });

  it('fails on a query builder called on anything, e.g. a transaction in a route', async () => {
    const found = await problems(
      'src/server/probe/probe.routes.ts',
      "export const drop = (trx: { deleteFrom(table: string): unknown }) => trx.deleteFrom('pages');\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A Kysely query outside a \*\.repository\.ts/),
    ]);
  });

  it('passes the same SQL in a repository and in src/server/db/', async () => {
    expect(await problems('src/server/probe/probe.repository.ts', QUERY)).toEqual([]);
    expect(await problems('src/server/db/probe.ts', QUERY)).toEqual([]);
  });

  it('passes a type-only import from kysely in a service', async () => {
    expect(
      await problems(
        'src/server/probe/probe.service.ts',
        "import type { Kysely } from 'kysely';\n\nexport const same = (db: Kysely<object>) => db;\n",
      ),
    ).toEqual([]);
  });

  it('fails on a route that imports a repository, and passes one that imports a service', async () => {
    const viaRepository = "import { pageIds } from './probe.repository';\n\nexport const ids = pageIds;\n";
    expect(await problems('src/server/probe/probe.routes.ts', viaRepository)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*A route calls services, not repositories/),
    ]);
    expect(
      await problems(
        'src/server/probe/probe.routes.ts',
        viaRepository.replace("'./probe.repository'", "'../pages/pages.repository.ts'"),
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/server/probe/probe.routes.ts', viaRepository.replace('probe.repository', 'probe.service')),
    ).toEqual([]);
  });

  it('fails on a function of 101 lines in src/server, and passes one of 100', async () => {
    expect(await problems('src/server/probe/probe.service.ts', functionOf(101))).toEqual([
      expect.stringMatching(/^max-lines-per-function: Function 'long' has too many lines \(101\)/),
    ]);
    expect(await problems('src/server/probe/probe.service.ts', functionOf(100))).toEqual([]);
  });

  it('fails on a branch on the page family in a service, and passes the same in a page kind', async () => {
    const found = await problems('src/server/probe/probe.service.ts', FAMILY_BRANCH);
    expect(found).toHaveLength(3);
    expect(
      found.filter((problem) =>
        /^no-restricted-syntax: A page's stored type read outside the two page kinds/.test(problem),
      ),
    ).toHaveLength(2);
    expect(
      found.filter((problem) =>
        /^no-restricted-syntax: A branch on the page family outside the two page kinds/.test(problem),
      ),
    ).toHaveLength(1);
    expect(await problems('src/server/pages/probe.kind.ts', FAMILY_BRANCH)).toEqual([]);
    expect(await problems('src/server/probe/probe.repository.ts', FAMILY_BRANCH)).toEqual([]);
  });

  it('fails on the page family named in a route and on a page_type written in a service', async () => {
    expect(
      await problems(
        'src/server/probe/probe.routes.ts',
        "export const isBuiltIn = (type: string) => type === 'wired';\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: A branch on the page family/)]);
    expect(
      await problems(
        'src/server/probe/probe.service.ts',
        "export const values = (id: number) => ({ id, page_type: 'x' });\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: A page's stored type read outside/)]);
  });

  it('leaves tests out: a test may read the database, and a long test body is one story', async () => {
    expect(await problems('src/server/probe/probe.test.ts', QUERY)).toEqual([]);
    expect(await problems('src/server/probe/probe.test.ts', functionOf(101))).toEqual([]);
  });
});

describe('the lint rule of the route table (docs/design.md §29)', { timeout: 60_000 }, () => {
  it('fails on an API path typed by hand in the client, as a string or a template', async () => {
    const found = await problems(
      'src/client/app/probe/api.ts',
      "export const list = '/api/master/redirects';\nexport const one = (id: number) => `/api/master/media/${id}`;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-syntax: An API path typed by hand/),
      expect.stringMatching(/^no-restricted-syntax: An API path typed by hand/),
    ]);
    expect(
      await problems('src/client/public/islands/probe.ts', "export const call = '/api/master/savecont2';\n"),
    ).toHaveLength(1);
  });

  it('passes the same path in the route table, in a test and in a page address', async () => {
    const path = "export const list = '/api/master/redirects';\n";
    expect(await problems('src/core/api/probe.ts', path)).toEqual([]);
    expect(await problems('src/client/app/probe/api.test.ts', path)).toEqual([]);
    expect(
      await problems('src/client/app/probe/links.ts', "export const page = '/Home1';\nexport const apiWord = 'api';\n"),
    ).toEqual([]);
  });
});

describe('the lint rule of the one staff form model (docs/design.md §29)', { timeout: 60_000 }, () => {
  const FORM = 'export function Probe() {\n  return <form className="app-form" />;\n}\n';
  const STAFF_FORM = `import { StaffForm, useStaffForm } from '../../components/staff-form';

export function Probe() {
  const form = useStaffForm({ defaultValues: {}, submit: async () => {} });
  return <StaffForm form={form}>{null}</StaffForm>;
}
`;

  it('fails on a <form> of its own in a staff screen, and passes a <StaffForm>', async () => {
    expect(await problems('src/client/app/backoffice/probe/probe-screen.tsx', FORM)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A staff form is a <StaffForm>/),
    ]);
    expect(await problems('src/client/app/backoffice/probe/probe-screen.tsx', STAFF_FORM)).toEqual([]);
  });

  it('keeps the route table rule beside it, and leaves the model itself and tests out', async () => {
    const both = `${FORM}export const list = '/api/master/redirects';\n`;
    expect(await problems('src/client/app/backoffice/probe/probe-screen.tsx', both)).toHaveLength(2);
    expect(await problems('src/client/app/components/staff-form.tsx', FORM)).toEqual([]);
    expect(await problems('src/client/app/backoffice/probe/probe-screen.test.tsx', FORM)).toEqual([]);
  });
});

describe('the client function limit and the formatting (docs/design.md §29)', { timeout: 60_000 }, () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it('fails on a function of 151 lines in the staff app and the islands, and passes one of 150', async () => {
    for (const file of ['src/client/app/probe/screen.tsx', 'src/client/public/islands/probe.ts']) {
      expect(await problems(file, functionOf(151))).toEqual([
        expect.stringMatching(/^max-lines-per-function: Function 'long' has too many lines \(151\)/),
      ]);
      expect(await problems(file, functionOf(150))).toEqual([]);
    }
  });

  it('npm run lint fails on unformatted code anywhere in src, tests and scripts (Prettier, print width 120)', async () => {
    const { default: packageJson } = await import('../../package.json', { with: { type: 'json' } });
    expect(packageJson.scripts.lint).toBe('node scripts/lint.mjs');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path.join(root, 'scripts/lint.mjs'), 'utf8')).toMatch(
      /run\('prettier', \['--check',[^\]]*'\.'\]\)/,
    );
    const prettier = await import('prettier');
    const ignorePath = path.join(root, '.prettierignore');
    for (const file of ['src/client/public/islands/carousel.ts', 'src/server/app.ts', 'tests/e2e/fixtures.ts']) {
      const filepath = path.join(root, file);
      expect((await prettier.getFileInfo(filepath, { ignorePath })).ignored, file).toBe(false);
      const options = { ...(await prettier.resolveConfig(filepath)), filepath };
      expect(await prettier.check("export const  words = [ 'one','two' ]\n", options)).toBe(false);
      expect(await prettier.check("export const words = ['one', 'two'];\n", options)).toBe(true);
    }
    const long = `export const sentence = [${Array.from({ length: 12 }, (_, i) => `'word ${i}'`).join(', ')}];\n`;
    expect(long.length).toBeGreaterThan(120);
    const options = { ...(await prettier.resolveConfig(path.join(root, 'src/server/app.ts'))), filepath: 'x.ts' };
    expect(await prettier.check(long, options)).toBe(false);
  });
});
