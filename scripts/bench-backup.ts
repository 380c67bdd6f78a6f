// Part 6 of `npm run bench` (BENCH_ONLY=backup): `./folio backup` and `./folio restore` at the data volume of
// docs/design.md §23 (200,000 enquiries, 20,000 users, 100,000 audit entries), on SQLite and on PostgreSQL, each run as
// the built command (node dist/server/cli.js) in a process of its own: its wall time from the outside, its peak
// memory (maxRSS) from the summary line it prints. Budget (issue 25): under a minute and under 300 MB each.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig, type AppConfig } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed/seed';
import { hashPassword } from '../src/server/auth/passwords';
import { createTemporaryDatabase, SHARED_SECRET_KEY, temporaryFolder } from './bench-servers';

export interface BenchReport {
  row(measure: string, result: string, budget: string, within?: boolean): void;
  source(line: string): void;
  notes: string[];
}

export const VOLUME = { enquiries: 200_000, users: 20_000, auditEntries: 100_000 };
const BUDGET_S = 60;
const BUDGET_MB = 300;

/** Fills a seeded database with the volume in batches (direct inserts: the rows, not the app's timing, matter here). */
async function fill(db: Db): Promise<void> {
  const at = new Date('2026-01-01T00:00:00Z').getTime();
  const hash = await hashPassword('bench-user-password-123');
  const batches = async <T>(
    total: number,
    size: number,
    make: (index: number) => T,
    insert: (rows: T[]) => Promise<unknown>,
  ) => {
    for (let start = 0; start < total; start += size) {
      const rows = Array.from({ length: Math.min(size, total - start) }, (_, offset) => make(start + offset));
      await insert(rows);
    }
  };
  await db.transaction().execute(async (trx) => {
    await batches(
      VOLUME.enquiries,
      500,
      (i) => ({
        organization: `Organisation ${i % 5000}`,
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        mobile: String(9_000_000_000 + i),
        requirements: `We need a CRM for ${50 + (i % 400)} people in sales and service, with reports by region (enquiry ${i}).`,
        created_at: new Date(at + i * 60_000).toISOString(),
        status: (i % 10 === 0 ? 'Spam' : i % 3 === 0 ? 'Handled' : 'New') as 'New' | 'Handled' | 'Spam',
      }),
      (rows) => trx.insertInto('enquiries').values(rows).execute(),
    );
    await batches(
      VOLUME.users,
      500,
      (i) => ({
        username: `user${i}`,
        password_hash: hash,
        group_id: 3,
        first_name: `First${i}`,
        last_name: `Last${i}`,
        email: `user${i}@example.com`,
        active: 1,
        created_at: new Date(at).toISOString(),
      }),
      (rows) => trx.insertInto('users').values(rows).execute(),
    );
    await batches(
      VOLUME.auditEntries,
      500,
      (i) => ({
        at: new Date(at + i * 30_000).toISOString(),
        tenant: 'default',
        user_name: `user${i % VOLUME.users}`,
        ip: '127.0.0.1',
        action: 'page.publish',
        target_type: 'page',
        target_id: 'Home',
        summary: `Published Home (revision ${i + 2})`,
        details: '{}',
      }),
      (rows) => trx.insertInto('audit_log').values(rows).execute(),
    );
  });
}

/** A migrated, seeded and filled database of the given kind; its configuration. */
async function filledSite(kind: 'sqlite' | 'postgres', adminUrl: string): Promise<AppConfig> {
  const config = await emptySite(kind, adminUrl);
  const { db, dialect } = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: 'folio.sqlite',
  });
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
    await seedIfEmpty(db, dialect);
    await fill(db);
  } finally {
    await db.destroy();
  }
  return config;
}

async function emptySite(kind: 'sqlite' | 'postgres', adminUrl: string): Promise<AppConfig> {
  const dataDir = temporaryFolder('folio-bench-backup-');
  const database = kind === 'postgres' ? await createTemporaryDatabase(adminUrl, 'folio_bench_backup') : undefined;
  if (database) dropLater.push(database.drop);
  return loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    LOG_LEVEL: 'silent',
    ...(database ? { SECRET_KEY: SHARED_SECRET_KEY } : {}),
  });
}

const dropLater: Array<() => Promise<void>> = [];

/** Runs one shell command of the built Folio against a site; its wall time and the peak memory it reports. */
function runShell(config: AppConfig, args: string[]): { seconds: number; peakMb: number; output: string } {
  const started = performance.now();
  const result = spawnSync('node', ['dist/server/cli.js', ...args], {
    env: {
      ...process.env,
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl ?? '',
      SECRET_KEY: config.secretKey ?? '',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`./folio ${args[0]} failed: ${output.trim()}`);
  const peak = /peak memory (\d+) MB/.exec(output);
  if (!peak) throw new Error(`./folio ${args[0]} did not report its peak memory: ${output.trim()}`);
  return { seconds, peakMb: Number(peak[1]), output };
}

export async function benchBackups(report: BenchReport, adminUrl: string, postgresReachable: boolean): Promise<void> {
  const kinds: Array<'sqlite' | 'postgres'> = postgresReachable ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!postgresReachable)
    report.notes.push('backup and restore on PostgreSQL: no PostgreSQL server at BENCH_DATABASE_URL');
  const row = (measure: string, run: { seconds: number; peakMb: number }, extra = '') =>
    report.row(
      measure,
      `${run.seconds.toFixed(1)} s, peak ${run.peakMb} MB${extra}`,
      `< ${BUDGET_S} s, < ${BUDGET_MB} MB`,
      run.seconds < BUDGET_S && run.peakMb < BUDGET_MB,
    );
  try {
    const files: Partial<Record<'sqlite' | 'postgres', string>> = {};
    for (const kind of kinds) {
      const site = await filledSite(kind, adminUrl);
      const file = path.join(temporaryFolder('folio-bench-file-'), 'site.jsonl.gz');
      const backup = runShell(site, ['backup', file]);
      files[kind] = file;
      row(
        `backup, ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
        backup,
        `, ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB file`,
      );
    }
    for (const kind of kinds) {
      for (const from of kinds) {
        const target = await emptySite(kind, adminUrl);
        const restore = runShell(target, ['restore', files[from]!]);
        row(
          `restore of the ${from === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup into ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
          restore,
        );
      }
    }
    report.source(
      `backup and restore: ./folio backup and ./folio restore as built (node dist/server/cli.js), each in a process of its own, on a seeded site with ${VOLUME.enquiries.toLocaleString('en-GB')} enquiries, ${VOLUME.users.toLocaleString('en-GB')} users and ${VOLUME.auditEntries.toLocaleString('en-GB')} audit entries (docs/design.md §23's volume); wall time from spawn to exit, peak memory as the command reports it (maxRSS).`,
    );
  } finally {
    for (const drop of dropLater.splice(0)) await drop().catch(() => {});
  }
}
