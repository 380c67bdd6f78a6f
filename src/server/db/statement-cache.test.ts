import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database';

describe('the SQLite statement cache', () => {
  let folder: string;
  let sqlite: SQLite.Database;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-statements-'));
    sqlite = new SQLite(path.join(folder, 'test.sqlite'));
    sqlite.exec('create table t (id integer primary key, name text)');
    sqlite.prepare('insert into t (name) values (?), (?), (?)').run('a', 'b', 'c');
  });
  afterEach(() => {
    sqlite.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('runs the same statement again for the same SQL, with each call its own parameters', () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare('select name from t where id = ?');
    expect(db.prepare('select name from t where id = ?')).toBe(first);
    expect(first.all([1])).toEqual([{ name: 'a' }]);
    expect(db.prepare('select name from t where id = ?').all([3])).toEqual([{ name: 'c' }]);
    expect(db.prepare('select name from t where id = ? or id = ?')).not.toBe(first);
  });

  it('never hands out a statement that is still iterating (a streamed read)', () => {
    const db = withStatementCache(sqlite);
    const streaming = db.prepare('select name from t order by id');
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ name: 'a' });
    const meanwhile = db.prepare('select name from t order by id');
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(db.prepare('select name from t order by id')).toBe(streaming);
  });

  it('follows a change of the schema', () => {
    const db = withStatementCache(sqlite);
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'a' }]);
    sqlite.exec("alter table t add column colour text default 'blue'");
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'a', colour: 'blue' }]);
  });
});
