import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase, type TestDialect } from './test-app';

export interface ScratchDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * An empty database of the dialect with no app on it (tests of migrations bring it to the migration they
 * start from), dropped on close: a SQLite file in a temporary folder, or a PostgreSQL database of its own.
 */
export async function scratchDatabase(dialect: TestDialect): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migration-'));
    const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: 'old.sqlite' });
    return { handle, close: async () => (await handle.db.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.url, dataDir: '', sqliteFile: '' });
  return { handle, close: async () => (await handle.db.destroy(), await database.drop()) };
}
