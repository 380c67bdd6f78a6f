import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'src/client/entry-public.tsx';
const PAGE_PREFIX = 'src/client/public/pages/';

/** What the HTML of a public page links: the entry script, the chunks to preload, and the inlined CSS. */
export interface ClientAssets {
  entryScript: string | null;
  /** Module preloads for the page key ('home', 'not-found', …): the entry's imports and the page's chunk. */
  preloadsFor(pageKey: string): string[];
  /** The public stylesheet, inlined in <head> (one request fewer on the critical path). */
  css: string;
}

/** Reads the Vite manifest of the browser build; without a build, pages render without scripts. */
export function loadClientAssets(clientDir: string): ClientAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { entryScript: null, preloadsFor: () => [], css: '' };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The client build in ${clientDir} has no ${ENTRY}; run npm run build.`);

  const collect = (key: string, into: Set<string>): void => {
    const chunk = manifest[key];
    if (!chunk || into.has(`/${chunk.file}`)) return;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const cssFiles = new Set<string>();
  const addCss = (chunk: ManifestChunk | undefined) => chunk?.css?.forEach((file) => cssFiles.add(file));
  addCss(entry);

  const preloads = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!key.startsWith(PAGE_PREFIX)) continue;
    addCss(chunk);
    const pageKey = key.slice(PAGE_PREFIX.length).replace(/-page\.tsx$/, '');
    const files = new Set<string>();
    for (const imported of entry.imports ?? []) collect(imported, files);
    collect(key, files);
    preloads.set(pageKey, [...files]);
  }
  const css = [...cssFiles].map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8')).join('\n');
  return { entryScript: `/${entry.file}`, preloadsFor: (pageKey) => preloads.get(pageKey) ?? [], css };
}
