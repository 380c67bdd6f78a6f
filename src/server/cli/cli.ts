import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runAs } from '../audit/audit';
import { BackupRefused, verifyBackup } from '../backup/backup-reader';
import { writeBackup } from '../backup/backup-writer';
import { restoreBackup } from '../backup/restore';
import { openSnapshot, SnapshotError } from '../backup/snapshot';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { MIGRATION_NAMES } from '../db/migrate';
import { AppError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import {
  count,
  megabytes,
  peakMemory,
  progressLine,
  say,
  seconds,
  ShellRefused,
  UsageError,
  type ShellIo,
} from './shell-io';
import { openShellTenant } from './shell-tenant';

/**
 * The operator's shell (docs/design.md §22): `./folio <command>` with the server's environment and .env. Every
 * command says what it did or, on a refusal, a sentence on standard error; the exit code is 0 only on
 * success (1: refused or failed, 2: a command line that makes no sense).
 */
const HELP = `Usage: ./folio <command> [arguments]   (also: npx folio <command>)

Commands of the shell, with the server's environment and .env (docs/operations.md: "Backups", "The shell"):
  backup [file]                 write a backup of every tenant (default file: folio-backup-<date>.jsonl.gz; - for standard output)
  restore <file>                restore a backup into an empty database (--replace for one that holds data, server stopped)
  user reset-password <name>    set a one-time password the user must change at the next sign-in
  user reset-2fa <name>         turn a user's two-step sign-in off
  setup-code                    show the first-run setup code while setup is pending

Each command takes --help.`;

const COMMAND_HELP: Record<string, string> = {
  backup: `Usage: ./folio backup [file]

Writes one gzip-compressed file with every tenant's tables, images included, and a manifest (Folio version,
last migration, tenants, row counts, SHA-256). It reads one consistent snapshot while the server runs, and
streams: memory stays flat however large the database. The file appears under its name only once complete.

  file       where to write it (default: folio-backup-<date>-<time>.jsonl.gz in this folder; - for standard output)
  --help     this text`,
  restore: `Usage: ./folio restore <file> [--replace] [--check]

Restores a backup into the database that DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite) names, then runs this
Folio's newer migrations. The file is checked whole before anything is written: a damaged, truncated or
foreign file is refused and the database is left as it was. Moving from SQLite to PostgreSQL is a backup
taken with the SQLite settings, then this command with DATABASE_URL set.

  --replace  replace a database that holds data (refused while a Folio server runs on it)
  --check    only check the file and say what it holds; write nothing
  --help     this text`,
  user: `Usage: ./folio user reset-password <name> [--tenant <name>]
       ./folio user reset-2fa <name> [--tenant <name>]

  reset-password  sets a one-time password, printed alone on the last line; signing in with it opens only
                  the account page until the user chooses a new password. Ends the user's sessions and lifts
                  a lockout.
  reset-2fa       turns the user's two-step sign-in off (a lost phone and no recovery code).
  --tenant        the tenant (default: DEFAULT_TENANT)
  --help          this text`,
  'setup-code': `Usage: ./folio setup-code [--tenant <name>]

Shows the first-run setup code (alone on the last line) while no administrator exists: open /companyForm
and enter it to create the first administrator.

  --tenant   the tenant (default: DEFAULT_TENANT)
  --help     this text`,
};

/** Runs one command; resolves with its exit code. */
export async function runShell(argv: readonly string[], io: ShellIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      say(io.stdout, HELP);
      return 0;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`There is no command '${command}'. ./folio --help lists the commands.`);
    if (rest.includes('--help') || rest.includes('-h')) {
      say(io.stdout, COMMAND_HELP[command]);
      return 0;
    }
    let config: AppConfig;
    try {
      config = loadConfig(io.env);
    } catch (error) {
      if (error instanceof ConfigError) throw new ShellRefused(error.message);
      throw error;
    }
    const actor = { userName: `shell:${shellUser(io)}`, ip: null };
    await runAs(actor, () => run(rest, config, io));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      say(io.stderr, error.message);
      return 2;
    }
    if (
      error instanceof ShellRefused ||
      error instanceof BackupRefused ||
      error instanceof SnapshotError ||
      error instanceof AppError
    ) {
      say(io.stderr, error.message);
      return 1;
    }
    say(io.stderr, `The command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function shellUser(io: ShellIo): string {
  try {
    return os.userInfo().username;
  } catch {
    return io.env.USER ?? 'unknown';
  }
}

type Command = (args: string[], config: AppConfig, io: ShellIo) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  backup: backupCommand,
  restore: restoreCommand,
  user: userCommand,
  'setup-code': setupCodeCommand,
};

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parse(
  args: string[],
  options: Options,
  positionals: number,
  usage: string,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: options ?? {}, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\.$/, '')}. ${usage}`);
  }
  if (parsed.positionals.length > positionals)
    throw new UsageError(`Too many arguments: ${parsed.positionals.slice(positionals).join(' ')}. ${usage}`);
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
}

