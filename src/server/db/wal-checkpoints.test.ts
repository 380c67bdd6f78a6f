import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, openDatabase, type Db } from './database';
import {
  afterLargeWrite,
  BACKSTOP_PAGES,
  beforeLargeWrite,
  SQLITE_DEFAULT_PAGES,
  WalCheckpoints,
} from './wal-checkpoints';

const ROW = 'x'.repeat(3000);

/**
 * The rows a copy of the database file alone holds (its write-ahead log left behind): what was checkpointed. A copy
 * taken while the worker writes pages into the file can be torn (a copy is not a backup); it counts as -1, "not
 * yet", and the caller looks again.
 */
function rowsInTheFileAlone(file: string, folder: string): number {
  const copy = path.join(folder, `copy-${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`);
  fs.copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from t').get() as { n: number }).n;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CORRUPT' || (error as { code?: string }).code === 'SQLITE_NOTADB')
      return -1;
    throw error;
  } finally {
    db.close();
  }
}

describe('checkpoints off the event loop (docs/design.md §24)', () => {
  let folder: string;
  let file: string;
  let db: Db;
  let checkpoints: WalCheckpoints;
  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-checkpoints-'));
    const handle = openDatabase({ databaseUrl: undefined, dataDir: folder, sqliteFile: 'tenant.sqlite' });
    db = handle.db;
    file = handle.location;
    await sql`create table t (id integer primary key, body text not null)`.execute(db);
    // The table reaches the file; the rows below stay in the log until someone checkpoints.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    checkpoints = new WalCheckpoints({ everyMs: 100, idleTicks: 10 });
    checkpoints.add(file, db);
  });
  afterEach(async () => {
    await db.destroy();
    await checkpoints.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const autocheckpoint = async () =>
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]?.wal_autocheckpoint;
  const insert = (i: number) => inTransaction(db, (trx) => sql`insert into t (body) values (${ROW + i})`.execute(trx));
  const until = async (done: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 5000;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('stays away while writes are rare: the connection checkpoints itself, as SQLite does by default', async () => {
    for (let i = 0; i < 4; i += 1) await insert(i);
    expect(checkpoints.running).toBe(false);
    expect(await autocheckpoint()).toBe(SQLITE_DEFAULT_PAGES);
  });

  it('once writes come often, folds committed rows into the database file while the connection checkpoints only past the backstop', async () => {
    for (let i = 0; i < 300; i += 1) await insert(i);
    expect(checkpoints.running).toBe(true);
    expect(await autocheckpoint()).toBe(BACKSTOP_PAGES);
    await until(() => rowsInTheFileAlone(file, folder) === 300);
    expect(rowsInTheFileAlone(file, folder)).toBe(300);
  });

  it('leaves once writes are rare again, handing checkpoints back to the connection; comes back when they are frequent', async () => {
    for (let i = 0; i < 5; i += 1) await insert(i);
    expect(checkpoints.running).toBe(true);
    await until(() => !checkpoints.running);
    expect(checkpoints.running).toBe(false);
    expect(await autocheckpoint()).toBe(SQLITE_DEFAULT_PAGES);
    for (let i = 0; i < 5; i += 1) await insert(i);
    expect(checkpoints.running).toBe(true);
    expect(await autocheckpoint()).toBe(BACKSTOP_PAGES);
  });

  describe('large writes (a form’s files)', () => {
    const FILE = 'y'.repeat(1536 * 1024);
    const largeWrites = async (count: number, foldFirst: boolean) => {
      for (let i = 0; i < count; i += 1) {
        if (foldFirst) await beforeLargeWrite(db, FILE.length);
        await insert(i);
        await inTransaction(db, (trx) => sql`insert into t (body) values (${FILE + i})`.execute(trx));
        if (foldFirst) afterLargeWrite(db, FILE.length);
      }
    };
    /** The log file's size: SQLite writes it again from its start once it is folded in, so it shows its longest. */
    const logBytes = () => fs.statSync(`${file}-wal`).size;
    let slow: WalCheckpoints;
    beforeEach(() => {
      // A worker whose own turns never come within the test: only the checkpoints asked for around writes run.
      slow = new WalCheckpoints({ everyMs: 60_000, idleTicks: 10 });
      slow.add(file, db);
    });
    afterEach(() => slow.stop());

    it('wake the worker first, so that the commit does not checkpoint on the event loop', async () => {
      expect(slow.running).toBe(false);
      await beforeLargeWrite(db, FILE.length);
      expect(slow.running).toBe(true);
      expect(await autocheckpoint()).toBe(BACKSTOP_PAGES);
    });

    it('start the log again one after another: it stays the size of about one write', async () => {
      await largeWrites(12, true);
      expect(logBytes()).toBeLessThan(2.5 * FILE.length);
      await until(() => rowsInTheFileAlone(file, folder) === 24);
      expect(rowsInTheFileAlone(file, folder)).toBe(24);
    });

    it('without the log folded in first, it grows by every write (what the test above guards against)', async () => {
      await largeWrites(12, false);
      expect(logBytes()).toBeGreaterThan(10 * FILE.length);
    });

    it('leave small writes alone: no worker is woken for them', async () => {
      await beforeLargeWrite(db, 64 * 1024);
      expect(slow.running).toBe(false);
    });
  });

  it('leaves no log behind once the tenant’s connection and the worker have closed', async () => {
    for (let i = 0; i < 50; i += 1) await insert(i);
    expect(checkpoints.running).toBe(true);
    await db.destroy();
    await checkpoints.stop();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(rowsInTheFileAlone(file, folder)).toBe(50);
    db = openDatabase({ databaseUrl: undefined, dataDir: folder, sqliteFile: 'tenant.sqlite' }).db;
  });
});

