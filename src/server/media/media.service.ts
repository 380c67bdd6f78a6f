import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { imageSizeProblem } from '../../core/field-rules/check-entry';
import type { Parameter } from '../../core/page-defs/parameter';
import {
  IMAGE_FOLDERS,
  IMAGE_VARIANT_NAME,
  STORED_IMAGE_NAME,
  isImageFolder,
  isPageFileFolder,
  pageIdOfFolder,
  parseStoredImageName,
  parseStoredImageUrl,
  UPLOADS_PATH,
  variantName,
  variantWidths,
  type ImageFolder,
  type StoredImage,
} from '../../core/media/image-names';
import type { DeleteImageInput, UploadedImageSchema } from '../../core/media/image-requests';
import { contentPageByKey } from '../../core/pages';
import { allowedScreens, type SessionUser } from '../access/access';
import type { AppConfig } from '../config';
import { audit } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { imageTag, TAGS } from '../cache/tags';
import { getSiteCompany } from '../company/company.service';
import { inTransaction } from '../db/database';
import { findPageById, listPages } from '../pages/resolve-page';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { deleteImages, findImage, imageSize, insertImages, type NewImage } from './images.repository';
import { deleteMediaNamed, insertMedia } from './media-library.repository';
import { mediaUses, useKey } from './media-uses';
import type { ServedImage, ServedImageCache } from './served-images';

/** Larger images are refused before they are decoded (a 40-megapixel RGBA image is 160 MB in memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const WRONG_TYPE_MESSAGE = 'Please upload a PNG, JPEG, GIF or WebP image.';
export const TOO_MANY_PIXELS_MESSAGE = 'The image is too large in pixels.';

export const tooLargeMessage = (maxBytes: number) => `The image is larger than ${formatMegabytes(maxBytes)} MB.`;

function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/** The page an image folder belongs to: a page file's folder (About, Customers) or a page's own, with its image fields. */
interface FolderPage {
  routing: string;
  /** The page's image fields (none for the page files' folders). */
  imageParameters: Parameter[];
}

/**
 * The folder named by the client, checked against the allow-list (docs/design.md §8: the twelve pages' folders and
 * those of Autowired pages that have Image parameters), and the caller's right to its page (their menu).
 */
async function checkFolderAccess(tenant: Tenant, session: SessionUser, folder: ImageFolder): Promise<FolderPage> {
  const screens = await allowedScreens(tenant, session.userId, session.groupId);
  if (folder === 'sharing') {
    // The pages' sharing images (docs/design.md §20): for whoever edits at least one page.
    if (!(await editsAnyPage(tenant, screens))) throw new ForbiddenError('Your menu does not include a page editor.');
    return { routing: 'sharing', imageParameters: [] };
  }
  if (folder === 'slides') {
    // The carousels' slide images (docs/design.md §27): for whoever edits a page with a carousel.
    if (!SLIDE_EDITORS.some((routing) => screens.includes(routing)))
      throw new ForbiddenError(
        'Your menu does not include the Home or Bespoke editor, whose carousels these images are for.',
      );
    return { routing: 'slides', imageParameters: [] };
  }
  const page = await folderPage(tenant, folder);
  if (!screens.includes(page.routing))
    throw new ForbiddenError('Your menu does not include the page of this image folder.');
  return page;
}

/** Whether the caller's screens (allowedScreens) include the editor of at least one page with content. */
export async function editsAnyPage(tenant: Tenant, screens: readonly string[]): Promise<boolean> {
  const editors = new Set((await listPages(tenant)).map((page) => page.routing));
  return screens.some((screen) => editors.has(screen));
}

/** The editors whose carousels take their images from the `slides` folder. */
const SLIDE_EDITORS = [contentPageByKey('home').routing, contentPageByKey('bespoke').routing];

