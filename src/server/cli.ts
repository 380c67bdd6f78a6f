import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runShell } from './cli/cli';

// The shell's entry (`./folio backup`, `./folio restore`, `./folio user …`, `./folio setup-code`; docs/design.md §22).
// It runs where the server runs: in the project folder, with its .env, so DATA_DIR means the same folder as
// for `./folio start`; file names on the command line stay relative to the folder they were typed in.
process.env.NODE_ENV ??= 'production';
const cwd = process.cwd();
// dist/server/cli.js (built) and src/server/cli.ts (tests) both sit two folders below the project.
process.chdir(fileURLToPath(new URL('../../', import.meta.url)));
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const code = await runShell(process.argv.slice(2), {
  env: process.env,
  cwd,
  stdout: process.stdout,
  stderr: process.stderr,
});
// Standard output may be a pipe (`./folio backup - | ssh …`): exit once it has taken everything.
process.stdout.write('', () => process.exit(code));
