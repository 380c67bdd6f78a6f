import { defineConfig, type UserConfig } from 'vite';

// The staff app and the server: `vite build` makes the staff app's browser bundle (dist/client, with a manifest
// the server reads to link the right chunks), `vite build --ssr` the server and the shell's commands
// (dist/server/main.js and cli.js, sharing their chunks).
// The public pages' islands have a build of their own (vite.public.config.ts, decision 011).
export default defineConfig(({ isSsrBuild }): UserConfig => ({
  publicDir: 'public',
  esbuild: { jsx: 'automatic' },
  build: isSsrBuild
    ? {
        target: 'node20',
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
        rollupOptions: { input: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        rollupOptions: {
          input: { 'entry-app': 'src/client/entry-app.tsx' },
          // Libraries marked 'use client' (react-router, react-query, react-toastify): meaningless outside RSC.
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
  ssr: { target: 'node' },
}));