async function folderPage(tenant: Tenant, folder: Exclude<ImageFolder, 'sharing' | 'slides'>): Promise<FolderPage> {
  if (isPageFileFolder(folder)) return { routing: IMAGE_FOLDERS[folder], imageParameters: [] };
  const pageId = pageIdOfFolder(folder);
  const page = pageId === null ? null : await findPageById(tenant, pageId);
  const imageParameters = page && (await page.kind.imageFields(tenant, page));
  if (!page || !imageParameters)
    throw new ValidationError('There is no page made in page creation with this image folder.');
  if (imageParameters.length === 0) throw new ValidationError(`The page ${page.routing} has no image fields.`);
  return { routing: page.routing, imageParameters };
}

/** The Image parameter an upload is for, by name (ignoring case); a name the page does not have is a 400. */
function uploadParameter(page: FolderPage, field: string | undefined): Parameter | null {
  if (field === undefined || field === '') return null;
  const lower = field.toLowerCase();
  const parameter = page.imageParameters.find((p) => p.parameterName.toLowerCase() === lower);
  if (!parameter) throw new ValidationError(`The page ${page.routing} has no image field called ${field}.`);
  return parameter;
}

export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** sharp, and libvips with it (7 MB resident), is loaded at the first upload: an idle server never needs it. */
export const loadSharp = () => import('sharp').then((module) => module.default);

/**
 * Stores an uploaded image (docs/design.md §8). The type comes from the bytes; the pixel count is read from the
 * header and refused before decoding; the image is re-encoded (dropping metadata and anything appended),
 * named by Folio, and WebP copies for srcset are made beside it. The client's file name is never part of the
 * address: it is only the image's first title in the library (docs/design.md §34, tidied by titleFromFileName). The
 * original and its copies are stored in the tenant's database in one transaction: all of them, or none.
 *
 * Output format: PNG stays PNG and JPEG stays JPEG (logos keep transparency and sharp edges, photos keep
 * their compression; every browser shows both); WebP stays WebP; GIF becomes PNG (first frame only).
 */
export async function storeUploadedImage(
  tenant: Tenant,
  session: SessionUser,
  input: { folder: ImageFolder; field?: string | undefined; bytes: Buffer | null; title?: string | undefined },
): Promise<UploadedImage> {
  const folder = input.folder;
  const page = await checkFolderAccess(tenant, session, folder);
  const parameter = uploadParameter(page, input.field);
  const encoded = await encodeUpload(input.bytes);

  // The field's size rules (an Autowired page's Image parameter), on the image as it will be served.
  if (parameter) {
    const problem = imageSizeProblem(parameter.parameterName, parameter, {
      width: encoded.width,
      height: encoded.height,
      bytes: encoded.data.length,
    });
    if (problem) throw new ValidationError(problem);
  }

  return storeEncodedImage(tenant, {
    folder,
    encoded,
    title: input.title ?? '',
    uploadedBy: session.userId,
    forWhat: page.routing,
  });
}

/**
 * The first-run setup's logo (docs/design.md §34): uploaded before the first administrator exists, so it is
 * allowed by the setup code the server printed (setup.service.ts checks it), and kept in the company folder of the
 * media library like a logo uploaded on the company details screen, by nobody yet.
 */
export async function storeSetupLogo(
  tenant: Tenant,
  input: { bytes: Buffer | null; title: string },
): Promise<UploadedImage> {
  const encoded = await encodeUpload(input.bytes);
  return storeEncodedImage(tenant, {
    folder: 'company',
    encoded,
    title: input.title,
    uploadedBy: null,
    forWhat: 'the first-run setup',
    userName: 'setup',
  });
}

