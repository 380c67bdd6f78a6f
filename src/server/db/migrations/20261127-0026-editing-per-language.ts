import { sql, type Kysely } from 'kysely';

/**
 * An editor's sharing and presence per language (docs/design.md §26, §28):
 * - `preview_shares.locale`: the language a shared preview link shows ('' the source), so a translator can send
 *   the German draft to a reviewer.
 * - `page_editors` keyed by page, user and language: a translator and an editor of the source save different
 *   documents and never meet, so neither is told of the other. Its rows only say who was there in the last
 *   minute (editors renew theirs every 20 s), so the table is made again rather than rebuilt around a new key:
 *   an editor open during the upgrade says so again at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('preview_shares')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await remakePageEditors(db, ['page_id', 'user_id', 'locale']);
}

/** Back to one row per page and user (0021's table), empty as well; a translation's links go with their column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await remakePageEditors(db, ['page_id', 'user_id']);
  await sql`delete from preview_shares where locale <> ''`.execute(db);
  await db.schema.alterTable('preview_shares').dropColumn('locale').execute();
}

async function remakePageEditors(db: Kysely<unknown>, key: string[]): Promise<void> {
  await db.schema.dropTable('page_editors').execute();
  let table = db.schema
    .createTable('page_editors')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
  if (key.includes('locale')) table = table.addColumn('locale', 'text', (c) => c.notNull().defaultTo(''));
  await table
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_editors_pk', key as never)
    .execute();
}
