// Builds once when there is no build yet (or when asked to), for `npm start` and the shell's commands.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const serverEntries = ['../dist/server/main.js', '../dist/server/cli.js'];
// The staff app's and the public islands' builds each leave a manifest (decision 011).
const manifests = ['../dist/client/.vite/manifest.json', '../dist/client/.vite/public-manifest.json'];

/** Runs `npm run build` unless a whole build is there; its output goes to standard error (standard output may carry a backup). */
export function ensureBuild(rebuild = false) {
  const built = [...serverEntries, ...manifests].every((file) => existsSync(new URL(file, import.meta.url)));
  if (built && !rebuild) return;
  const result = spawnSync('npm', ['run', 'build'], { stdio: ['inherit', process.stderr, 'inherit'], cwd: new URL('..', import.meta.url) });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
