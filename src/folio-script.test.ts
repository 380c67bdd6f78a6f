import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// ./folio installs the dependencies when package-lock.json or the Node.js version changed (README "Run it"). Here
// on a project of its own with no dependencies (npm ci takes a second), the script copied in and the Node.js this
// suite runs on as the machine's: two commands started together install once, and `./folio npm ci` leaves the
// stamp behind (before, it removed it with node_modules, and the next `./folio start` installed again, over a
// running test suite's node_modules).

const execFileAsync = promisify(execFile);
const STAMP = path.join('node_modules', '.folio-install');

let project: string;

/** Runs ./folio in the project with this Node.js first on PATH; its exit code and what it said. */
function folio(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(project, 'folio'), args, {
      cwd: project,
      env: {
        ...process.env,
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        NODE_OPTIONS: '',
        npm_config_cache: path.join(project, '.npm-cache'),
        npm_config_offline: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const installs = (output: string) => output.split('installing dependencies (npm ci)').length - 1;

beforeEach(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-script-'));
  fs.copyFileSync('folio', path.join(project, 'folio'));
  fs.chmodSync(path.join(project, 'folio'), 0o755);
  fs.writeFileSync(path.join(project, '.node-version'), `${process.versions.node.split('.')[0]}\n`);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'folio-script-check', version: '1.0.0', private: true }),
  );
  // The lock file npm writes for a package without dependencies.
  await execFileAsync('npm', ['install', '--package-lock-only', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
});

afterEach(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

describe('./folio installing the dependencies', () => {
  it('installs once when two commands start together; the second waits for the first', async () => {
    const [first, second] = await Promise.all([folio('node', '-e', 'process.exit(0)'), folio('node', '-v')]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(installs(first.output) + installs(second.output)).toBe(1);
    expect(fs.readFileSync(path.join(project, STAMP), 'utf8')).toContain(process.version);

    // Nothing changed since: the next command installs nothing.
    const third = await folio('node', '-v');
    expect(installs(third.output)).toBe(0);
    expect(fs.existsSync(path.join(project, '.folio', 'install.lock'))).toBe(false);
  });

  it('`./folio npm ci` installs once and stamps it, so the next command installs nothing', async () => {
    const ci = await folio('npm', 'ci', '--no-audit', '--no-fund');
    expect(ci.code).toBe(0);
    expect(installs(ci.output)).toBe(0);
    expect(fs.readFileSync(path.join(project, STAMP), 'utf8')).toContain(process.version);

    const next = await folio('node', '-v');
    expect(next.code).toBe(0);
    expect(installs(next.output)).toBe(0);
  });

  it('an install changed since (another lock file) installs again', async () => {
    expect((await folio('node', '-v')).code).toBe(0);
    fs.writeFileSync(path.join(project, STAMP), 'v0.0.0 stale\n');
    const again = await folio('node', '-v');
    expect(installs(again.output)).toBe(1);
  });
});
