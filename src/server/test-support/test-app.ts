import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * The SECRET_KEY of test apps on PostgreSQL, where the server needs one (docs/design.md §24): the same for every app, as
 * every instance on one database must have the same key. On SQLite the test apps make their own key file.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 1).toString('base64');

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server, and how to drop it afterwards. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `folio_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // The app's pool may still be closing its last connections: wait for them rather than terminate them
      // (a forced drop kills a closing client, whose error would surface as an uncaught exception).
      for (let attempt = 0; ; attempt += 1) {
        try {
          await client.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) {
            await client.query(`drop database if exists ${name} with (force)`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      await client.end();
    }
  };
  return { url: url.href, drop };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A real app on a real database made for this test file: a fresh SQLite file in a temporary folder, or a
 * fresh PostgreSQL database that is dropped afterwards. Migrations and the demo seed run as on a first start.
 * With `databaseUrl` (another test app's `config.databaseUrl`) it is a second instance on that PostgreSQL
 * database instead, which leaves the database in place on close: its owner drops it. With `dataDir` it runs
 * on that SQLite folder (a restored one), left in place on close.
 */
export async function createTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    flushVisitsEveryMs?: number;
    databaseUrl?: string;
    sameDatabaseAs?: TestApp;
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const { databaseUrl: givenUrl, sameDatabaseAs, dataDir: givenDir, ...appOptions } = options;
  // A second instance on the first one's database: its PostgreSQL database, or its SQLite folder (left to its owner).
  const existingUrl =
    givenUrl ?? (sameDatabaseAs && dialect === 'postgres' ? sameDatabaseAs.config.databaseUrl : undefined);
  const sharedDir = givenDir ?? (sameDatabaseAs && dialect === 'sqlite' ? sameDatabaseAs.config.dataDir : undefined);
  const dataDir = sharedDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (existingUrl) {
    if (dialect !== 'postgres') throw new Error('A second app on an existing database needs PostgreSQL');
    databaseUrl = existingUrl;
  } else if (dialect === 'postgres') {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ...(dialect === 'postgres' ? { SECRET_KEY: TEST_SECRET_KEY } : {}),
    ...env,
  });
  const app = await buildApp(config, { checkResponses: true, ...appOptions });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
      if (!sharedDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
