import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo } from '../migrate';

const image = (name: string, alt: string) => ({
  folder: 'about',
  name,
  alt,
  width: 640,
  height: 480,
  bytes: 1000,
  uploaded_at: '2026-11-28T10:00:00.000Z',
});

/**
 * Media titles (docs/design.md §34): migration 0028 adds `media.title`; an image stored before it takes its alt text's
 * first line (cut to 120 characters) as its title, one without alt text stays untitled; down takes the column out.
 */
describe.each(testDialects())('migration 20261129-0028-media-titles (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it('titles the images stored before it from their alt text, leaves the others untitled, and goes down again', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    await db
      .insertInto('media')
      .values([
        image('a00000000000000000000001_640x480.jpg', 'The Pune office at dusk'),
        image('a00000000000000000000002_640x480.jpg', ''),
        image('a00000000000000000000003_640x480.jpg', `  ${'w'.repeat(130)}\nSecond line`),
      ])
      .execute();

    await migrateTo(db, dialect, '20261129-0028-media-titles');
    const titles = await db.selectFrom('media').select(['name', 'title', 'alt']).orderBy('name').execute();
    expect(titles.map(({ title }) => title)).toEqual(['The Pune office at dusk', '', 'w'.repeat(120)]);
    // The alt text itself is unchanged.
    expect(titles[0]?.alt).toBe('The Pune office at dusk');
    // A new row without a title is untitled ('').
    await db.insertInto('media').values(image('a00000000000000000000004_640x480.jpg', 'Later')).execute();
    expect(
      (
        await db
          .selectFrom('media')
          .select('title')
          .where('name', '=', 'a00000000000000000000004_640x480.jpg')
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('');

    await migrateTo(db, dialect, '20261127-0026-editing-per-language');
    const after = await db.selectFrom('media').selectAll().orderBy('name').execute();
    expect(after).toHaveLength(4);
    expect(Object.keys(after[0]!)).not.toContain('title');
    // Up again from there: the titles come back from the alt texts.
    await migrateTo(db, dialect, '20261129-0028-media-titles');
    expect((await db.selectFrom('media').select('title').orderBy('name').execute()).map(({ title }) => title)).toEqual([
      'The Pune office at dusk',
      '',
      'w'.repeat(120),
      'Later',
    ]);
  });
});
