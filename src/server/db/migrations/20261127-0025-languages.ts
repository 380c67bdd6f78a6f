import { sql, type Kysely } from 'kysely';
import { addAdministrationScreens, removeScreens } from '../migration-steps';

/** The languages and translations screens (docs/design.md §28), as the page registry has them (src/core/pages.ts). */
const SCREENS = [
  { id: 32, routing: 'languages', name: 'Languages' },
  { id: 33, routing: 'translations', name: 'Translations' },
] as const;

/**
 * The site in several languages (docs/design.md §28). Widen only:
 * - `page_revisions.locale`: '' for the source (the default language's document, whatever its code), a BCP 47
 *   code for a translation. Revision numbers stay one sequence per page across its languages, so the key
 *   (page, revision) holds; every read names its locale.
 * - `page_revisions.source_revision`: the source's published revision a translation was made from (outdated
 *   when the source was published since).
 * - `page_parameters.translatable`: a page-builder field's flag; null follows its type (text kinds translate).
 * - the two screens, in the Administrators' Administration sub-menu (a fresh database gets them from the seed).
 * The languages themselves are a setting (`settings.locales`); absent, the site has its one default language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('page_revisions')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('page_revisions').addColumn('source_revision', 'integer').execute();
  await db.schema
    .createIndex('page_revisions_locale')
    .on('page_revisions')
    .columns(['page_id', 'locale', 'status', 'revision'])
    .execute();
  await db.schema.alterTable('page_parameters').addColumn('translatable', 'integer').execute();
  await addAdministrationScreens(db, SCREENS);
}

/** Translations go with their column: only the source's revisions stay. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, SCREENS);
  await sql`delete from settings where key = 'locales'`.execute(db);
  await sql`delete from page_revisions where locale <> ''`.execute(db);
  await db.schema.dropIndex('page_revisions_locale').execute();
  await db.schema.alterTable('page_parameters').dropColumn('translatable').execute();
  await db.schema.alterTable('page_revisions').dropColumn('source_revision').execute();
  await db.schema.alterTable('page_revisions').dropColumn('locale').execute();
}
