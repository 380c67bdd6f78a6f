// After the builds (scripts/build.mjs): pre-compresses the browser assets (served as .br/.gz by the server),
// measures the JavaScript each public page can load, gzip-compressed: the islands' entry, and every island the
// page's components render with all it imports, statically or on demand (the contact form's schema chunk too),
// and prints one line about the whole build (`--details`: a line per public page too).
// Fails the build with a sentence when a page is over its budget or can load staff (editor or admin) code
// (docs/design.md §10: ≤ 30 KB gzip per public page, no editor code on public pages; decision 011), or when a browser
// chunk is over 500 kB, the size Vite warns about (docs/design.md §24: split it, with manualChunks or import()).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import ts from 'typescript';

const BUDGET_BYTES = 30 * 1024;
/** Vite's chunkSizeWarningLimit (500 kB of minified code), kept as it is: a chunk over it is split, not excused. */
const CHUNK_LIMIT_BYTES = 500 * 1000;
/**
 * axe-core (the editor's preview checks, docs/design.md §26) is a single module of 650 kB: it cannot be split, and only an
 * editor's preview frame loads it, when its checks panel opens. Its chunk (named by vite.public.config.ts) may be
 * larger; no public page can load it (checked below with the rest of the public entry's graph).
 */
const CHUNK_LIMIT_EXCEPTIONS = [{ name: /^axe-[\w-]+\.js$/, bytes: 800 * 1000 }];
const root = new URL('..', import.meta.url).pathname;
const clientDir = join(root, 'dist/client');
const serverDir = join(root, 'dist/server');
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/public-manifest.json'), 'utf8'));
const appManifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
const ENTRY = 'src/client/entry-public.ts';
const ISLANDS_DIR = 'src/client/public/islands';
const PAGES_DIR = 'src/client/public/pages';
/** Rendered around every page (header, footer). */
const FRAME = 'src/client/public/public-app.tsx';
/** Staff code by its path (src/client/app/…, entry-app) or chunk name (editor, admin). */
const STAFF_CODE = /^src\/client\/app\/|entry-app|editor|admin/i;

for (const file of walk(clientDir)) {
  if (!/\.(js|css|svg|html|json|txt|xml)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body));
}

/** Manifest keys a chunk loads: its static imports, and with `dynamic` what it may import later too. */
function closure(key, dynamic, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const next of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])])
    closure(next, dynamic, seen);
  return seen;
}

/** The source modules a module imports (relative imports only: packages hold no islands), transitively. */
function sourceClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const { fileName } of ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = resolve(root, dirname(file), fileName);
    const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
      .map((end) => base + end)
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (found) sourceClosure(relative(root, found), seen);
  }
  return seen;
}

/** The islands a page can render: every `data-island="…"` in the components it is made of (written literally). */
function islandsOf(pageFile) {
  const names = new Set();
  for (const file of new Set([...sourceClosure(FRAME), ...sourceClosure(pageFile)])) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/data-island="([a-z-]+)"/g))
      names.add(match[1]);
  }
  return [...names].sort();
}

const gzipSize = (file) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
const problems = [];
if (!manifest[ENTRY]) problems.push(`the public build has no ${ENTRY}`);
// Nothing the public entry can ever load may be staff code: not among the modules it is built from, nor among
// the chunks it can load (checked on the whole graph, not only per page).
const staff = [
  ...sourceClosure(ENTRY),
  ...closure(ENTRY, true),
  ...[...closure(ENTRY, true)].map((key) => manifest[key].file),
].filter((name) => STAFF_CODE.test(name));
if (staff.length)
  problems.push(
    `staff code reachable from the public entry: ${staff.slice(0, 5).join(', ')}${staff.length > 5 ? ` and ${staff.length - 5} more` : ''}`,
  );

for (const file of walk(join(clientDir, 'assets'))) {
  const size = statSync(file).size;
  const limit =
    CHUNK_LIMIT_EXCEPTIONS.find((exception) => exception.name.test(basename(file)))?.bytes ?? CHUNK_LIMIT_BYTES;
  if (file.endsWith('.js') && size > limit) {
    problems.push(
      `${relative(root, file)} is ${kB(size)} kB, over the ${kB(limit)} kB a browser chunk may have: split it (manualChunks in vite.config.ts, or import() where it is used)`,
    );
  }
}