/** Stores an encoded upload and its narrower copies, with its row of the media library and its audit entry, in one transaction. */
async function storeEncodedImage(
  tenant: Tenant,
  input: {
    folder: ImageFolder;
    encoded: EncodedImage;
    title: string;
    uploadedBy: number | null;
    forWhat: string;
    userName?: string;
  },
): Promise<UploadedImage> {
  const { folder, encoded } = input;
  const stem = `${randomBytes(12).toString('hex')}_${encoded.width}x${encoded.height}`;
  const filename = `${stem}.${encoded.ext}`;
  const files = await withSrcsetCopies(stem, filename, encoded);
  const at = new Date().toISOString();
  await inTransaction(tenant.db, async (trx) => {
    await insertImages(
      trx,
      files.map(([name, data]) => imageRow(folder, name, data, at)),
    );
    // Its row of the media library (docs/design.md §27), in the same transaction: an image is in the library or not stored.
    await insertMedia(trx, {
      folder,
      name: filename,
      title: input.title,
      width: encoded.width,
      height: encoded.height,
      bytes: encoded.data.length,
      uploaded_at: at,
      uploaded_by: input.uploadedBy,
    });
    await audit(trx, tenant, {
      ...(input.userName ? { userName: input.userName } : {}),
      action: 'image.upload',
      targetType: 'image',
      targetId: `${folder}/${filename}`,
      summary: `Uploaded image ${filename} for ${input.forWhat}`,
      details: {
        folder,
        width: encoded.width,
        height: encoded.height,
        bytes: encoded.data.length,
        widths: files.length - 1,
      },
    });
  });
  // The address as content stores it (docs/design.md §24): a path, so the image shows at whatever address the site is reached.
  return { message: 'File uploaded successfully', url: `${UPLOADS_PATH}${folder}/${filename}`, filename };
}

/** An upload as Folio stores it: re-encoded, with its size in pixels and its extension. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  ext: 'png' | 'jpg' | 'webp';
}

/** How a replacing picture is fitted to the image it replaces (media library, docs/design.md §27). */
export interface FitTo {
  width: number;
  height: number;
  /** The focal point, 0 to 1 from the top left: the part kept when the new picture is cropped. */
  focalX: number;
  focalY: number;
  ext: EncodedImage['ext'];
}

/**
 * Checks and re-encodes uploaded bytes (decision 005): the type from the bytes, the pixel count from the header
 * before anything is decoded, EXIF orientation applied and metadata dropped. Without `fit` the format is kept (GIF
 * becomes PNG) at the picture's own size; with `fit` the picture is scaled to cover that width × height and cut to
 * it around the focal point, in that format (a replace keeps the address, which says the size and the type).
 */
export async function encodeUpload(bytes: Buffer | null, fit?: FitTo): Promise<EncodedImage> {
  if (!bytes || bytes.length === 0) throw new ValidationError('Please choose an image file to upload.');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new ValidationError(WRONG_TYPE_MESSAGE);

  const sharp = await loadSharp();
  try {
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!header.width || !header.height) throw new ValidationError('The image could not be read; it may be damaged.');
    if (header.width * header.height > MAX_IMAGE_PIXELS) throw new ValidationError(TOO_MANY_PIXELS_MESSAGE);
    // rotate(): apply the EXIF orientation, since the metadata that carried it is dropped.
    let image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, failOn: 'error' }).rotate();
    if (fit) {
      // Upright size (orientations 5 to 8 turn the picture a quarter).
      const [width, height] =
        (header.orientation ?? 1) >= 5 ? [header.height, header.width] : [header.width, header.height];
      // In sharp's order: turned upright first, then scaled, then cut (extract after resize cuts the scaled picture).
      image = image.resize({ ...coverAround(width, height, fit), fit: 'fill' }).extract(cropAround(width, height, fit));
    }
    const ext = fit?.ext ?? (type.mime === 'image/jpeg' ? 'jpg' : type.mime === 'image/webp' ? 'webp' : 'png');
    const out =
      ext === 'jpg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : ext === 'webp'
          ? image.webp({ quality: 82 })
          : image.png({ compressionLevel: 9 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, ext };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new ValidationError(TOO_MANY_PIXELS_MESSAGE);
    throw new ValidationError('The image could not be read; it may be damaged.');
  }
}

/** The size a picture of width × height is scaled to so that it covers the box (at least one side exactly). */
function coverAround(width: number, height: number, box: FitTo): { width: number; height: number } {
  const scale = Math.max(box.width / width, box.height / height);
  return {
    width: Math.max(box.width, Math.round(width * scale)),
    height: Math.max(box.height, Math.round(height * scale)),
  };
}

