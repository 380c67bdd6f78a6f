import type { Kysely } from 'kysely';

/**
 * "Asha is editing this page too" per language (DESIGN §26, §28): a translator and an editor of the source save
 * different documents and never meet, so who has an editor open is kept per page, user and language ('' for the
 * source). The rows only say who was there in the last minute (editors renew theirs every 20 s), so the table
 * is made again rather than rebuilt around a new key: an editor open during the upgrade says so again at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await remakePageEditors(db, ['page_id', 'user_id', 'locale']);
}

/** Back to one row per page and user (0021's table), empty as well. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await remakePageEditors(db, ['page_id', 'user_id']);
}

async function remakePageEditors(db: Kysely<unknown>, key: string[]): Promise<void> {
  await db.schema.dropTable('page_editors').execute();
  let table = db.schema
    .createTable('page_editors')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
  if (key.includes('locale')) table = table.addColumn('locale', 'text', (c) => c.notNull().defaultTo(''));
  await table.addColumn('seen_at', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('page_editors_pk', key as never).execute();
}
