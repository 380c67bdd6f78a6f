import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The public pages' islands and the staff app are two builds with a manifest each (decision 011). */
const PUBLIC_MANIFEST = '.vite/public-manifest.json';
const APP_MANIFEST = '.vite/manifest.json';
const ENTRY = 'src/client/entry-public.ts';
const BRIDGE = 'src/client/preview/bridge.ts';
const APP_ENTRY = 'src/client/entry-app.tsx';

/** What the HTML of a public page links: the entry script and the inlined CSS. */
export interface ClientAssets {
  /**
   * The module script that starts the page's islands (decision 011). It is not preloaded: on a phone the page's
   * text and first image must paint before any script competes with them for the connection (docs/design.md §10).
   */
  entryScript: string | null;
  /** The editor's preview pane's bridge, in pane renders only (docs/design.md §26); its checks are a chunk it loads when asked. */
  previewBridgeScript?: string | null;
  /** The public stylesheet, inlined in <head> (one request fewer on the critical path). */
  css: string;
  /**
   * The staff app (login, editors, back office): its script, the chunks that script imports (the libraries in
   * chunks of their own, vite.config.ts: preloaded, so they load beside it rather than after it) and its
   * stylesheets, loaded only on its routes.
   */
  app: { script: string; preloads: string[]; styles: string[] } | null;
}

/** Reads the Vite manifests of the browser builds; without a build, pages render without scripts. */
export function loadClientAssets(clientDir: string): ClientAssets {
  const publicManifest = readManifest(clientDir, PUBLIC_MANIFEST);
  const appManifest = readManifest(clientDir, APP_MANIFEST);
  const entry = publicManifest?.[ENTRY];
  if (publicManifest && !entry) throw new Error(`The client build in ${clientDir} has no ${ENTRY}; run npm run build.`);
  // The public entry's stylesheets: page components are rendered on the server only, so every public style
  // comes through the entry.
  const css = (publicManifest ? cssOf(publicManifest, ENTRY) : [])
    .map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
    .join('\n');
  const appEntry = appManifest?.[APP_ENTRY];
  const app =
    appManifest && appEntry
      ? {
          script: `/${appEntry.file}`,
          preloads: importsOf(appManifest, APP_ENTRY).map((file) => `/${file}`),
          styles: cssOf(appManifest, APP_ENTRY).map((file) => `/${file}`),
        }
      : null;
  const bridge = publicManifest?.[BRIDGE];
  return {
    entryScript: entry ? `/${entry.file}` : null,
    previewBridgeScript: bridge ? `/${bridge.file}` : null,
    css,
    app,
  };
}

function readManifest(clientDir: string, file: string): Manifest | null {
  const manifestPath = path.join(clientDir, file);
  return fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : null;
}

/** The script files a chunk imports statically, directly or through others, each once. */
function importsOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  for (const imported of manifest[key]?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    importsOf(manifest, imported, seen);
  }
  return [...seen].flatMap((imported) => (manifest[imported] ? [manifest[imported].file] : []));
}

/** Stylesheets of a chunk and of the chunks it imports, each once. */
function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    ...new Set([...(chunk.imports ?? []).flatMap((imported) => cssOf(manifest, imported, seen)), ...(chunk.css ?? [])]),
  ];
}