/** The --tenant option's value, if given. */
const tenantOption = (values: Record<string, string | boolean | undefined>) =>
  typeof values.tenant === 'string' ? values.tenant : undefined;

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '');

async function backupCommand(args: string[], config: AppConfig, io: ShellIo): Promise<void> {
  const { positionals } = parse(args, {}, 1, 'Usage: ./folio backup [file]');
  const started = Date.now();
  const toStdout = positionals[0] === '-';
  const file = toStdout ? '-' : path.resolve(io.cwd, positionals[0] ?? `folio-backup-${stamp(new Date())}.jsonl.gz`);
  if (!toStdout && fs.existsSync(file))
    throw new ShellRefused(`${file} exists already: choose another name, or move it away first.`);
  const partial = `${file}.partial`;
  const snapshot = await openSnapshot(config, config.tenants);
  const progress = progressLine(io);
  let manifest;
  try {
    const output = toStdout ? io.stdout : fs.createWriteStream(partial, { flags: 'wx' });
    manifest = await writeBackup(snapshot, output, {
      countFirst: Boolean(io.stderr.isTTY),
      onProgress: ({ tenant, table, rowsDone, totalRows }) =>
        progress.update(
          `Backing up ${tenant}: ${table}, ${count(rowsDone)}${totalRows ? ` of ${count(totalRows)} rows (${Math.floor((rowsDone / Math.max(1, totalRows)) * 100)}%)` : ' rows'}`,
        ),
    });
    if (!toStdout) fs.renameSync(partial, file);
  } catch (error) {
    if (!toStdout) fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    progress.done();
    await snapshot.close();
  }
  const tables = manifest.tables.length;
  const tenants = manifest.tenants.map((tenant) => tenant.name).join(', ');
  // With - the backup itself is on standard output: the report goes to standard error.
  const out = toStdout ? io.stderr : io.stdout;
  say(
    out,
    `Backed up ${manifest.tenants.length === 1 ? 'tenant' : 'tenants'} ${tenants}: ${count(manifest.rows)} rows in ${count(tables)} tables${toStdout ? '' : `, ${megabytes(fs.statSync(file).size)}`}, in ${seconds(Date.now() - started)} (${peakMemory()}).`,
  );
  if (!toStdout) say(out, `File: ${file}`);
  say(out, `SHA-256 of its contents: ${manifest.sha256}`);
}

