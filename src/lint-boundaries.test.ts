// The import boundaries of eslint.config.js, proved to fire: each snippet is linted as if it sat at the
// given path (the imports it names are real files, so the resolver finds them), and the cycle check runs on
// two real files written to a scratch folder under src/ (a cycle needs both ends on disk).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function ruleHits(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`${filePath}: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const boundary = (filePath: string, code: string) => ruleHits(filePath, code, 'import-x/no-restricted-paths');

// The first case resolves the whole server's import graph, cold: on a loaded machine that alone took over 20 s.
describe('import boundaries (eslint import-x/no-restricted-paths)', { timeout: 60_000 }, () => {
  it.each([
    [
      'src/core/x.ts',
      "import { buildApp } from '../server/app';\nexport { buildApp };\n",
      'must not import the server or the client',
    ],
    [
      'src/core/schemas/x.ts',
      "export { PublicApp } from '../../client/public/public-app';\n",
      'must not import the server or the client',
    ],
    [
      'src/server/x.ts',
      "import { App } from '../client/app/app';\nexport { App };\n",
      'only through src/client/entry-server.tsx',
    ],
    [
      'src/server/ssr/x.ts',
      "import type { PageProps } from '../../client/public/public-types';\nexport type { PageProps };\n",
      'only through src/client/entry-server.tsx',
    ],
    [
      'src/client/public/x.tsx',
      "import { App } from '../app/app';\nexport { App };\n",
      'must not import the staff app',
    ],
    [
      'src/client/public/pages/x.tsx',
      "export const load = () => import('../../app/app');\n",
      'must not import the staff app',
    ],
    ['src/client/public/x.ts', "export * from '../entry-app';\n", 'must not import the staff app'],
    ['src/client/entry-public.tsx', "import './entry-app';\n", 'must not import the staff app'],
    [
      'src/client/entry-server.tsx',
      "import { App } from './app/app';\nexport { App };\n",
      'must not import the staff app',
    ],
    ['src/client/lib/x.ts', "import { App } from '../app/app';\nexport { App };\n", 'must not import the staff app'],
    [
      'src/client/components/x.tsx',
      "import { App } from '../app/app';\nexport { App };\n",
      'must not import the staff app',
    ],
  ])('refuses %s: %s', async (filePath, code, because) => {
    const hits = await boundary(filePath, code);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain(because);
  });

  it.each([
    ['src/server/x.ts', "import { renderPublicBody } from '../client/entry-server';\nexport { renderPublicBody };\n"],
    ['src/server/x.ts', "import { CONTENT_PAGES } from '../core/pages';\nexport { CONTENT_PAGES };\n"],
    [
      'src/client/public/x.tsx',
      "import { CONTENT_PAGES } from '../../core/pages';\nimport { postJson } from '../lib/http';\nexport { CONTENT_PAGES, postJson };\n",
    ],
    [
      'src/client/app/x.tsx',
      "import { PublicApp } from '../public/public-app';\nimport { postJson } from '../lib/http';\nexport { PublicApp, postJson };\n",
    ],
  ])('allows %s: %s', async (filePath, code) => {
    expect(await boundary(filePath, code)).toEqual([]);
  });
});

describe('import cycles (eslint import-x/no-cycle)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(root, 'src', 'lint-fixture-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(path.join(dir, 'c.ts'), 'export const c = 1;\n');
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a module that imports itself through another', async () => {
    const code = "import { b } from './b';\nexport const a = () => b();\n";
    const hits = await ruleHits(path.relative(root, path.join(dir, 'a.ts')), code, 'import-x/no-cycle');
    expect(hits).toHaveLength(1);
  });

  it('allows an import that does not come back', async () => {
    const code = "import { c } from './c';\nexport const d = c;\n";
    expect(await ruleHits(path.relative(root, path.join(dir, 'd.ts')), code, 'import-x/no-cycle')).toEqual([]);
  });
});