describe('a kill -9 while writing with the worker checkpointing', () => {
  it('loses no row whose commit was acknowledged', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-kill-'));
    try {
      const database = path.resolve('src/server/db/database.ts');
      const worker = path.resolve('src/server/db/wal-checkpoints.ts');
      // A writer like the server: commits in a loop, says which row committed, the worker checkpointing beside it.
      const writer = `
        import { sql } from 'kysely';
        import { openDatabase } from ${JSON.stringify(database)};
        import { WalCheckpoints } from ${JSON.stringify(worker)};
        const handle = openDatabase({ databaseUrl: undefined, dataDir: ${JSON.stringify(folder)}, sqliteFile: 'tenant.sqlite' });
        await sql\`create table t (id integer primary key, body text not null)\`.execute(handle.db);
        const checkpoints = new WalCheckpoints();
        checkpoints.add(handle.location, handle.db);
        checkpoints.wake();
        for (let i = 1; ; i += 1) {
          await sql\`insert into t (id, body) values (\${i}, \${'x'.repeat(3000)})\`.execute(handle.db);
          process.stdout.write(i + '\\n');
        }`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let acknowledged = 0;
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const lines = output.split('\n');
        output = lines.pop() ?? '';
        for (const line of lines) acknowledged = Math.max(acknowledged, Number(line));
      });
      // Writing long enough for the worker's checkpoints (one a second) to run between commits, then killed mid-write.
      const deadline = Date.now() + 20_000;
      while (acknowledged === 0 && Date.now() < deadline && child.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      expect(acknowledged).toBeGreaterThan(0);
      const db = new SQLite(path.join(folder, 'tenant.sqlite'));
      try {
        const { n, last } = db.prepare('select count(*) as n, max(id) as last from t').get() as {
          n: number;
          last: number;
        };
        expect(last).toBeGreaterThanOrEqual(acknowledged);
        expect(n).toBe(last);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('stopping the worker in a process with nothing else to do', () => {
  it('finishes: close() of a server whose worker ran resolves, so a shutdown or a script goes on after it', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-stop-'));
    try {
      const database = path.resolve('src/server/db/database.ts');
      const worker = path.resolve('src/server/db/wal-checkpoints.ts');
      // The worker does not keep a process alive while it runs; stopping it must, until it is gone.
      const script = `
        import { openDatabase } from ${JSON.stringify(database)};
        import { WalCheckpoints } from ${JSON.stringify(worker)};
        const handle = openDatabase({ databaseUrl: undefined, dataDir: ${JSON.stringify(folder)}, sqliteFile: 'tenant.sqlite' });
        const checkpoints = new WalCheckpoints();
        checkpoints.add(handle.location, handle.db);
        checkpoints.wake();
        await handle.db.destroy();
        await checkpoints.stop();
        process.stdout.write('stopped ' + checkpoints.running + '\\n');`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(output).toBe('stopped false\n');
      expect(code).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
