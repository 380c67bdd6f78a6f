import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
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
  // Stylesheets of a chunk and of the chunks it imports (a stylesheet both entries use sits in a shared chunk).
  const cssOf = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [...(chunk.imports ?? []).flatMap((imported) => cssOf(imported, seen)), ...(chunk.css ?? [])];
  };
  // The public entry's stylesheets and any a public page chunk brought (never the editors' or admin's).
  const pageKeys = Object.keys(manifest).filter((key) => key.startsWith('src/client/public/pages/'));
  const cssFiles = new Set([ENTRY, ...pageKeys].flatMap((key) => cssOf(key)));
  const css = [...cssFiles].map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8')).join('\n');
  const appEntry = manifest[APP_ENTRY];
  const app = appEntry ? { script: `/${appEntry.file}`, styles: [...new Set(cssOf(APP_ENTRY))].map((file) => `/${file}`) } : null;
  return { entryScript: `/${entry.file}`, css, app };
}
