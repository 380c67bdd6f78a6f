import { sql, type Kysely } from 'kysely';
import { TITLE_MAX } from '../../../core/schemas/media';

/**
 * Media keep a title (docs/design.md §34): an upload's is the file's name without its extension (media.service.ts), staff
 * change it in the image's dialog. Widen only: `media.title`, '' for none. An image stored before it gets its alt
 * text's first line as its title (cut to TITLE_MAX), the words someone chose for it; one without alt text stays
 * untitled ('', shown as "Untitled image"): its generated name says nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await sql<{ id: number; alt: string }>`select id, alt from media where alt <> ''`.execute(db);
  for (const row of rows.rows) {
    const title = [...(row.alt.split(/[\r\n]/)[0] ?? '').trim()].slice(0, TITLE_MAX).join('').trim();
    if (title) await sql`update media set title = ${title} where id = ${row.id}`.execute(db);
  }
}

/** Back to images known by their generated names alone; the titles go with their column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('title').execute();
}
