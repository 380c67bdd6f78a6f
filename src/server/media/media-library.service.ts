import {
  parseStoredImageName,
  UPLOADS_PATH,
  variantName,
  variantWidths,
  type StoredImage,
} from '../../core/media/image-names';
import type { ImageDetails } from '../../core/public-page';
import {
  MEDIA_PAGE_SIZE,
  type MediaItem,
  type MediaList,
  type MediaListQuery,
  type MediaUpdate,
  type MediaUse,
} from '../../core/schemas/media';
import { allowedScreens, type SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { cached, invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction } from '../db/database';
import { decodeCursor, pageOfRows } from '../db/keyset';
import { ForbiddenError, InUseError, NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { deleteImages, insertImages } from './images.repository';
import { findMedia, listImageDetails, listMediaRows, updateMedia, type MediaRow } from './media-library.repository';
import {
  deleteStoredImage,
  editsAnyPage,
  encodeUpload,
  imageRow,
  imagesChanged,
  withSrcsetCopies,
} from './media.service';
import { mediaUses, placesOf, useKey, type MediaUses } from './media-uses';

/**
 * The media library (docs/design.md §27, decision 025): every uploaded image with its alt text, focal point and where it
 * is used; alt text and focal point changed, a picture replaced under the same address, an unused image deleted.
 */

/**
 * Who may read the library: the media screen's users, and anyone who edits a page (their image fields pick from
 * it). The route lets any session in (`signedIn`): which pages a caller edits is known only here, from their menu
 * and the tenant's pages (pages made without code included); a held account never gets this far.
 */
async function checkMayReadLibrary(tenant: Tenant, session: SessionUser): Promise<void> {
  const screens = await allowedScreens(tenant, session.userId, session.groupId);
  if (screens.includes('media') || (await editsAnyPage(tenant, screens))) return;
  throw new ForbiddenError('Your menu includes neither the media library nor a page editor.');
}

/** A page of the library, newest first (48), with where each image is used, from the tenant's cache of uses. */
export async function listMedia(tenant: Tenant, session: SessionUser, query: MediaListQuery): Promise<MediaList> {
  await checkMayReadLibrary(tenant, session);
  const after = query.after === undefined ? undefined : decodeCursor(query.after, ['id'])[0];
  const uses = await mediaUses(tenant);
  const rows = await listMediaRows(
    tenant.db,
    { searchText: query.search, excludeIds: query.unused ? uses.usedIds : undefined, after },
    MEDIA_PAGE_SIZE,
  );
  const page = pageOfRows(rows, MEDIA_PAGE_SIZE, (row) => [row.id]);
  return { items: page.rows.map((row) => itemOf(row, uses)), next: page.next };
}

/** The image of an id, with its stored name read; a 404 for an id that is no image of this tenant. */
async function mediaOf(tenant: Tenant, id: number): Promise<{ row: MediaRow; image: StoredImage }> {
  const row = await findMedia(tenant.db, id);
  const image = row && parseStoredImageName(row.folder as StoredImage['folder'], row.name);
  if (!row || !image) throw new NotFoundError('There is no image with this id (it may have been deleted).');
  return { row, image };
}

/** Sets an image's title (when sent), alt text and focal point; the item as the list shows it. */
export async function updateMediaDetails(tenant: Tenant, id: number, input: MediaUpdate): Promise<MediaItem> {
  const { row } = await mediaOf(tenant, id);
  const title = input.title ?? row.title;
  const changes = {
    title: { before: row.title, after: title },
    alt: { before: row.alt, after: input.alt },
    focalX: { before: row.focal_x, after: input.focalX },
    focalY: { before: row.focal_y, after: input.focalY },
  };
  const changed = Object.fromEntries(Object.entries(changes).filter(([, { before, after }]) => before !== after));
  await inTransaction(tenant.db, async (trx) => {
    if (!(await updateMedia(trx, id, { title, alt: input.alt, focal_x: input.focalX, focal_y: input.focalY })))
      throw new NotFoundError('There is no image with this id (it may have been deleted).');
    await audit(trx, tenant, {
      action: 'image.update',
      targetType: 'image',
      targetId: `${row.folder}/${row.name}`,
      summary: `Changed the title, alt text and focal point of image ${row.name}`,
      details: changed,
    });
  });
  // Public pages show an image's alt text and focal point (not its title): they render again, here and on every
  // other instance.
  if (['alt', 'focalX', 'focalY'].some((field) => field in changed)) invalidate(tenant, [TAGS.media]);
  return itemOf(
    { ...row, title, alt: input.alt, focal_x: input.focalX, focal_y: input.focalY },
    await mediaUses(tenant),
  );
}

/** One image as the list shows it, with where it is used now (the dialog asks before it offers Delete, docs/design.md §34). */
export async function readMediaItem(tenant: Tenant, id: number): Promise<MediaItem> {
  const { row } = await mediaOf(tenant, id);
  return itemOf(row, await mediaUses(tenant));
}

/**
 * The alt text and focal point of every image that has either, by `folder/name` (docs/design.md §27): read once per tenant
 * and kept until an image's details change (`media`), on every instance.
 */
export async function imageDetails(tenant: Tenant): Promise<ReadonlyMap<string, ImageDetails>> {
  return details.get(tenant);
}

const details = cached({
  name: 'image-details',
  tags: [TAGS.media],
  load: async (tenant: Tenant): Promise<ReadonlyMap<string, ImageDetails>> =>
    new Map(
      (await listImageDetails(tenant.db)).map((row) => [
        `${row.folder}/${row.name}`,
        { alt: row.alt, focalX: Number(row.focal_x), focalY: Number(row.focal_y) },
      ]),
    ),
});

/** Deletes an image nothing uses (409 naming where while a page or the company shows it). */
export async function deleteMediaImage(tenant: Tenant, id: number): Promise<{ message: 'Success' }> {
  const { row, image } = await mediaOf(tenant, id);
  const uses = (await mediaUses(tenant)).byImage.get(useKey(image.folder, image.stem)) ?? [];
  if (uses.length > 0)
    throw new InUseError(`The image is used by ${placesOf(uses)}; it was not deleted.`, uses.map(publicUse));
  await deleteStoredImage(tenant, image, `Deleted image ${row.name} from the media library`);
  return { message: 'Success' };
}

/**
 * Replaces an image's picture under the same address (docs/design.md §27): the new picture, checked as an upload is
 * (decision 005), is fitted to the old one's width × height around the focal point and stored in its format, its
 * srcset copies made again under their names; ETags follow the new bytes. After the commit no instance serves the
 * old bytes from memory (imagesChanged); browsers and proxies within their max-age (media.routes.ts).
 */
export async function replaceMediaImage(tenant: Tenant, id: number, bytes: Buffer | null): Promise<MediaItem> {
  const { row, image } = await mediaOf(tenant, id);
  const ext = image.name.slice(image.name.lastIndexOf('.') + 1) as 'png' | 'jpg' | 'webp';
  const encoded = await encodeUpload(bytes, {
    width: image.width,
    height: image.height,
    focalX: row.focal_x,
    focalY: row.focal_y,
    ext,
  });
  const files = await withSrcsetCopies(image.stem, image.name, encoded);
  const names = files.map(([name]) => name);
  const at = new Date().toISOString();
  await inTransaction(tenant.db, async (trx) => {
    if (!(await updateMedia(trx, id, { bytes: encoded.data.length })))
      throw new NotFoundError('There is no image with this id (it may have been deleted).');
    // Every width of the old picture goes, so that none of its copies outlives it.
    await deleteImages(trx, image.folder, [
      image.name,
      ...variantWidths(image.width).map((width) => variantName(image.stem, width)),
    ]);
    await insertImages(
      trx,
      files.map(([name, data]) => imageRow(image.folder, name, data, at)),
    );
    await audit(trx, tenant, {
      action: 'image.replace',
      targetType: 'image',
      targetId: `${image.folder}/${image.name}`,
      summary: `Replaced the picture of image ${image.name}`,
      details: { bytes: { before: Number(row.bytes), after: encoded.data.length } },
    });
  });
  await imagesChanged(tenant, image.folder, names);
  return itemOf({ ...row, bytes: encoded.data.length }, await mediaUses(tenant));
}

function itemOf(row: MediaRow, uses: MediaUses): MediaItem {
  const stem = row.name.slice(0, row.name.lastIndexOf('.'));
  return {
    id: row.id,
    folder: row.folder,
    name: row.name,
    title: row.title,
    url: `${UPLOADS_PATH}${row.folder}/${row.name}`,
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.bytes),
    alt: row.alt,
    focalX: Number(row.focal_x),
    focalY: Number(row.focal_y),
    uploadedAt: row.uploaded_at,
    uploadedBy: row.uploaded_by_name ?? null,
    usedBy: (uses.byImage.get(useKey(row.folder, stem)) ?? []).map(publicUse),
  };
}

const publicUse = ({ routing, page, field }: MediaUse): MediaUse => ({ routing, page, field });