/** The box cut out of the scaled picture: centred on the focal point as far as the picture's edges allow. */
function cropAround(
  width: number,
  height: number,
  box: FitTo,
): { left: number; top: number; width: number; height: number } {
  const scaled = coverAround(width, height, box);
  const at = (size: number, wanted: number, focal: number) =>
    Math.min(size - wanted, Math.max(0, Math.round(focal * size - wanted / 2)));
  return {
    left: at(scaled.width, box.width, box.focalX),
    top: at(scaled.height, box.height, box.focalY),
    width: box.width,
    height: box.height,
  };
}

/** The original and its WebP copies for srcset (decision 005), as [name, bytes]. */
export async function withSrcsetCopies(
  stem: string,
  filename: string,
  encoded: EncodedImage,
): Promise<Array<[string, Buffer]>> {
  const sharp = await loadSharp();
  const files: Array<[string, Buffer]> = [[filename, encoded.data]];
  for (const width of variantWidths(encoded.width)) {
    const data = await sharp(encoded.data).resize({ width }).webp({ quality: 80 }).toBuffer();
    files.push([variantName(stem, width), data]);
  }
  return files;
}

/**
 * Deletes an uploaded image and its srcset copies. Only a name of the form Folio generates in an allow-listed
 * folder is accepted (a bare name or the image URL); anything else is a 400 and no path is ever built from it.
 * An image still used by another page, or by more than one entry of its own page, is kept (409).
 */
export async function deleteUploadedImage(
  tenant: Tenant,
  session: SessionUser,
  config: AppConfig,
  { filename, page }: DeleteImageInput,
): Promise<{ message: 'Success' }> {
  const image = readImageName(page, filename, config.publicBaseUrl);
  const folder = page;
  const ownPage = (await checkFolderAccess(tenant, session, folder)).routing;

  const users = await pagesUsing(tenant, image);
  const elsewhere = users.filter((u) => u.routing !== ownPage);
  const ownUses = users.find((u) => u.routing === ownPage)?.count ?? 0;
  if (elsewhere.length > 0 || ownUses > 1) {
    const where = [
      ...(ownUses > 1 ? [`another entry of ${ownPage}`] : []),
      ...elsewhere.map((u) => `the page ${u.routing}`),
    ].join(' and ');
    throw new ConflictError(`The image is still used by ${where}; it was not deleted.`);
  }

  await deleteStoredImage(tenant, image, `Deleted image ${image.name} of ${ownPage}`);
  return { message: 'Success' };
}

/**
 * Deletes a stored image: the original, its srcset copies and its row of the media library, in one transaction
 * with the audit entry; then no instance serves them from memory any more. A 404 when it is gone already.
 */
export async function deleteStoredImage(tenant: Tenant, image: StoredImage, summary: string): Promise<void> {
  const { folder } = image;
  const variants = variantWidths(image.width).map((width) => variantName(image.stem, width));
  await inTransaction(tenant.db, async (trx) => {
    if ((await deleteImages(trx, folder, [image.name])) === 0)
      throw new NotFoundError('The image does not exist (it may have been deleted already).');
    await deleteImages(trx, folder, variants);
    await deleteMediaNamed(trx, folder, image.name);
    await audit(trx, tenant, {
      action: 'image.delete',
      targetType: 'image',
      targetId: `${folder}/${image.name}`,
      summary,
      details: { folder },
    });
  });
  // After the commit: this instance and every other one stop serving them from memory.
  await imagesChanged(tenant, folder, [image.name, ...variants]);
}

/**
 * Uploaded images were deleted or got new bytes under their names (after the commit): no instance serves the old
 * bytes from memory any more (served-images.ts hears their tags). When one is the logo, the firm's icons are made
 * again, under a new version in every page's head (docs/design.md §34).
 */
