// ESLint: a plain base (eslint + typescript-eslint recommended, hooks rules) plus the import boundaries
// of the style guide ("Boundaries enforced, not hoped"; bulletproof-react's import/no-restricted-paths is the
// model). Not the type-checked rule sets: they need a TypeScript program and would make the lint slow;
// `tsc --noEmit` already checks the types.
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Who may import whom. Paths are from the repository root; `except` is relative to `from`.
const boundaryZones = [
  {
    target: './src/core',
    from: ['./src/server', './src/client'],
    message:
      'src/core is shared, browser-safe code: it must not import the server or the client. Move what both need into src/core.',
  },
  {
    target: './src/server',
    from: './src/client',
    except: ['./entry-server.tsx'],
    message:
      'The server imports the client only through src/client/entry-server.tsx (SSR). Shared types and contracts belong in src/core.',
  },
  {
    target: [
      './src/client/public',
      './src/client/entry-public.tsx',
      './src/client/entry-server.tsx',
      './src/client/components',
      './src/client/lib',
    ],
    from: ['./src/client/app', './src/client/entry-app.tsx'],
    message:
      'Public pages and shared client code (components/, lib/) must not import the staff app (src/client/app, entry-app.tsx): it would ship editor code in the public bundle. Move what both need into src/client/components or src/client/lib.',
  },
];

// SQL outside repositories and src/server/db/: Kysely's `sql` tag (its types stay importable) and its query
// builders, called on anything (a Kysely, a transaction, a `with` chain).
const sqlImport = {
  name: 'kysely',
  importNames: ['sql'],
  message:
    'SQL belongs in a *.repository.ts or in src/server/db/ (STYLE.md habit 2): call a repository function instead.',
};
const QUERY_BUILDERS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'with',
  'withRecursive',
  'withMaterialized',
  'withNotMaterialized',
  'executeQuery',
];
const queryBuilderCalls = [
  {
    selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
    message:
      'A Kysely query outside a *.repository.ts or src/server/db/ (STYLE.md habit 2): move it into the repository of its tables and call that.',
  },
];
// `./x.repository`, `../pages/pages.repository`: a route reaches the database only through a service.
// The page family (docs/design.md §25, decision 021): a page's kind says everything that differs between built-in
// pages and pages made without code, so the stored type (`page_type`, 'wired' / 'Autowired') is read only by
// the two kinds (src/server/pages/*.kind.ts), the repositories and src/server/db/.
const pageFamilySyntax = [
  {
    selector: 'Literal[value=/^(wired|Autowired)$/], TemplateElement[value.raw=/^(wired|Autowired)$/]',
    message:
      "A branch on the page family outside the two page kinds (decision 021): ask the page's kind (pages/page-kind.ts) instead, or add a method to PageKind.",
  },
  {
    selector: "MemberExpression[property.name='page_type'], Property[key.name='page_type']",
    message:
      "A page's stored type read outside the two page kinds and the repositories (decision 021): ask the page's kind (pages/page-kind.ts) instead.",
  },
];
const repositoryImport = {
  regex: '(^|/)[^/]+\\.repository(\\.[jt]s)?$',
  message:
    'A route calls services, not repositories (STYLE.md habit 2): the service holds the rules and access checks.',
};

