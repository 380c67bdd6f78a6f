import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testDialects, type TestApp } from '../test-support/test-app';
import { ADMIN_PASSWORD, logIn } from '../test-support/sessions';
import { BACKUP_TABLES } from '../backup/backup-format';
import { holdServerMark } from '../backup/run-mark';
import { shellWith } from '../test-support/shell';

/** The tables a backup holds (a new table is one more). */
const TABLES = BACKUP_TABLES.length;

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

describe('the shell without a database', () => {
  const shell = shellWith({ DATA_DIR: path.join(os.tmpdir(), 'folio-shell-none') });

  it('lists every command with --help, and each command explains itself', async () => {
    const help = await shell('--help');
    expect(help.code).toBe(0);
    for (const command of [
      'backup [file]',
      'restore <file>',
      'user reset-password <name>',
      'user reset-2fa <name>',
      'setup-code',
    ])
      expect(help.stdout).toContain(command);
    for (const command of ['backup', 'restore', 'user', 'setup-code']) {
      const own = await shell(command, '--help');
      expect(own.code).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^Usage: ./folio ${command}`));
    }
  });

  it('answers a command line that makes no sense with a sentence and exit code 2', async () => {
    expect(await shell('bakup')).toEqual({
      code: 2,
      stdout: '',
      stderr: "There is no command 'bakup'. ./folio --help lists the commands.\n",
    });
    expect((await shell('restore')).stderr).toMatch(/^Name the backup file to restore\. Usage: /);
    expect((await shell('user', 'reset-everything', 'admin')).code).toBe(2);
    expect((await shell('user', 'reset-password')).stderr).toMatch(/^Name the user\./);
    expect((await shell('backup', '--fast')).stderr).toMatch(/^Unknown option '--fast'/);
  });

  it('refuses with a sentence and exit code 1: bad configuration, no database yet, a missing file', async () => {
    const badConfig = await shellWith({ DATABASE_URL: 'mysql://nope' })('backup');
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toContain('DATABASE_URL: must start with postgres://');
    const none = await shell('user', 'reset-password', 'admin');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /^There is no database for tenant default at .*: start Folio once \(\.\/folio start\) to make it, or check DATA_DIR\.\n$/,
    );
    const missing = await shell('restore', '/nowhere/backup.jsonl.gz');
    expect(missing).toMatchObject({
      code: 1,
      stderr: 'Cannot read /nowhere/backup.jsonl.gz: check the path and that you may read the file.\n',
    });
  });
});

describe.each(testDialects())('the shell on %s', (dialect) => {
  let t: TestApp;
  let shell: ReturnType<typeof shellWith>;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-shell-'));
    shell = shellWith({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl ?? '' }, folder);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const auditEntries = (action: string) =>
    t.app.tenants.default.db
      .selectFrom('audit_log')
      .select(['user_name', 'target_id', 'summary'])
      .where('action', '=', action)
      .execute();

  it('backs up into a file named relative to the folder it was typed in, never over an existing one', async () => {
    const taken = await shell('backup', 'nightly.jsonl.gz');
    expect(taken.code).toBe(0);
    expect(taken.stdout).toMatch(
      new RegExp(
        `^Backed up tenant default: [\\d,]+ rows in ${TABLES} tables, .* \\(peak memory \\d+ MB\\)\\.\\nFile: .*nightly\\.jsonl\\.gz\\nSHA-256 of its contents: [0-9a-f]{64}\\n$`,
      ),
    );
    expect(fs.existsSync(path.join(folder, 'nightly.jsonl.gz'))).toBe(true);
    expect(fs.readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
    const again = await shell('backup', 'nightly.jsonl.gz');
    expect(again).toMatchObject({
      code: 1,
      stderr: `${path.join(folder, 'nightly.jsonl.gz')} exists already: choose another name, or move it away first.\n`,
    });
    const checked = await shell('restore', '--check', 'nightly.jsonl.gz');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(
      new RegExp(
        `nightly\\.jsonl\\.gz is a complete Folio backup that this Folio can restore: taken .* tenant default at migration \\d{8}-\\d{4}-[a-z-]+; [\\d,]+ rows in ${TABLES} tables\\.\\n$`,
      ),
    );
  });

  it('restores into an empty database of either kind, refuses a database that holds data, and replaces it only with --replace and no server', async () => {
    await shell('backup', 'move.jsonl.gz');
    for (const target of testDialects()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-shell-target-'));
      const database = target === 'postgres' ? await createTestDatabase() : undefined;
      try {
        const into = shellWith({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' }, folder);
        const restored = await into('restore', 'move.jsonl.gz');
        expect(restored.code).toBe(0);
        expect(restored.stdout).toMatch(
          new RegExp(
            `^Restored move\\.jsonl\\.gz into ${target === 'postgres' ? 'PostgreSQL' : 'SQLite'} .* in [\\d.]+ s \\(peak memory \\d+ MB\\): taken `,
          ),
        );
        // The hint names where it went (docs/design.md §34): a plain start elsewhere would open another database.
        expect(restored.stdout.trim().split('\n').at(-1)).toBe(
          target === 'postgres'
            ? 'Start Folio with the same DATABASE_URL (in the environment or .env): ./folio start'
            : `Start Folio on the data folder it was restored into: DATA_DIR=${dataDir} ./folio start (or set DATA_DIR in .env).`,
        );
        const refused = await into('restore', 'move.jsonl.gz');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(
          /is not empty\. Restore into an empty database, or add --replace to replace what it holds \(the server must be stopped\)\. Nothing was restored\.\n$/,
        );
        const serverMark = await holdServerMark({ ...t.config, dataDir, databaseUrl: database?.url });
        const whileRunning = await into('restore', '--replace', 'move.jsonl.gz');
        await serverMark.release();
        expect(whileRunning).toMatchObject({
          code: 1,
          stderr:
            'A Folio server is running on this database. Stop every instance first (a restore replaces what they serve), then run the restore again. Nothing was restored.\n',
        });
        expect((await into('restore', '--replace', 'move.jsonl.gz')).code).toBe(0);
      } finally {
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it('user reset-password prints a one-time password alone on the last line; it signs in, and the shell is in the audit log', async () => {
    const reset = await shell('user', 'reset-password', 'ADMIN');
    expect(reset.code).toBe(0);
    const password = lastLine(reset.stdout);
    expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(reset.stdout).toContain('A one-time password is set for admin (tenant default)');
    const session = await logIn(t.app, 'admin', password);
    expect(session.body).toMatchObject({ landpage: '/account' });
    const [entry] = await auditEntries('cli.reset_password');
    expect(entry).toEqual({
      user_name: `shell:${os.userInfo().username}`,
      target_id: 'admin',
      summary: 'Set a one-time password for admin in the shell',
    });
    // Back to the known password for the other tests.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/password',
          headers: session.headers,
          payload: { current: password, password: ADMIN_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await shell('user', 'reset-password', 'nobody')).stderr).toMatch(/^There is no user named nobody\./);
  });

  it('user reset-2fa turns two-step sign-in off, and says so when it was not on', async () => {
    const reset = await shell('user', 'reset-2fa', 'admin');
    expect(reset).toMatchObject({
      code: 0,
      stdout: 'admin (tenant default) did not have two-step sign-in on; nothing else changed.\n',
    });
    expect(await auditEntries('cli.reset_2fa')).toHaveLength(1);
  });

  it('setup-code refuses once an administrator exists', async () => {
    const code = await shell('setup-code');
    expect(code).toMatchObject({
      code: 1,
      stderr:
        'Folio is already set up: sign in as an administrator, or set a one-time password with ./folio user reset-password <name>.\n',
    });
    expect((await shell('setup-code', '--tenant', 'acme')).stderr).toBe(
      'There is no tenant acme: TENANTS lists default.\n',
    );
  });
});

describe('the shell before the first administrator', () => {
  it('setup-code prints the code the server prints, alone on the last line', async () => {
    const t = await createTestApp('sqlite');
    try {
      const printed = await shellWith({ DATA_DIR: t.config.dataDir })('setup-code');
      expect(printed.code).toBe(0);
      const setting = await t.app.tenants.default.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'setup-code')
        .executeTakeFirstOrThrow();
      expect(lastLine(printed.stdout)).toBe(setting.value);
      expect(printed.stdout).toMatch(
        /^First-run setup is pending for tenant default: open http:\/\/localhost:3000\/companyForm and enter this setup code:\n/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('the shell as a program', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  it('./folio --help lists the shell commands', () => {
    const result = spawnSync('sh', [path.join(root, 'folio'), '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    for (const command of [
      'backup [file]',
      'restore <file>',
      'user reset-password <name>',
      'user reset-2fa <name>',
      'setup-code',
    ])
      expect(result.stdout).toContain(command);
  });

  it('backs up to standard output for a pipe, with its report on standard error, and exits 0 only on success', async () => {
    const t = await createTestApp('sqlite');
    try {
      const run = (args: string[]) =>
        spawnSync(
          process.execPath,
          ['--import', import.meta.resolve('tsx'), path.join(root, 'src/server/cli.ts'), ...args],
          {
            env: {
              ...process.env,
              DATA_DIR: t.config.dataDir,
              DATABASE_URL: '',
              LOG_LEVEL: 'silent',
              NODE_ENV: 'test',
            },
            cwd: os.tmpdir(),
            maxBuffer: 64 * 1024 * 1024,
          },
        );
      const piped = run(['backup', '-']);
      expect(piped.status).toBe(0);
      expect(piped.stdout.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(String(piped.stderr)).toMatch(/^Backed up tenant default: /);
      const failed = run(['restore', 'no-such-file.jsonl.gz']);
      expect(failed.status).toBe(1);
      expect(String(failed.stderr)).toBe(
        `Cannot read ${path.join(os.tmpdir(), 'no-such-file.jsonl.gz')}: check the path and that you may read the file.\n`,
      );
    } finally {
      await t.close();
    }
  });
});
