import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { ImageTable } from '../db/schema';

export type NewImage = Insertable<ImageTable>;

/** Stores images (an upload's original and its widths); a name already stored is an error. */
export async function insertImages(db: Db, images: readonly NewImage[]): Promise<void> {
  if (images.length > 0)
    await db
      .insertInto('images')
      .values([...images])
      .execute();
}

/** Stores an image unless its folder already holds that name (the import at start); true when it was stored. */
export async function insertImageIfAbsent(db: Db, image: NewImage): Promise<boolean> {
  const result = await db
    .insertInto('images')
    .values(image)
    .onConflict((oc) => oc.columns(['folder', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The names stored in a folder. */
export async function imageNamesIn(db: Db, folder: string): Promise<string[]> {
  const rows = await db.selectFrom('images').select('name').where('folder', '=', folder).execute();
  return rows.map((row) => row.name);
}

export async function findImage(
  db: Db,
  folder: string,
  name: string,
): Promise<{ data: Buffer; contentType: string; etag: string } | undefined> {
  const row = await db
    .selectFrom('images')
    .select(['bytes', 'content_type', 'etag'])
    .where('folder', '=', folder)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { data: row.bytes, contentType: row.content_type, etag: row.etag };
}

/** An image's ETag (it changes with its bytes), without reading them; null when there is none of that name. */
export async function imageEtag(db: Db, folder: string, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('images')
    .select('etag')
    .where('folder', '=', folder)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.etag ?? null;
}

/** An image's size in bytes, without reading them; null when there is none of that name. */
export async function imageSize(db: Db, folder: string, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('images')
    .select('size')
    .where('folder', '=', folder)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? Number(row.size) : null;
}

/** Deletes the named images of a folder; how many there were. */
export async function deleteImages(db: Db, folder: string, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  const result = await db
    .deleteFrom('images')
    .where('folder', '=', folder)
    .where('name', 'in', [...names])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
