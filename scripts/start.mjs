// `npm start`: builds once if there is no build yet (or with --rebuild), then runs the built server.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const serverEntry = new URL('../dist/server/main.js', import.meta.url);
// The staff app's and the public islands' builds each leave a manifest (decision 011).
const manifests = ['../dist/client/.vite/manifest.json', '../dist/client/.vite/public-manifest.json'].map((file) => new URL(file, import.meta.url));
if (process.argv.includes('--rebuild') || !existsSync(serverEntry) || !manifests.every((manifest) => existsSync(manifest))) {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(serverEntry.href);
