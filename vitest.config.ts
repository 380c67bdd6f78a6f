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
    include: ['src/**/*.test.{ts,tsx}'],
    // The summary, then the ten slowest files (docs/design.md §29).
    reporters: ['default', new SlowestFiles()],
    environment: 'node',
    // API suites open real databases; keep them from fighting over the two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
