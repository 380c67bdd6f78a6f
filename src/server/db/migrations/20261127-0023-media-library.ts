import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addScreenPages, identity, removeScreens } from '../migration-steps';

const MEDIA_SCREEN = { id: 30, routing: 'media', name: 'Media' } as const;

/** An original's name (`<24 hex>_<w>x<h>.<ext>`); srcset copies end in `-<width>.webp` and are not in the library. */
const ORIGINAL_NAME = /^[0-9a-f]{24}_([1-9]\d{0,4})x([1-9]\d{0,4})\.(png|jpg|webp)$/;

/**
 * The media library (docs/design.md §27). Widen only: a new table and a screen.
 * - `media`: one row per uploaded image (the original, never its srcset copies, which stay rows of `images`):
 *   its id, the alt text and focal point staff give it, its size, and who uploaded it when. The bytes stay in
 *   `images`, under the same folder and name. Filled here from the originals already stored; an upload inserts
 *   its row in the upload's transaction and a delete removes it (media/media.service.ts).
 * - the media screen's page (its calls are granted by it), not in any menu yet: the screen itself comes with
 *   the library's client, whose migration puts it in the Administrators' menu.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // A real on SQLite; a double on PostgreSQL, whose `real` is four bytes and would give 0.3 back as 0.30000001.
  const fraction = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('focal_x', fraction, (c) => c.notNull().defaultTo(0.5))
    .addColumn('focal_y', fraction, (c) => c.notNull().defaultTo(0.5))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('media_folder_name', ['folder', 'name'])
    .execute();

  // The originals stored so far, oldest first, so that ids keep the order they came in (the list is newest first).
  const originals = await sql<{ folder: string; name: string; size: number | string; created_at: string }>`
    select folder, name, size, created_at from images order by created_at, folder, name`.execute(db);
  for (const image of originals.rows) {
    const match = ORIGINAL_NAME.exec(image.name);
    if (!match) continue;
    await sql`
      insert into media (folder, name, width, height, bytes, uploaded_at)
      values (${image.folder}, ${image.name}, ${Number(match[1])}, ${Number(match[2])}, ${Number(image.size)}, ${image.created_at})`.execute(
      db,
    );
  }

  await addScreenPages(db, [MEDIA_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [MEDIA_SCREEN]);
  await db.schema.dropTable('media').execute();
}
