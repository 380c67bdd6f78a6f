import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { TestDialect } from './test-app';

/**
 * An empty database of the dialect for a migration test, dropped by `close`: a SQLite file in a folder of its
 * own, or a PostgreSQL database of its own on TEST_DATABASE_URL's server.
 */
export async function scratchDatabase(dialect: TestDialect): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migration-'));
    const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: 'old.sqlite' });
    return { handle, close: async () => (await handle.db.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `folio_migration_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle: DatabaseHandle = openDatabase({ databaseUrl: url.href, dataDir: '', sqliteFile: '' });
  return { handle, close: async () => (await handle.db.destroy(), await admin(`drop database if exists ${name} with (force)`)) };
}
