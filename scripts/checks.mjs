// The checks before the tests of `npm test`: the typecheck beside the lint and then the build (each mostly on one
// core: one after the other they took about two and a half minutes on this project's 2-core machine). Fails, after
// all have ended, if any failed; each prints as it runs.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
    const done = (code) => resolve({ script, code, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      console.error(`${script}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });

const started = Date.now();
const results = await Promise.all([
  run('typecheck'),
  run('lint').then(async (lint) => [
    lint,
    lint.code === 0 ? await run('build') : { script: 'build', code: 1, seconds: 0 },
  ]),
]);
const all = results.flat();
console.log(
  `checks: ${all.map((r) => `${r.script} ${r.code === 0 ? 'passed' : 'failed'} (${r.seconds.toFixed(0)} s)`).join(', ')}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
process.exit(all.some((r) => r.code !== 0) ? 1 : 0);