const rows = [];
let largestPage = 0;
for (const name of readdirSync(join(root, PAGES_DIR))
  .filter((f) => f.endsWith('.tsx'))
  .sort()) {
  const islands = islandsOf(`${PAGES_DIR}/${name}`);
  const keys = closure(ENTRY, false);
  for (const island of islands) {
    const key = `${ISLANDS_DIR}/${island}.ts`;
    if (!existsSync(join(root, key))) problems.push(`${name} renders data-island="${island}" but there is no ${key}`);
    // An island in the entry's own chunk (the header) has no manifest key of its own: counted with the entry.
    closure(key, true, keys);
  }
  const files = new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')));
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const page = name.replace('.tsx', '');
  largestPage = Math.max(largestPage, total);
  if (total > BUDGET_BYTES)
    problems.push(
      `the public page ${page} can load ${KB(total)} KB gzip of JavaScript, over its budget of ${KB(BUDGET_BYTES)} KB`,
    );
  rows.push(
    `${page.padEnd(18)} ${KB(total).padStart(5)} KB gzip in ${files.size} files  (${islands.join(', ')})${total > BUDGET_BYTES ? '  OVER BUDGET' : ''}`,
  );
}
if (process.argv.includes('--details'))
  console.log(
    `Public page JavaScript, all it can load (budget ${BUDGET_BYTES / 1024} KB gzip each):\n${rows.join('\n')}\n`,
  );

// Every editor's first screen (docs/design.md §26): the staff app's entry and the editor's chunk with all they import
// statically, ≤ 200 KB gzip; the preview pane, the checks, the rich-text editor and the dialogs are loaded after.
const APP_ENTRY = 'src/client/entry-app.tsx';
const EDITOR_BUDGET_BYTES = 200 * 1024;
function appClosure(key, seen = new Set()) {
  if (!appManifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const next of appManifest[key].imports ?? []) appClosure(next, seen);
  return seen;
}
const editors = Object.keys(appManifest).filter((key) =>
  /^src\/client\/app\/editors\/(pages\/[a-z0-9]+-editor|autowired-editor)\.tsx$/.test(key),
);
if (editors.length < 2)
  problems.push("the staff app build names no page editors: the editors' first-screen budget cannot be checked");
let largestEditor = 0;
for (const editor of editors) {
  const files = new Set(
    [...appClosure(editor, appClosure(APP_ENTRY))]
      .map((key) => appManifest[key].file)
      .filter((file) => file.endsWith('.js')),
  );
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  largestEditor = Math.max(largestEditor, total);
  if (total > EDITOR_BUDGET_BYTES)
    problems.push(
      `the editor ${editor} loads ${KB(total)} KB gzip of JavaScript on its first screen, over its budget of ${KB(EDITOR_BUDGET_BYTES, 0)} KB`,
    );
}
if (problems.length) {
  console.error(`The build is done, but its check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// The staff app: every file its manifest names (scripts and stylesheets, loaded as screens are opened).
const appFiles = new Set(Object.values(appManifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
const appBytes = [...appFiles].reduce((sum, file) => sum + gzipSize(file), 0);
const serverBytes = [...walk(serverDir)]
  .filter((file) => file.endsWith('.js'))
  .reduce((sum, file) => sum + statSync(file).size, 0);
console.log(
  `Built the site: staff app ${KB(appBytes, 0)} KB gzip in ${appFiles.size} files, an editor's first screen ≤ ${KB(largestEditor)} KB gzip (budget ${KB(EDITOR_BUDGET_BYTES, 0)} KB, ${EDITOR_BUDGET_BYTES - largestEditor} bytes left), public pages ≤ ${KB(largestPage)} KB gzip each (budget ${KB(BUDGET_BYTES, 0)} KB), server ${(serverBytes / 1024 / 1024).toFixed(1)} MB.`,
);

function KB(bytes, digits = 1) {
  return (bytes / 1024).toFixed(digits);
}

function kB(bytes) {
  return (bytes / 1000).toFixed(0);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (!/\.(gz|br)$/.test(name)) yield full;
  }
}
