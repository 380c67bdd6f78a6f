import { sql, type Kysely } from 'kysely';

/**
 * The spec's headings (docs/design.md §24, spec 000 §2): About1's heading is 'About us' and Customers1's 'Our Customers'
 * (News1's is 'News', its name already). A page's hero shows its display name, which the seed used to set to
 * the page's name. Each is changed only where it is still that old demo name (or empty, which shows the name):
 * a display name the firm chose in page creation stays.
 *
 * The names are copied here as they were when this migration was written (the seed may change later; what an
 * upgrade does must not).
 */
export const SPEC_HEADINGS: ReadonlyArray<{ id: number; routing: string; demoName: string; heading: string }> = [
  { id: 2, routing: 'About', demoName: 'About', heading: 'About us' },
  { id: 8, routing: 'Customers', demoName: 'Customers', heading: 'Our Customers' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const page of SPEC_HEADINGS) {
    await sql`update pages set display_name = ${page.heading}
      where id = ${page.id} and routing = ${page.routing} and display_name in (${page.demoName}, '')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const page of SPEC_HEADINGS) {
    await sql`update pages set display_name = ${page.demoName}
      where id = ${page.id} and routing = ${page.routing} and display_name = ${page.heading}`.execute(db);
  }
}
