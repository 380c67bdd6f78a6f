// Builds once when there is no build yet (or when asked to), for `npm start` and the shell's commands.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverEntries = ['../dist/server/main.js', '../dist/server/cli.js'];
// The staff app's and the public islands' builds each leave a manifest (decision 011).
const manifests = ['../dist/client/.vite/manifest.json', '../dist/client/.vite/public-manifest.json'];

/**
 * Builds (`npm run build`'s script, without npm's banner) unless a whole build is there; its output, one line, goes
 * to standard error (standard output may carry a backup).
 */
export function ensureBuild(rebuild = false) {
  const built = [...serverEntries, ...manifests].every((file) => existsSync(new URL(file, import.meta.url)));
  if (built && !rebuild) return;
  console.error('Building the site first: the staff app, the public pages and the server (a minute or so)…');
  // Its standard output is collected, not a terminal: Vite then draws no progress lines.
  const result = spawnSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url))], {
    stdio: ['inherit', 'pipe', 'inherit'],
    cwd: new URL('..', import.meta.url),
  });
  process.stderr.write(result.stdout ?? '');
  if (result.status !== 0) process.exit(result.status ?? 1);
}