export async function imagesChanged(tenant: Tenant, folder: string, names: readonly string[]): Promise<void> {
  const logo = await getSiteCompany(tenant).then(
    ({ logo }) => logo,
    () => undefined,
  );
  const isLogo = logo === undefined || names.some((name) => logo === `${UPLOADS_PATH}${folder}/${name}`);
  invalidate(tenant, [...names.map((name) => imageTag(folder, name)), ...(isLogo ? [TAGS.firmIcons] : [])]);
}

/**
 * A bare generated name, or the address of one in the same folder on this site (PUBLIC_BASE_URL, absolute or
 * as a path); everything else (another host, any path trick) is a 400 and nothing is deleted.
 */
function readImageName(folder: ImageFolder, filename: string, publicBaseUrl: string): StoredImage {
  const refused = new ValidationError('The file name is not one of an uploaded image in this folder.');
  if (filename.includes('\0') || filename.includes('\\')) throw refused;
  if (filename.includes('/')) {
    let url: URL;
    try {
      url = new URL(filename, publicBaseUrl);
    } catch {
      throw refused;
    }
    const site = new URL(publicBaseUrl).origin;
    if (url.origin !== site)
      throw new ValidationError(
        `The image's address is not on this site (${site}); give its file name or its address on this site.`,
      );
    const image = parseStoredImageUrl(url.href);
    if (!image || image.folder !== folder || url.search || url.hash) throw refused;
    if (url.pathname !== new URL(`uploads/photos/${folder}/${image.name}`, publicBaseUrl).pathname) throw refused;
    return image;
  }
  const image = parseStoredImageName(folder, filename);
  if (!image) throw refused;
  return image;
}

/**
 * Pages (and the company details) that show the image, with in how many fields: from where the media library
 * knows images are used (the live revisions of every page with content, and the logo).
 */
async function pagesUsing(tenant: Tenant, image: StoredImage): Promise<Array<{ routing: string; count: number }>> {
  const uses = (await mediaUses(tenant)).byImage.get(useKey(image.folder, image.stem)) ?? [];
  const counts = new Map<string, number>();
  for (const use of uses) counts.set(use.routing, (counts.get(use.routing) ?? 0) + 1);
  return [...counts].map(([routing, count]) => ({ routing, count }));
}

/**
 * The size in bytes of the tenant's stored image behind an address (absolute, or a path under /uploads/photos/);
 * null for an address that is not one of Folio's stored images or that the tenant does not hold.
 */
export async function storedImageBytes(tenant: Tenant, url: string): Promise<number | null> {
  const image = parseStoredImageUrl(url);
  if (!image) return null;
  return imageSize(tenant.db, image.folder, image.name);
}

/** The content type of each extension Folio writes. */
const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** A generated name in an allow-listed folder (an original or a srcset width), with its content type; else null. */
export function servedImageType(folder: string, name: string): string | null {
  if (!isImageFolder(folder) || !(STORED_IMAGE_NAME.test(name) || IMAGE_VARIANT_NAME.test(name))) return null;
  return IMAGE_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? null;
}

/** A row of the images table for bytes Folio made (or imported), with their ETag. */
export function imageRow(folder: string, name: string, data: Buffer, at: string): NewImage {
  const contentType = servedImageType(folder, name);
  if (!contentType) throw new Error(`Not a stored image's name: ${folder}/${name}`);
  // A strong validator: the first 128 bits of the bytes' SHA-256, quoted as HTTP wants it.
  const etag = `"${createHash('sha256').update(data).digest('hex').slice(0, 32)}"`;
  return { folder, name, content_type: contentType, bytes: data, size: data.length, etag, created_at: at };
}

/**
 * The tenant's image behind /uploads/photos/{folder}/{name}: only generated names in allow-listed folders, read
 * through the process's cache of served images (the database only when it does not hold it).
 */
export async function readServedImage(
  tenant: Tenant,
  folder: string,
  name: string,
  cache: ServedImageCache,
): Promise<ServedImage> {
  if (!servedImageType(folder, name)) throw new NotFoundError();
  const image = await cache.read(tenant.name, folder, name, () => findImage(tenant.db, folder, name));
  if (!image) throw new NotFoundError('There is no image of that name.');
  return image;
}
