/**
 * Names of uploaded images (docs/design.md §8), shared by the server (which makes and checks them) and the pages
 * (which derive width, height and srcset from them without another call).
 *
 * A stored image is `<24 hex>_<width>x<height>.<png|jpg|webp>`; beside it, WebP copies at the srcset widths
 * narrower than the original plus one at the original width: `<24 hex>_<w>x<h>-<width>.webp`.
 */

/**
 * The folders of the twelve pages' uploads and of the company's logo, and the editing screen each belongs to.
 * `sharing` holds the pages' own sharing images (docs/design.md §20): any page editor may upload there; `slides` the
 * carousels' slide images (docs/design.md §27), one folder for the Home and Bespoke editors, whose carousels may show the
 * same pictures (null: no one screen; the server asks for one of the screens that may).
 */
export const IMAGE_FOLDERS = {
  about: 'About',
  customer: 'Customers',
  company: 'companyForm',
  sharing: null,
  slides: null,
} as const;
export type PageFileFolder = keyof typeof IMAGE_FOLDERS;
/**
 * The folder of a page made in page creation that has Image parameters: `page<id>` (docs/design.md §8). Named by the
 * page's id, which never changes, so a stored image keeps its address whatever the page is called.
 */
export type AutowiredImageFolder = `page${number}`;
/** Folders an image may be uploaded to: the allow-list of docs/design.md §8. */
export type ImageFolder = PageFileFolder | AutowiredImageFolder;

const AUTOWIRED_FOLDER = /^page([1-9]\d{0,8})$/;

export const autowiredImageFolder = (pageId: number): AutowiredImageFolder => `page${pageId}`;

/** The page id of an Autowired page's folder; null for any other folder. */
export function pageIdOfFolder(folder: string): number | null {
  const match = AUTOWIRED_FOLDER.exec(folder);
  return match ? Number(match[1]) : null;
}

export const isPageFileFolder = (folder: unknown): folder is PageFileFolder =>
  typeof folder === 'string' && Object.prototype.hasOwnProperty.call(IMAGE_FOLDERS, folder);

/** A folder name of the allow-list's form (whether that Autowired page exists is the server's question). */
export const isImageFolder = (folder: unknown): folder is ImageFolder =>
  isPageFileFolder(folder) || (typeof folder === 'string' && AUTOWIRED_FOLDER.test(folder));

/** Widths generated for srcset (only those narrower than the original). */
export const SRCSET_WIDTHS = [320, 640, 1280] as const;

export const STORED_IMAGE_NAME = /^([0-9a-f]{24})_([1-9]\d{0,4})x([1-9]\d{0,4})\.(png|jpg|webp)$/;
export const IMAGE_VARIANT_NAME = /^([0-9a-f]{24})_([1-9]\d{0,4})x([1-9]\d{0,4})-([1-9]\d{0,4})\.webp$/;

export const UPLOADS_PATH = '/uploads/photos/';

/** The scheme and host in front of an upload's path: whatever address the site had when the image was chosen. */
const UPLOAD_ORIGIN = /^https?:\/\/[^/?#\s"'<>]+(?=\/uploads\/photos\/)/i;

/**
 * An image address as stored (docs/design.md §24): an upload of this site is `/uploads/photos/{folder}/{name}`, never
 * with a scheme and host, so it shows wherever the site is reached (another host, https, a restore elsewhere).
 * An absolute address of an upload, at any scheme and host (the site may have moved since an old client
 * read it), becomes that path; every other address is left as it is.
 */
export function siteRelativeImageAddress(address: string): string {
  return address.replace(UPLOAD_ORIGIN, '');
}

export interface StoredImage {
  folder: ImageFolder;
  /** The stored file name, e.g. `0a1b…_800x600.png`. */
  name: string;
  /** The name without its extension; variants start with it. */
  stem: string;
  width: number;
  height: number;
}

/** Widths of the WebP variants stored beside an image of this width. */
export function variantWidths(width: number): number[] {
  return [...SRCSET_WIDTHS.filter((w) => w < width), width];
}

export const variantName = (stem: string, width: number) => `${stem}-${width}.webp`;

/** Reads an image URL (absolute or relative); null when it is not an image Folio stored. */
export function parseStoredImageUrl(url: string): StoredImage | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://folio.invalid').pathname;
  } catch {
    return null;
  }
  const at = pathname.lastIndexOf(UPLOADS_PATH);
  if (at < 0) return null;
  const [folder, name, ...rest] = pathname.slice(at + UPLOADS_PATH.length).split('/');
  if (rest.length > 0 || !isImageFolder(folder) || !name) return null;
  return parseStoredImageName(folder, name);
}

export function parseStoredImageName(folder: ImageFolder, name: string): StoredImage | null {
  const match = STORED_IMAGE_NAME.exec(name);
  if (!match) return null;
  return { folder, name, stem: name.replace(/\.[a-z]+$/, ''), width: Number(match[2]), height: Number(match[3]) };
}

/** The `srcset` of WebP variants for a stored image URL (same origin and folder as the URL itself). */
export function webpSrcSet(url: string, image: StoredImage): string {
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  return variantWidths(image.width)
    .map((w) => `${base}${variantName(image.stem, w)} ${w}w`)
    .join(', ');
}
