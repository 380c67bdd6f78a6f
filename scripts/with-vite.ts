// Runs a script of scripts/ through Vite's module runner: the source it imports is transformed as the server
// build and Vitest transform it. The server's source needs that: the built-in pages are found by their file
// names (import.meta.glob, src/core/schemas/page-content.ts), which plain tsx does not resolve.
//   tsx scripts/with-vite.ts scripts/bench.ts [its arguments]
// The script sees its own arguments from process.argv[2] on, as when run directly.
import path from 'node:path';
import { createServer, createServerModuleRunner } from 'vite';

const [script] = process.argv.splice(2, 1);
if (!script) {
  console.error('usage: tsx scripts/with-vite.ts <script.ts> [arguments]');
  process.exit(2);
}
process.argv[1] = path.resolve(script);

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  esbuild: { jsx: 'automatic' },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  await runner.import(path.resolve(script));
} finally {
  await runner.close();
  await server.close();
}
