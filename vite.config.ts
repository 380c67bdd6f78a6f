import { defineConfig, type Plugin, type Rollup, type UserConfig } from 'vite';

/**
 * Rollup's warnings that say nothing about Folio's code, dropped so that the build prints none (docs/design.md §24;
 * scripts/build.mjs fails on any other):
 * - MODULE_LEVEL_DIRECTIVE: libraries marked 'use client' (react-router, react-query, react-toastify), meaningless
 *   outside React Server Components;
 * - INVALID_ANNOTATION in a library: a `@__PURE__` comment in a place Rollup does not read (zod), which Rollup
 *   drops; the code is bundled as it is.
 */
export function dropLibraryNotes(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void): void {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
  warn(warning);
}

/**
 * The libraries every staff screen needs, each in a chunk of its own beside the staff app's entry (which they
 * would otherwise swell past 500 kB): they change less often than Folio's code, so browsers keep them across
 * releases, and the server preloads them with the entry (client-assets.ts).
 */
const LIBRARY_CHUNKS: readonly [name: string, packages: RegExp][] = [
  ['lib-react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['lib-router', /\/node_modules\/(react-router|@remix-run\/route-pattern|cookie-es)\//],
  ['lib-query', /\/node_modules\/@tanstack\/(query-core|react-query)\//],
  ['lib-zod', /\/node_modules\/zod\//],
  // Small modules many screens share (ids, paging, dates, a textarea that grows): each in a chunk of its own would cost
  // an editor's first screen more in requests and lost compression than they weigh together.
  [
    'app-common',
    /\/src\/(core\/schemas\/(ids|paging|site-pages)\.ts|client\/app\/(lib\/date-time|components\/grow-to-content)\.ts)$/,
  ],
];

/**
 * The server's chunks hold no character beyond Latin-1: V8 keeps a module's source for as long as the process
 * runs, and one such character stores the whole file at two bytes a character (1.2 MB more at idle). esbuild
 * writes those of strings as `\u2019` (charset 'ascii'); a comment kept in the output is flagged here, and the
 * build fails on the warning (scripts/build.mjs).
 */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

export function latin1Server(): Plugin {
  return {
    name: 'folio-latin1-server',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const lines = output.code.split('\n');
        const index = lines.findIndex((line) => BEYOND_LATIN1.test(line));
        if (index < 0) continue;
        const found = BEYOND_LATIN1.exec(lines[index]!)![0];
        this.warn(
          `${output.fileName}, line ${index + 1}, holds "${found}" (U+${found.codePointAt(0)!.toString(16).toUpperCase()}), kept ` +
            `from a comment: write it in ASCII in the source ("${lines[index]!.trim().slice(0, 80)}").`,
        );
      }
    },
  };
}

/** The chunks entry-app.tsx imports statically (its libraries and the shared app code): loaded with it, always. */
const ALWAYS_LOADED = /^assets\/(lib-(react|zod|query|router)|app-common)-[\w-]+\.js$/;

// The staff app and the server: `vite build` makes the staff app's browser bundle (dist/client, with a manifest
// the server reads to link the right chunks), `vite build --ssr` the server and the shell's commands
// (dist/server/main.js and cli.js, sharing their chunks). scripts/build.mjs runs both.
// The public pages' islands have a build of their own (vite.public.config.ts, decision 011).
export default defineConfig(({ isSsrBuild }): UserConfig => ({
  publicDir: 'public',
  // The server's strings in ASCII (`\u2019` for a ’): see latin1Server.
  esbuild: isSsrBuild ? { jsx: 'automatic', charset: 'ascii' } : { jsx: 'automatic' },
  plugins: isSsrBuild ? [latin1Server()] : [],
  build: isSsrBuild
    ? {
        target: 'node20',
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
        rollupOptions: { input: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' }, onwarn: dropLibraryNotes },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        // A lazy screen's preload list leaves out the chunks the entry imports itself (the libraries it always loads,
        // and app-common): they are loaded before any screen is, so listing them only adds bytes to the entry, the first
        // screen of every editor (docs/design.md §26: ≤ 200 KB gzip).
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) },
        rollupOptions: {
          input: { 'entry-app': 'src/client/entry-app.tsx' },
          onwarn: dropLibraryNotes,
          output: {
            manualChunks: (id) => LIBRARY_CHUNKS.find(([, packages]) => packages.test(id))?.[0],
          },
        },
      },
  ssr: { target: 'node' },
}));
