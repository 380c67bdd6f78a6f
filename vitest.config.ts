import { defineConfig } from 'vitest/config';
import SlowestFiles from './scripts/reporters/vitest-slowest';

// The tests run as tests whatever NODE_ENV the shell has (docs/design.md §24: NODE_ENV=production ./folio test works):
// under production, React loads its production build, which has no act(), and the components' tests fail.
// Vitest sets it only when it is unset; set here, before the test workers start, every worker and the code it
// loads sees it. The built servers some tests start inherit it, as they did with NODE_ENV unset.
process.env.NODE_ENV = 'test';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // The summary, then the ten slowest files (docs/design.md §29).
    reporters: ['default', new SlowestFiles()],
    environment: 'node',
    // API suites open real databases; keep them from fighting over the two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // The server's tests mock no module and change no environment: a worker runs file after file without
        // loading Fastify, Kysely, zod and the app's modules again for each (about 1.7 s a file on two busy cores).
        // Each file still builds its own app on its own database.
        test: { name: 'server', include: ['src/server/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        // The rest (components with their mocked calls, core, scripts) each in a fresh module graph.
        test: { name: 'other', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/server/**'] },
      },
    ],
  },
});
