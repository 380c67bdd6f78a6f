// `npm run lint`: ESLint and Prettier's check side by side (each mostly on one core; one after the other they took
// 45 s on this 2-core machine), both cached in node_modules/.cache for the next run; fails if either fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.join(import.meta.dirname, '..', 'node_modules', '.bin', name);
const run = (name, args) =>
  new Promise((resolve) => {
    const child = spawn(bin(name), args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const started = Date.now();
const [eslint, prettier] = await Promise.all([
  run('eslint', ['--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']),
  run('prettier', ['--check', '--cache', '--log-level', 'warn', '.']),
]);
if (prettier !== 0) console.error('Prettier: some files are not formatted; `npm run format` writes them.');
console.log(
  `lint: ESLint ${eslint === 0 ? 'passed' : 'failed'}, Prettier ${prettier === 0 ? 'passed' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(eslint !== 0 || prettier !== 0 ? 1 : 0);