async function restoreCommand(args: string[], config: AppConfig, io: ShellIo): Promise<void> {
  const usage = 'Usage: ./folio restore <file> [--replace] [--check]';
  const { values, positionals } = parse(args, { replace: { type: 'boolean' }, check: { type: 'boolean' } }, 1, usage);
  if (!positionals[0]) throw new UsageError(`Name the backup file to restore. ${usage}`);
  const file = path.resolve(io.cwd, positionals[0]);
  const started = Date.now();
  const describe = (manifest: Awaited<ReturnType<typeof verifyBackup>>) =>
    `taken ${manifest.createdAt} from ${manifest.source === 'sqlite' ? 'SQLite' : 'PostgreSQL'} by Folio ${manifest.folioVersion}; ${manifest.tenants.map((t) => `tenant ${t.name} at migration ${t.lastMigration}`).join(', ')}; ${count(manifest.rows)} rows in ${count(manifest.tables.length)} tables`;
  if (values.check) {
    const manifest = await verifyBackup(file, MIGRATION_NAMES);
    say(io.stdout, `${file} is a complete Folio backup that this Folio can restore: ${describe(manifest)}.`);
    return;
  }
  const progress = progressLine(io);
  let manifest;
  try {
    manifest = await restoreBackup(config, file, {
      replace: Boolean(values.replace),
      onProgress: ({ tenant, table, rowsDone, totalRows }) =>
        progress.update(
          `Restoring ${tenant}: ${table}, ${count(rowsDone)} of ${count(totalRows)} rows (${Math.floor((rowsDone / Math.max(1, totalRows)) * 100)}%)`,
        ),
    });
  } finally {
    progress.done();
  }
  const where = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})`
    : `SQLite (${config.dataDir})`;
  say(
    io.stdout,
    `Restored ${path.basename(file)} into ${where} in ${seconds(Date.now() - started)} (${peakMemory()}): ${describe(manifest)}.`,
  );
  // The start that serves what was restored: with the same settings (a plain ./folio start in another folder, or
  // without DATA_DIR, would open another database).
  say(
    io.stdout,
    config.databaseUrl
      ? 'Start Folio with the same DATABASE_URL (in the environment or .env): ./folio start'
      : `Start Folio on the data folder it was restored into: DATA_DIR=${config.dataDir} ./folio start (or set DATA_DIR in .env).`,
  );
}

async function withTenant<T>(
  config: AppConfig,
  name: string | undefined,
  work: (tenant: Tenant) => Promise<T>,
): Promise<T> {
  const tenant = await openShellTenant(config, name ?? config.defaultTenant);
  try {
    return await work(tenant);
  } finally {
    await tenant.db.destroy();
  }
}

async function userCommand(args: string[], config: AppConfig, io: ShellIo): Promise<void> {
  const usage = 'Usage: ./folio user reset-password <name> | ./folio user reset-2fa <name> [--tenant <name>]';
  const { values, positionals } = parse(args, { tenant: { type: 'string' } }, 2, usage);
  const [action, name] = positionals;
  if (action !== 'reset-password' && action !== 'reset-2fa')
    throw new UsageError(
      action
        ? `There is no user command '${action}'. ${usage}`
        : `Say what to do: reset-password or reset-2fa. ${usage}`,
    );
  if (!name) throw new UsageError(`Name the user. ${usage}`);
  await withTenant(config, tenantOption(values), async (tenant) => {
    // The account services (and what they bring: mail, two-step sign-in) load only for these commands.
    const { issueOneTimePassword, resetTwoFactorByName } = await import('../auth/shell-accounts.service');
    if (action === 'reset-2fa') {
      const result = await resetTwoFactorByName(tenant, name);
      say(
        io.stdout,
        result.wasOn
          ? `Two-step sign-in is off for ${result.username} (tenant ${tenant.name}), their passkeys removed: they sign in with their password alone, and can turn it on again on their account page.`
          : `${result.username} (tenant ${tenant.name}) did not have two-step sign-in on; nothing else changed.`,
      );
      return;
    }
    const result = await issueOneTimePassword(tenant, name);
    if (!result.active)
      say(
        io.stderr,
        `Note: ${result.username} is inactive. Make them active on the user screen, or they cannot sign in.`,
      );
    say(
      io.stdout,
      `A one-time password is set for ${result.username} (tenant ${tenant.name}); their sessions have ended. Signing in with it opens only the account page until they choose a new password:`,
    );
    say(io.stdout, result.password);
  });
}

async function setupCodeCommand(args: string[], config: AppConfig, io: ShellIo): Promise<void> {
  const { values } = parse(args, { tenant: { type: 'string' } }, 0, 'Usage: ./folio setup-code [--tenant <name>]');
  await withTenant(config, tenantOption(values), async (tenant) => {
    const { revealSetupCode } = await import('../auth/shell-accounts.service');
    const { code } = await revealSetupCode(tenant);
    say(
      io.stdout,
      `First-run setup is pending for tenant ${tenant.name}: open ${config.publicBaseUrl}companyForm and enter this setup code:`,
    );
    say(io.stdout, code);
  });
}
