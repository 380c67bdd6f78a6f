import type { Generated, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../test-support/scratch-database';
import { testDialects } from '../test-support/test-app';
import { BrokenReference, insertRows, listTables, replaceRows } from './dialect';
import { identity } from './migration-steps';

interface Tables {
  parents: { id: Generated<number>; name: string };
  children: { id: Generated<number>; parent_id: number };
}

describe.each(testDialects())('replacing whole tables on %s (what a restore does)', (dialect) => {
  let scratch: ScratchDatabase;
  let db: Kysely<Tables>;
  const replace = (fill: (trx: Kysely<Tables>) => Promise<void>) =>
    replaceRows(db, dialect, ['children', 'parents', 'not_there'], fill);

  beforeAll(async () => {
    scratch = await scratchDatabase(dialect);
    db = scratch.handle.db as unknown as Kysely<Tables>;
    await db.schema
      .createTable('parents')
      .addColumn('id', 'integer', identity(dialect))
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('children')
      .addColumn('id', 'integer', identity(dialect))
      .addColumn('parent_id', 'integer', (c) => c.notNull().references('parents.id'))
      .execute();
    await db
      .insertInto('parents')
      .values([{ name: 'seeded' }])
      .execute();
  });
  afterAll(() => scratch.close());

  it('lists the tables', async () => {
    expect((await listTables(db, dialect)).filter((name) => !name.startsWith('sqlite_')).sort()).toEqual([
      'children',
      'parents',
    ]);
  });

  it('replaces every row, takes a row that points at one stored after it, and numbers new rows after the largest id', async () => {
    await replace(async (trx) => {
      await insertRows(trx, 'children', ['id', 'parent_id'], [[1, 40]]);
      await insertRows(
        trx,
        'parents',
        ['id', 'name'],
        [
          [40, 'restored'],
          [41, 'second'],
        ],
      );
    });
    expect(await db.selectFrom('parents').select(['id', 'name']).orderBy('id').execute()).toEqual([
      { id: 40, name: 'restored' },
      { id: 41, name: 'second' },
    ]);
    const added = await db.insertInto('parents').values({ name: 'new' }).returning('id').executeTakeFirstOrThrow();
    expect(added.id).toBe(42);
  });

  it('refuses rows that point at a missing row, and keeps what was there', async () => {
    const refused = await replace(async (trx) => {
      await insertRows(trx, 'parents', ['id', 'name'], [[1, 'only']]);
      await insertRows(trx, 'children', ['id', 'parent_id'], [[1, 2]]);
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BrokenReference);
    expect((refused as BrokenReference).table).toBe('children');
    expect((refused as BrokenReference).message).toMatch(
      /^a row of children points at a missing row (of parents|\(FOREIGN KEY \(parent_id\) REFERENCES parents\(id\)\))\.$/,
    );
    expect(await db.selectFrom('parents').select('id').orderBy('id').execute()).toEqual([
      { id: 40 },
      { id: 41 },
      { id: 42 },
    ]);
    expect(await db.selectFrom('children').select(['id', 'parent_id']).execute()).toEqual([{ id: 1, parent_id: 40 }]);
  });
});
