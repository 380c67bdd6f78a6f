import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../test-support/scratch-database';
import { testDialects } from '../../test-support/test-app';
import { migrateTo, migrateToLatest } from '../migrate';
import { down } from './20261126-0018-spec-headings';

/** A page row as the seed (or, `Autowired`, page creation, which numbers from 1000) made it. */
const page = (id: number, routing: string, displayName: string, pageType: 'wired' | 'Autowired' = 'wired') => ({
  id,
  routing,
  name: pageType === 'wired' ? routing : displayName,
  display_name: displayName,
  public_path: `/${routing}1`,
  kind: 'content',
  active: 1,
  page_type: pageType,
  homepage: 'Y',
});

async function displayNames(db: Kysely<any>): Promise<Record<string, string>> {
  // The pages this test made (later migrations add their screens to a database in use).
  const rows = await db
    .selectFrom('pages')
    .select(['routing', 'display_name'])
    .where('kind', '!=', 'screen')
    .orderBy('id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.routing, row.display_name]));
}

/** A database of the dialect as the version before this migration left it, holding `pages`. */
async function before(dialect: 'sqlite' | 'postgres', pages: ReturnType<typeof page>[]) {
  const scratch = await scratchDatabase(dialect);
  const db = scratch.handle.db as unknown as Kysely<any>;
  // The migration before this one that every tree has (another of this issue's, 0017, may sit in between).
  await migrateTo(db, dialect, '20261126-0016-lists-at-any-size');
  await db.insertInto('pages').values(pages).execute();
  return { scratch, db };
}

/**
 * An upgrade of a database seeded before the spec's headings came back (docs/design.md §24): About1 and Customers1 get
 * them where their display names are still the demo's; a name the firm chose stays, and so does everything else.
 */
describe.each(testDialects())('migration 20261126-0018-spec-headings (%s)', (dialect) => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.close();
  });

  it("gives About and Customers the spec's headings where their display names are the demo's (or empty), News keeps its own", async () => {
    const { scratch, db } = await before(dialect, [
      page(1, 'Home', 'Home'),
      page(2, 'About', 'About'),
      page(7, 'News', 'News'),
      page(8, 'Customers', ''),
      page(1000, 'Team', 'About', 'Autowired'),
    ]);
    opened.push(scratch);
    await migrateToLatest(db, dialect);
    expect(await displayNames(db)).toEqual({
      Home: 'Home',
      About: 'About us',
      News: 'News',
      Customers: 'Our Customers',
      Team: 'About',
    });

    // Down: the demo's names again, only where they are still the spec's headings.
    await db.updateTable('pages').set({ display_name: 'Our happy clients' }).where('id', '=', 8).execute();
    await down(db as unknown as Kysely<unknown>);
    expect(await displayNames(db)).toEqual({
      Home: 'Home',
      About: 'About',
      News: 'News',
      Customers: 'Our happy clients',
      Team: 'About',
    });
  });

  it('keeps the display names a firm chose', async () => {
    const { scratch, db } = await before(dialect, [page(2, 'About', 'Who we are'), page(8, 'Customers', 'Customers')]);
    opened.push(scratch);
    await migrateToLatest(db, dialect);
    expect(await displayNames(db)).toEqual({ About: 'Who we are', Customers: 'Our Customers' });
  });
});
