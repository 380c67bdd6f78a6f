import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo } from '../migrate';

/**
 * Comments on a draft's fields (docs/design.md §32): migration 0037 adds `page_comments` (a reply points at its thread,
 * a page's going takes its comments with it); down takes the table out, and up makes it again.
 */
describe.each(testDialects())('migration 20261130-0037-comments (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  const tableNames = async (db: Kysely<any>) => (await db.introspection.getTables()).map((table) => table.name);

  it('makes page_comments (a reply points at a comment that exists), and goes down and up again', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261130-0036-reviews');
    expect(await tableNames(db)).not.toContain('page_comments');

    await migrateTo(db, dialect, '20261130-0037-comments');
    const page = { id: 1, routing: 'Home', name: 'Home', public_path: '/Home1', kind: 'content', active: 1 };
    await db.insertInto('pages').values(page).execute();
    const comment = {
      page_id: page.id,
      locale: '',
      path: 'seo.title',
      text: 'Shorter?',
      author_id: null,
      author_name: 'asha',
      created_at: '2026-11-30T10:00:00.000Z',
    };
    const thread = await db.insertInto('page_comments').values(comment).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('page_comments')
      .values({ ...comment, text: 'Yes.', reply_to: thread.id })
      .execute();
    const rows = await db.selectFrom('page_comments').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      expect.objectContaining({ reply_to: null, resolved_at: null, resolved_by_name: null, text: 'Shorter?' }),
      expect.objectContaining({ reply_to: thread.id, text: 'Yes.' }),
    ]);
    // A reply must point at a comment that exists.
    await expect(
      db
        .insertInto('page_comments')
        .values({ ...comment, reply_to: 999_999 })
        .execute(),
    ).rejects.toThrow();

    await migrateTo(db, dialect, '20261130-0036-reviews');
    expect(await tableNames(db)).not.toContain('page_comments');
    await migrateTo(db, dialect, '20261130-0037-comments');
    expect(await db.selectFrom('page_comments').selectAll().execute()).toEqual([]);
  });
});
