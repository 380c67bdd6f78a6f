import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'src/client/entry-public.tsx';
const APP_ENTRY = 'src/client/entry-app.tsx';

/** What the HTML of a public page links: the entry script and the inlined CSS. */
export interface ClientAssets {
  /**
   * The module script that hydrates the page. It is not preloaded: on a phone the page's text must paint
   * before ~76 KB of script competes with it for the connection (Lighthouse mobile, DESIGN §10).
   */
  entryScript: string | null;
  /** The public stylesheet, inlined in <head> (one request fewer on the critical path). */
  css: string;
  /** The staff app (login, editors, back office): its script and stylesheets, loaded only on its routes. */
  app: { script: string; styles: string[] } | null;
}

/** Reads the Vite manifest of the browser build; without a build, pages render without scripts. */
export function loadClientAssets(clientDir: string): ClientAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { entryScript: null, css: '', app: null };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The client build in ${clientDir} has no ${ENTRY}; run npm run build.`);
  // The public entry's stylesheet and any a public page chunk brought (never the editors' or admin's).
  const publicChunks = Object.entries(manifest).filter(([key]) => key === ENTRY || key.startsWith('src/client/public/'));
  const cssFiles = new Set(publicChunks.flatMap(([, chunk]) => chunk.css ?? []));
  const css = [...cssFiles].map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8')).join('\n');
  const appEntry = manifest[APP_ENTRY];
  const app = appEntry ? { script: `/${appEntry.file}`, styles: (appEntry.css ?? []).map((file) => `/${file}`) } : null;
  return { entryScript: `/${entry.file}`, css, app };
}
