import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from './database';

/** How often the worker folds the write-ahead log into the database files. */
const EVERY_MS = 1000;
/**
 * The worker leaves when its last minute of checkpoints copied fewer pages than SQLite's own threshold: writes
 * that rare cost the event loop a checkpoint a minute at most, and the worker's ~10 MB are not worth keeping.
 */
const IDLE_TICKS = 60;
/**
 * While the worker runs, the tenant's own connection still checkpoints itself past this many pages of log:
 * should the worker fall behind, the log stays bounded (64 MB at 4 KB a page).
 */
export const BACKSTOP_PAGES = 16_000;
/** SQLite's own default: the connection checkpoints itself while no worker runs. */
export const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * The worker (plain JavaScript, evaluated as CommonJS: it needs no build of its own). One connection per
 * database file, opened with the same settings as the tenant's, which only ever runs PASSIVE checkpoints: these
 * copy committed pages from the log into the database and never wait for, nor block, the writer.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const files = new Map();
const copied = [];
let outOfTurn = 0;
const stop = () => {
  clearInterval(timer);
  for (const { db } of files.values()) db.close();
  files.clear();
  parentPort.close();
};
const checkpoint = (file, state) => {
  try {
    const [{ log, checkpointed }] = state.db.pragma('wal_checkpoint(PASSIVE)');
    // A shorter log than last time: the writer started it again, so everything in it is new.
    const pages = log < state.log ? checkpointed : Math.max(0, checkpointed - state.checkpointed);
    state.log = log;
    state.checkpointed = checkpointed;
    return { pages, log, checkpointed };
  } catch {
    files.delete(file);
    state.db.close();
    parentPort.postMessage({ failed: file });
    return undefined;
  }
};
const timer = setInterval(() => {
  let pages = outOfTurn;
  outOfTurn = 0;
  for (const [file, state] of files) pages += checkpoint(file, state)?.pages ?? 0;
  copied.push(pages);
  if (copied.length > workerData.idleTicks) copied.shift();
  if (copied.length === workerData.idleTicks && copied.reduce((a, b) => a + b, 0) < workerData.fewPages) stop();
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message.open) {
    const db = new SQLite(message.open);
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 0');
    files.set(message.open, { db, log: 0, checkpointed: 0 });
  } else if (message.checkpoint) {
    // A turn out of order, asked for around a large write; its pages count as the timer's would.
    const state = files.get(message.checkpoint);
    const done = state ? checkpoint(message.checkpoint, state) : undefined;
    outOfTurn += done?.pages ?? 0;
    if (message.id !== undefined) parentPort.postMessage({ id: message.id, settled: done ? done.log === done.checkpointed : false });
  } else if (message.stop) stop();
});
`;

/**
 * A write this large (bytes) folds the log in first (`beforeLargeWrite`): 256 pages of log, a quarter of SQLite's
 * own threshold; a form's file is the one write of this size.
 */
export const LARGE_WRITE_BYTES = 1024 * 1024;

/**
 * Before a transaction that writes `bytes` to `db` (a form's files): a write of megabytes in the log would make
 * its commit copy the log into the database file and flush it, on the event loop (the worker asleep: SQLite's own
 * threshold of 1,000 pages), or, written while the worker folds in the previous one, keep the log from ever starting
 * again, until the backstop makes a commit flush tens of megabytes (docs/design.md §24). So the worker is woken and
 * folds in the whole log first, in its own thread; the write then starts the log again. Nothing on PostgreSQL or
 * for small writes. Durability is unchanged: only who checkpoints, and when.
 */
export async function beforeLargeWrite(db: Db, bytes: number): Promise<void> {
  if (bytes >= LARGE_WRITE_BYTES) await checkpointers.get(db)?.foldIn(db);
}

/** After a large write committed: the worker folds it in at once, so the next large write finds the log folded. */
export function afterLargeWrite(db: Db, bytes: number): void {
  if (bytes >= LARGE_WRITE_BYTES) checkpointers.get(db)?.foldSoon(db);
}

/** Each tenant database's checkpointer, for `writing` to find from the database alone. */
const checkpointers = new WeakMap<Db, WalCheckpoints>();

/** Writes this frequent wake the worker: 5 transactions within a second (editors saving, an import; not the jobs). */
const BUSY_WRITES = { count: 5, withinMs: 1000 };

/**
 * Called as a write transaction begins (inTransaction): counts it for `db`'s checkpointer, if it has one, which
 * wakes its worker once writes come often. A look-up in a map while the worker runs.
 */
export function writing(db: Db, now = Date.now()): void {
  checkpointers.get(db)?.noteWrite(now);
}

/**
 * SQLite's checkpoints, off the event loop (docs/design.md §24). In WAL mode a commit only appends to the log; now and
 * then the log is copied into the database file and both are flushed to disk (fsync), which SQLite does inside
 * the commit that crosses 1,000 pages of log: on the event loop, for 15–150 ms on this machine's shared disk,
 * while every visitor and editor waited. While writes come often (editors saving, an import), a worker thread
 * does it every second on its own connection, so a commit never does; once they are rare again the worker
 * leaves and the tenant's connection checkpoints itself as SQLite does by default. Durability is unchanged:
 * what a commit writes to the log and when it is flushed do not depend on who checkpoints, and a log not yet
 * folded in is read and recovered as before (a kill -9 loses nothing committed). One worker serves every
 * tenant's file.
 */
export class WalCheckpoints {
  /** @param timing How often the worker checkpoints, and after how many turns of little work it leaves (tests shorten them). */
  constructor(private readonly timing = { everyMs: EVERY_MS, idleTicks: IDLE_TICKS }) {}

  private worker: Worker | undefined;
  private readonly databases = new Map<string, Db>();
  private readonly files = new Map<Db, string>();
  /** Out-of-turn checkpoints asked for and not answered yet, by id: each resolves with whether the log was all folded in. */
  private readonly asked = new Map<number, (settled: boolean) => void>();
  private lastId = 0;
  private stopped = false;
  private exited: Promise<void> = Promise.resolve();
  /** When the latest write transactions began, while the worker is not running. */
  private readonly recent: number[] = [];

  /** The SQLite file `db` writes: its write transactions wake the worker from now on. */
  add(file: string, db: Db): void {
    this.databases.set(file, db);
    this.files.set(db, file);
    checkpointers.set(db, this);
  }

  /** A write transaction began: the worker starts when writes come often. */
  noteWrite(now: number): void {
    if (this.worker || this.stopped) return;
    this.recent.push(now);
    if (this.recent.length > BUSY_WRITES.count) this.recent.shift();
    if (this.recent.length === BUSY_WRITES.count && now - this.recent[0]! < BUSY_WRITES.withinMs) this.wake();
  }

  /** Starts the worker unless it runs (or this was stopped); the tenants' connections checkpoint only as a backstop. */
  wake(): void {
    if (this.worker || this.stopped) return;
    this.recent.length = 0;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, ...this.timing, fewPages: SQLITE_DEFAULT_PAGES },
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    // The worker never keeps the process alive (a shell command ends when its work does).
    worker.unref();
    this.worker = worker;
    for (const [file, db] of this.databases) {
      autocheckpoint(db, BACKSTOP_PAGES);
      worker.postMessage({ open: file });
    }
    // A file the worker cannot checkpoint, or a worker that left, leaves the connections checkpointing
    // themselves again, as SQLite does by default.
    worker.on('message', (message: { failed: string } | { id: number; settled: boolean }) => {
      if ('id' in message) {
        this.asked.get(message.id)?.(message.settled);
        this.asked.delete(message.id);
        return;
      }
      const db = this.databases.get(message.failed);
      if (db) autocheckpoint(db, SQLITE_DEFAULT_PAGES);
    });
    worker.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      worker.once('exit', () => {
        this.worker = undefined;
        for (const answer of this.asked.values()) answer(false);
        this.asked.clear();
        if (!this.stopped) for (const db of this.databases.values()) autocheckpoint(db, SQLITE_DEFAULT_PAGES);
        resolve();
      }),
    );
  }

  /**
   * Before a large write to `db`'s file: wakes the worker (so the write's commit does not checkpoint itself) or, when it
   * runs, waits off the event loop until it has folded the whole log into the database file, so that the write starts
   * the log again instead of adding to it. Tries three turns (a write may land during one); never waits longer than
   * `withinMs`: the write then goes ahead, and the backstop keeps the log bounded as before.
   */
  async foldIn(db: Db, withinMs = 2000): Promise<void> {
    const file = this.files.get(db);
    if (file === undefined || this.stopped) return;
    // A worker asleep means a short log (the connection checkpointed itself past 1,000 pages): the write goes ahead
    // at once, its commit no longer checkpointing itself, and the worker folds it in once it has started.
    if (!this.worker) return this.wake();
    const deadline = Date.now() + withinMs;
    for (let turn = 0; turn < 3 && Date.now() < deadline; turn += 1)
      if (await this.checkpointNow(file, deadline - Date.now())) return;
  }

  /** After a large write to `db`'s file: the worker folds it in now rather than at its next turn. */
  foldSoon(db: Db): void {
    const file = this.files.get(db);
    if (file !== undefined) this.worker?.postMessage({ checkpoint: file });
  }

  /** One checkpoint of `file` by the worker now: whether it folded in the whole log (false past `withinMs`). */
  private checkpointNow(file: string, withinMs: number): Promise<boolean> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(false);
    const id = (this.lastId += 1);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.asked.delete(id);
        resolve(false);
      }, withinMs);
      this.asked.set(id, (settled) => {
        clearTimeout(timer);
        resolve(settled);
      });
      worker.postMessage({ checkpoint: file, id });
    });
  }

  /** Whether the worker runs now. */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Ends the worker for good (its connections close, folding in what is left). Call after the tenants' closed. */
  async stop(): Promise<void> {
    const worker = this.worker;
    // Held again while it stops: an unreferenced worker does not keep the process alive, so without this a process
    // with nothing else to do would end before the worker did, and `close()` would never finish.
    worker?.ref();
    if (worker && !this.stopped) worker.postMessage({ stop: true });
    this.stopped = true;
    await this.exited;
  }
}

/** Sets a connection's own checkpoint threshold (synchronous on SQLite; a closed connection is left alone). */
function autocheckpoint(db: Db, pages: number): void {
  void sql
    .raw(`pragma wal_autocheckpoint = ${pages}`)
    .execute(db)
    .catch(() => undefined);
}
