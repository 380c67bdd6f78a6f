import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { holdSqliteLockFile, tryAdvisoryLock } from '../db/whole-database';

/**
 * Whether a Folio server runs on a database (docs/design.md §22: a restore is refused while one does, and no server
 * starts while a restore runs). A running server holds a mark that the operating system or PostgreSQL drops
 * with the process, however it ends (a kill -9 included): nothing stale is ever left to clean up.
 * - PostgreSQL: a shared advisory lock, held by a connection of each instance; a restore takes it exclusively.
 * - SQLite: an exclusive lock on DATA_DIR/folio.lock (a small SQLite file, so that SQLite's own file locking
 *   does the work on every platform); the server holds it, a restore takes it.
 */
const RUNNING_LOCK = 0x466f6c72; // "Folr"
const LOCK_FILE = 'folio.lock';

export interface RunMark {
  release(): Promise<void>;
}

export class MarkTaken extends Error {}

const SERVER_RUNNING =
  'A Folio server is running on this database. Stop every instance first (a restore replaces what they serve), then run the restore again.';
const RESTORE_RUNNING = 'A restore is running on this database. Start Folio again when it has finished.';

/** The server's mark, taken at start; a MarkTaken error while a restore runs. */
export function holdServerMark(config: AppConfig): Promise<RunMark> {
  return config.databaseUrl ? postgresMark(config.databaseUrl, 'shared') : sqliteMark(config.dataDir, RESTORE_RUNNING);
}

/** The restore's mark; a MarkTaken error while a server runs on the database. */
export function takeRestoreMark(config: AppConfig): Promise<RunMark> {
  return config.databaseUrl
    ? postgresMark(config.databaseUrl, 'exclusive')
    : sqliteMark(config.dataDir, SERVER_RUNNING);
}

async function postgresMark(databaseUrl: string, mode: 'shared' | 'exclusive'): Promise<RunMark> {
  const connect = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: mode === 'shared' ? 'folio' : 'folio-restore',
      keepAlive: true,
    });
    await client.connect();
    if (!(await tryAdvisoryLock(client, RUNNING_LOCK, mode))) {
      await client.end();
      throw new MarkTaken(mode === 'shared' ? RESTORE_RUNNING : SERVER_RUNNING);
    }
    return client;
  };
  let client = await connect();
  let released = false;
  // A server's connection can drop (a database restart): the mark is taken again, so that a restore stays refused.
  const keep = (current: pg.Client) =>
    current.on('error', () => {
      const retry = () => {
        if (released) return;
        connect().then(
          (next) => {
            client = next;
            keep(next);
          },
          () => setTimeout(retry, 2000).unref(),
        );
      };
      retry();
    });
  keep(client);
  return {
    release: async () => {
      released = true;
      await client.end().catch(() => {});
    },
  };
}

async function sqliteMark(dataDir: string, whenTaken: string): Promise<RunMark> {
  fs.mkdirSync(dataDir, { recursive: true });
  let lock: ReturnType<typeof holdSqliteLockFile>;
  try {
    lock = holdSqliteLockFile(path.join(dataDir, LOCK_FILE));
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new MarkTaken(whenTaken);
    throw error;
  }
  return {
    release: async () => {
      lock.close();
    },
  };
}
