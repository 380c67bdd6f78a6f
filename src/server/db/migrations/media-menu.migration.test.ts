import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertAdministrationMenu } from '../../test-support/administration-menu';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import type { Db } from '../database';
import { migrateTo, migrateToLatest } from '../migrate';
import { seedGroupMenusIfMissing, seedIfEmpty } from '../seed/seed';

const screen = (id: number, routing: string, name: string) => ({
  id,
  routing,
  name,
  display_name: name,
  public_path: null,
  kind: 'screen',
  active: 1,
  module_id: 4,
  page_type: 'wired',
  homepage: 'N',
});

/** The Administrators' Administration sub-menu, in order, and the media screen's page. */
async function administration(db: Kysely<any>) {
  const heading = await db
    .selectFrom('menu_items')
    .select('id')
    .where('owner_id', '=', 1)
    .where('label', '=', 'Administration')
    .where('is_sub_menu', '=', 1)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('menu_items')
    .select(['page_id', 'label', 'sequence'])
    .where('parent_id', '=', heading.id)
    .orderBy('sequence')
    .execute();
  const media = await db
    .selectFrom('pages')
    .select(['name', 'display_name', 'kind'])
    .where('id', '=', 30)
    .executeTakeFirst();
  return {
    items: items.map((item) => ({ ...item, page_id: Number(item.page_id), sequence: Number(item.sequence) })),
    media,
  };
}

/**
 * The media library's screen in the Administrators' menu (docs/design.md §27): on a database seeded before it, migration
 * 0024 appends it after Redirects and gives its page the screen's name; a fresh database gets the same from the seed.
 */
describe.each(testDialects())('migration 20261127-0024-media-menu (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it('appends Media library to the Administration sub-menu of a database seeded before it; down takes only that line out', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateTo(db, dialect, '20261127-0022-redirects');
    await db
      .insertInto('pages')
      .values([screen(16, 'userHomepage', 'Users'), screen(31, 'redirects', 'Redirects')])
      .execute();
    await insertAdministrationMenu(db, [
      { pageId: 16, label: 'Users' },
      { pageId: 31, label: 'Redirects' },
    ]);
    // Before: 0023 made the page, in no menu.
    await migrateTo(db, dialect, '20261127-0023-media-library');
    const before = await administration(db);
    expect(before.media).toEqual({ name: 'Media', display_name: 'Media', kind: 'screen' });
    expect(before.items.map((item) => item.label)).toEqual(['Users', 'Redirects']);

    await migrateTo(db, dialect, '20261127-0024-media-menu');
    expect(await administration(db)).toEqual({
      items: [
        { page_id: 16, label: 'Users', sequence: 1 },
        { page_id: 31, label: 'Redirects', sequence: 2 },
        { page_id: 30, label: 'Media library', sequence: 3 },
      ],
      media: { name: 'Media library', display_name: 'Media library', kind: 'screen' },
    });

    // Down: the line goes and the page is called as 0023 called it; the page stays (it is 0023's).
    await migrateTo(db, dialect, '20261127-0023-media-library');
    expect(await administration(db)).toEqual(before);
  });

  it('gives a fresh database the same line from the seed, after Redirects', async () => {
    const scratch = await scratchDatabase(dialect);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<any>;
    await migrateToLatest(db, dialect);
    // As a tenant's start does (tenants.ts).
    await seedIfEmpty(db as unknown as Db, dialect);
    await seedGroupMenusIfMissing(db as unknown as Db);
    const { items, media } = await administration(db);
    expect(items.slice(-4).map(({ page_id, label }) => ({ page_id, label }))).toEqual([
      { page_id: 31, label: 'Redirects' },
      { page_id: 30, label: 'Media library' },
      // The languages' screens (migration 0025) come after it.
      { page_id: 32, label: 'Languages' },
      { page_id: 33, label: 'Translations' },
    ]);
    expect(media).toEqual({ name: 'Media library', display_name: 'Media library', kind: 'screen' });
  });
});
