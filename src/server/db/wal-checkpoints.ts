import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from './database';

/** How often the worker folds the write-ahead log into the database files. */
const EVERY_MS = 1000;
/**
 * The tenant's own connection still checkpoints itself past this many pages of log (SQLite's default is 1,000):
 * should the worker fall behind or stop, the log stays bounded (64 MB at 4 KB a page).
 */
export const BACKSTOP_PAGES = 16_000;
/** SQLite's own default, restored on a connection whose worker stopped. */
const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * The worker (plain JavaScript, evaluated as CommonJS: it needs no build of its own). One connection per
 * database file, opened with the same settings as the tenant's, which only ever runs PASSIVE checkpoints: these
 * copy committed pages from the log into the database and never wait for, nor block, the writer.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const files = new Map();
const checkpointAll = () => {
  for (const [file, db] of files) {
    try { db.pragma('wal_checkpoint(PASSIVE)'); }
    catch { files.delete(file); db.close(); parentPort.postMessage({ file }); }
  }
};
const timer = setInterval(checkpointAll, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message.open) {
    const db = new SQLite(message.open);
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 0');
    files.set(message.open, db);
  } else if (message.stop) {
    clearInterval(timer);
    for (const db of files.values()) db.close();
    files.clear();
    parentPort.close();
  }
});
`;

/**
 * SQLite's checkpoints, off the event loop (DESIGN §24). In WAL mode a commit only appends to the log; now and
 * then the log is copied into the database file and both are flushed to disk (fsync), which SQLite does inside
 * the commit that crosses 1,000 pages of log: on the event loop, for 15–150 ms on this machine's shared disk,
 * while every visitor and editor waited. Here a worker thread does it every second on its own connection, so a
 * commit never does. Durability is unchanged: what a commit writes to the log and when it is flushed do not
 * depend on who checkpoints, and a log not yet folded in is read and recovered as before (a kill -9 loses
 * nothing committed). One worker serves every tenant's file; it is started with the first one.
 */
export class WalCheckpoints {
  private worker: Worker | undefined;
  private readonly databases = new Map<string, Db>();
  private stopped = false;
  private exited: Promise<void> = Promise.resolve();

  /** Hands `file` (the SQLite file `db` writes) to the worker; its own connection checkpoints only as a backstop. */
  async add(file: string, db: Db): Promise<void> {
    await sql.raw(`pragma wal_autocheckpoint = ${BACKSTOP_PAGES}`).execute(db);
    this.databases.set(file, db);
    this.start().postMessage({ open: file });
  }

  /** Ends the worker (its connections close, folding in what is left). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    if (!this.stopped) worker.postMessage({ stop: true });
    this.stopped = true;
    await this.exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, everyMs: EVERY_MS }, resourceLimits: { maxOldGenerationSizeMb: 32 } });
    // The worker never keeps the process alive (a shell command ends when its work does).
    worker.unref();
    // A file the worker cannot checkpoint, or a worker that stops, leaves the connections checkpointing
    // themselves again, as SQLite does by default.
    const fallBack = (dbs: Iterable<Db>) => {
      if (this.stopped) return;
      for (const db of dbs) void sql.raw(`pragma wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`).execute(db).catch(() => undefined);
    };
    worker.on('message', (message: { file: string }) => fallBack([this.databases.get(message.file)].filter((db) => db !== undefined)));
    worker.on('error', () => fallBack(this.databases.values()));
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('exit', () => fallBack(this.databases.values()));
    this.worker = worker;
    return worker;
  }
}
