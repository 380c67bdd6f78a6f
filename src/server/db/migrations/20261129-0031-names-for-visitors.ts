import type { Kysely } from 'kysely';

/**
 * Plain words for pages made without code (docs/design.md §34): visitors read content, and a heading is a heading.
 * - `page_parameters.show_name`: whether the public page prints the field's name above its value; null follows
 *   its kind (text kinds do not, the other kinds do, as before: a price or a date reads better with its name).
 *   Existing fields keep null, so a page's text loses its field names and every other value keeps its label.
 * - `page_parameters.as_heading`: a line of text shown to visitors as a heading (1) or as a paragraph (0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('page_parameters').addColumn('show_name', 'integer').execute();
  await db.schema
    .alterTable('page_parameters')
    .addColumn('as_heading', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('page_parameters').dropColumn('as_heading').execute();
  await db.schema.alterTable('page_parameters').dropColumn('show_name').execute();
}
