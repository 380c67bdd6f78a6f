// After `vite build`: pre-compresses the browser assets (served as .br/.gz by the server) and reports the
// JavaScript each public page loads, gzip-compressed. Fails the build when a page is over its budget or
// pulls in editor or admin code (DESIGN §10: ≤ 100 KB gzip, no editor code on public pages).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const clientDir = new URL('../dist/client/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));

for (const file of walk(clientDir)) {
  if (!/\.(js|css|svg|html|json|txt|xml)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body));
}

const entryKey = 'src/client/entry-public.tsx';
const closure = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
};
const gzipSize = (file) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;

let failed = false;
const rows = [];
for (const key of Object.keys(manifest).filter((k) => k.startsWith('src/client/public/pages/'))) {
  const files = closure(key, closure(entryKey));
  const editorCode = [...files].filter((file) => /editor|admin|entry-app/i.test(file));
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const page = key.replace('src/client/public/pages/', '').replace('.tsx', '');
  const over = total > BUDGET_BYTES;
  if (over || editorCode.length > 0) failed = true;
  rows.push(`${page.padEnd(18)} ${(total / 1024).toFixed(1).padStart(6)} KB gzip in ${files.size} files${over ? '  OVER BUDGET' : ''}${editorCode.length ? `  EDITOR CODE: ${editorCode.join(', ')}` : ''}`);
}
console.log(`\nPublic page JavaScript (budget ${BUDGET_BYTES / 1024} KB gzip each):\n${rows.join('\n')}\n`);
if (failed) {
  console.error('A public page is over its JavaScript budget or loads editor code.');
  process.exit(1);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (!/\.(gz|br)$/.test(name)) yield full;
  }
}
