import { defineConfig, type Plugin } from 'vite';
import { dropLibraryNotes } from './vite.config';

/**
 * Vite wraps every dynamic import of a browser build in a preload helper (0.7 KB gzip) that fetches the chunk's
 * CSS and imports alongside it. The islands import no CSS and preloading is off (`modulePreload: false`), so
 * the helper would only ever call the import: this makes it exactly that, one copy in each module that imports
 * it (30 bytes), so that no chunk has to be fetched for it. Vite names the helper module
 * `\0vite/preload-helper.js` and its export `__vitePreload`: if either changes, the build fails on the missing
 * export or the helper comes back, and scripts/bundle-report.mjs shows the bytes.
 */
const plainDynamicImports: Plugin = {
  name: 'folio:plain-dynamic-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    return source === '\0vite/preload-helper.js' ? `\0folio-plain-import:${importer ?? ''}` : null;
  },
  load(id) {
    return id.startsWith('\0folio-plain-import:') ? 'export const __vitePreload = (load) => load();' : null;
  },
};

// The public pages' islands (decision 011), built on their own after the staff app (`vite build` with
// vite.config.ts) into the same dist/client. A build of their own keeps them from sharing chunks with the staff
// app: zod is tree-shaken for the contact form's schema alone, not for every staff form, and no staff module can
// end up in a chunk a public page loads. Its manifest sits beside the staff app's; the server reads both.
export default defineConfig({
  publicDir: false,
  plugins: [plainDynamicImports],
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: '.vite/public-manifest.json',
    target: 'es2022',
    // The islands are a few small chunks fetched after the page has painted, each with next to no imports.
    modulePreload: false,
    // The preview pane's checks (axe-core, 180 KB gzip) are one chunk, fetched only in an editor's frame when the
    // checks panel opens; never on a public page (the bundle report counts what public pages load).
    chunkSizeWarningLimit: 800,
    // The editor's preview pane's bridge (docs/design.md §26) is an entry of its own: only pane renders link it.
    rollupOptions: {
      input: { 'entry-public': 'src/client/entry-public.ts', 'preview-bridge': 'src/client/preview/bridge.ts' },
      // axe-core is one module that cannot be split: a chunk of its own, the one allowed over the chunk limit
      // (scripts/bundle-report.mjs).
      output: { manualChunks: (id) => (id.includes('/node_modules/axe-core/') ? 'axe' : undefined) },
      onwarn: dropLibraryNotes,
    },
  },
});
