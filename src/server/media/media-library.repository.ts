import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import { likePattern, lowerLike } from '../db/like-pattern';
import type { MediaTable } from '../db/schema';

/** The media library's rows (docs/design.md §27): one per uploaded original; the bytes are in `images` (images.repository.ts). */

export type NewMedia = Insertable<MediaTable>;

const MEDIA_COLUMNS = [
  'm.id',
  'm.folder',
  'm.name',
  'm.title',
  'm.alt',
  'm.focal_x',
  'm.focal_y',
  'm.width',
  'm.height',
  'm.bytes',
  'm.uploaded_at',
  'u.username as uploaded_by_name',
] as const;

export async function insertMedia(db: Db, media: NewMedia): Promise<void> {
  await db.insertInto('media').values(media).execute();
}

/** The row of an image stored without one (the import of the files era at start); true when it was inserted. */
export async function insertMediaIfAbsent(db: Db, media: NewMedia): Promise<boolean> {
  const result = await db
    .insertInto('media')
    .values(media)
    .onConflict((oc) => oc.columns(['folder', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface MediaFilter {
  searchText?: string | undefined;
  /** Ids left out (the `unused` filter leaves out the images in use). */
  excludeIds?: readonly number[] | undefined;
  /** The id of the last image of the page before (keyset: newest first, by id). */
  after?: number | undefined;
}

/** A page of images, newest first (by id, the order they came in), and one more that says whether a page follows. */
export async function listMediaRows(db: Db, filter: MediaFilter, limit: number) {
  let query = db
    .selectFrom('media as m')
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .select([...MEDIA_COLUMNS]);
  const text = filter.searchText?.trim();
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([lowerLike('m.title', pattern), lowerLike('m.name', pattern), lowerLike('m.alt', pattern)]),
    );
  }
  if (filter.excludeIds && filter.excludeIds.length > 0) query = query.where('m.id', 'not in', [...filter.excludeIds]);
  if (filter.after !== undefined) query = query.where('m.id', '<', filter.after);
  return query
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
}
export type MediaRow = Awaited<ReturnType<typeof listMediaRows>>[number];

export async function findMedia(db: Db, id: number): Promise<MediaRow | undefined> {
  return db
    .selectFrom('media as m')
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .select([...MEDIA_COLUMNS])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** Images whose title, name or alt text holds the text, newest first (the top bar's search). */
export async function searchMedia(db: Db, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .selectFrom('media')
    .select(['id', 'folder', 'name', 'title', 'alt'])
    .where((eb) => eb.or([lowerLike('title', pattern), lowerLike('name', pattern), lowerLike('alt', pattern)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateMedia(
  db: Db,
  id: number,
  values: Pick<Updateable<MediaTable>, 'title' | 'alt' | 'focal_x' | 'focal_y' | 'bytes'>,
): Promise<boolean> {
  const result = await db.updateTable('media').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an image's row by its folder and name (its bytes are deleted beside it); how many there were. */
export async function deleteMediaNamed(db: Db, folder: string, name: string): Promise<number> {
  const result = await db.deleteFrom('media').where('folder', '=', folder).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The ids of the images of these stems (a stem is a name without its extension: `.png`, `.jpg` or `.webp`). */
export async function mediaIdsOf(db: Db, images: ReadonlyArray<{ folder: string; stem: string }>): Promise<number[]> {
  if (images.length === 0) return [];
  const byFolder = new Map<string, string[]>();
  for (const { folder, stem } of images)
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), `${stem}.png`, `${stem}.jpg`, `${stem}.webp`]);
  const ids: number[] = [];
  // A folder at a time, each through the unique index on (folder, name).
  for (const [folder, names] of byFolder) {
    const rows = await db
      .selectFrom('media')
      .select('id')
      .where('folder', '=', folder)
      .where('name', 'in', names)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The images with alt text or a focal point off the centre: what public pages take from the library (docs/design.md §27). */
export async function listImageDetails(db: Db) {
  return db
    .selectFrom('media')
    .select(['folder', 'name', 'alt', 'focal_x', 'focal_y'])
    .where((eb) => eb.or([eb('alt', '<>', ''), eb('focal_x', '<>', 0.5), eb('focal_y', '<>', 0.5)]))
    .execute();
}
