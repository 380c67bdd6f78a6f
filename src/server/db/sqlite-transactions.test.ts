import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, openDatabase, type Db } from './database';

/**
 * A save on SQLite while another connection writes to the same file (the shell's tools, a restore, a browser test's
 * own data): the server's transactions begin IMMEDIATE, so one that reads and then writes never fails because the
 * other committed in between (a DEFERRED one gets SQLITE_BUSY at its first write, whatever the busy timeout).
 */
describe('SQLite transactions beside another connection', () => {
  let folder: string;
  let db: Db;
  let other: SQLite.Database;
  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-transactions-'));
    db = openDatabase({ databaseUrl: undefined, dataDir: folder, sqliteFile: 'test.sqlite' }).db;
    await sql`create table t (id integer primary key, name text)`.execute(db);
    // No wait of its own: while the server writes, its write is refused at once (it would block this one thread).
    other = new SQLite(path.join(folder, 'test.sqlite'), { timeout: 0 });
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const names = async () => (await sql<{ name: string }>`select name from t order by id`.execute(db)).rows;

  it('a transaction that reads, then writes, commits though the other connection tried to write in between', async () => {
    let otherAnswer = '';
    await inTransaction(db, async (trx) => {
      await sql`select count(*) as n from t`.execute(trx);
      try {
        other.prepare("insert into t (name) values ('other')").run();
        otherAnswer = 'written';
      } catch (error) {
        otherAnswer = (error as { code?: string }).code ?? String(error);
      }
      await sql`insert into t (name) values ('server')`.execute(trx);
    });
    // The server held the write lock from its transaction's start: the other connection waited (here: was refused).
    expect(otherAnswer).toBe('SQLITE_BUSY');
    expect(await names()).toEqual([{ name: 'server' }]);
  });

  it('the other connection writes as soon as the transaction ended', async () => {
    await inTransaction(db, async (trx) => {
      await sql`insert into t (name) values ('server')`.execute(trx);
    });
    other.prepare("insert into t (name) values ('other')").run();
    expect(await names()).toEqual([{ name: 'server' }, { name: 'other' }]);
  });
});