/** One typed route table (docs/design.md §29): no API path typed by hand in the client (used by two blocks below). */
const API_PATH_TYPED_BY_HAND = {
  // `\x2F` is `/`: a slash cannot stand in a selector's regular expression.
  selector: 'Literal[value=/^\\x2Fapi\\x2F/], TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2F/]',
  message:
    "An API path typed by hand: call the route table's entry instead (api(route, input) or apiUrl(route) from src/client/app/lib/api.ts, the entries in src/core/api/).",
};

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.lighthouse/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `const { confirmPassword: _confirm, ...setup } = values` is how this code drops a field.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },

  // Only the two classic hooks rules: the React Compiler rules of the plugin's `recommended` set
  // judge code written for a compiler this project does not use.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Import boundaries and cycles. Only these import-x rules: the others (named, default, no-unresolved…)
  // repeat what tsc checks. no-cycle skips `import type` (erased at build, so no load-order cycle) and
  // follows dynamic import() too: a lazy route back into its importer is still a cycle.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // As import-x's own `typescript` preset: without .ts/.tsx here no-cycle never follows a TS import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A test file is imported by nothing, so it closes no cycle: no-cycle (half the lint's time) skips the tests.
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },

  // The public islands run in the visitor's browser without a framework (decision 011): React stays on the
  // server. Their tests may render the server's markup with react-dom/server.
  {
    files: ['src/client/entry-public.ts', 'src/client/public/islands/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A component (.tsx) brings React along too: scripts/bundle-report.mjs's budget catches that.
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-hook-form', '@hookform/*'],
              message: 'Public islands run without React (decision 011): enhance the server-rendered markup instead.',
            },
          ],
        },
      ],
    },
  },

  // One typed route table (docs/design.md §29): the staff app and the public islands call the API through its entries
  // (src/core/api/), never by a path typed by hand. Tests and their stand-ins may name paths.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/client/**/test-support/**'],
    rules: {
      'no-restricted-syntax': ['error', API_PATH_TYPED_BY_HAND],
    },
  },

  // One staff form model (docs/design.md §29): a form of the staff app is a <StaffForm> (components/staff-form.tsx:
  // useStaffForm with the call's schema, FormField, RefusalBox, SubmitButton), never a <form> of its own. Besides the
  // model itself and the tests, two files keep a <form> of their own, each for the reason above it.
  {
    files: ['src/client/app/**/*.tsx'],
    ignores: [
      '**/*.test.tsx',
      'src/client/**/test-support/**',
      'src/client/app/components/staff-form.tsx',
      // The list screens' search box: its text is the list screen's (Refresh empties it); nothing to check or refuse.
      'src/client/app/components/search-toolbar.tsx',
      // An editor's entry form, on every editor's first screen: react-hook-form would take it over its 200 KB budget.
      'src/client/app/editors/list-editor-parts.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        API_PATH_TYPED_BY_HAND,
        {
          selector: "JSXOpeningElement[name.name='form']",
          message:
            'A staff form is a <StaffForm> of the one form model (src/client/app/components/staff-form.tsx: useStaffForm, FormField, RefusalBox, SubmitButton; docs/design.md §29), not a <form> of its own.',
        },
      ],
    },
  },

  // The server's layers (STYLE.md habit 2, docs/design.md §25): SQL lives in `*.repository.ts` and in src/server/db/
  // (which also holds what differs between SQLite and PostgreSQL); a route calls services, never a repository;
  // no function over 100 lines. Tests and test-support are left out: a test may read the database to check
  // what a call stored (test-support/uploads.ts reads the stored images), and its setup may write rows that no
  // service would; a test's body is one story, however long.
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**', '**/*.test.{ts,tsx}', 'src/server/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [sqlImport] }],
      'no-restricted-syntax': ['error', ...queryBuilderCalls],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: [
      'src/server/**/*.repository.ts',
      'src/server/db/**',
      '**/*.test.{ts,tsx}',
      'src/server/test-support/**',
      'src/server/pages/*.kind.ts',
    ],
    rules: {
      // Repeats the query builder rule above: a file's later settings of a rule replace the earlier ones.
      'no-restricted-syntax': ['error', ...queryBuilderCalls, ...pageFamilySyntax],
    },
  },
  {
    files: ['src/server/**/*.routes.ts'],
    rules: {
      // Repeats the SQL import rule above: a file's later settings of a rule replace the earlier ones.
      'no-restricted-imports': ['error', { paths: [sqlImport], patterns: [repositoryImport] }],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test-support/**'],
    rules: {
      // Blank lines and comments count: a function this long does several jobs, however it is spaced.
      'max-lines-per-function': ['error', { max: 100 }],
    },
  },

  // The staff app and the public islands: a component or hook over 150 lines holds several parts that deserve a name
  // each (docs/design.md §29). Tests are exempt: a test's steps read best in one place.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },

  // Tests: fixtures and mocks stand in for values whose exact type does not matter to the test.
  {
    files: ['**/*.test.{ts,tsx}', 'tests/e2e/**', 'src/server/test-support/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
]);
