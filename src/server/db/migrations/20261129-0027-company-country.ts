import type { Kysely } from 'kysely';

/**
 * The company's country (docs/design.md §34): `company.country_code`, ISO 3166-1 alpha-2, which decides how phone
 * numbers are read. Every firm so far was Indian (the spec's rules), so an existing company gets `IN`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company')
    .addColumn('country_code', 'text', (c) => c.notNull().defaultTo('IN'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').dropColumn('country_code').execute();
}
