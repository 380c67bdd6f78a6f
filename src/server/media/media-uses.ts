import { IMAGE_FOLDERS } from '../../core/media/image-names';
import { SCREEN_PAGES } from '../../core/pages';
import type { MediaUse } from '../../core/schemas/media';
import { cached } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { getCompanyDetails } from '../company/company.service';
import { labelOf, pathText } from '../pages/revisions/page-compare';
import { liveRevisionDocuments } from '../pages/revisions/page.repository';
import { listPages } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { mediaIdsOf } from './media-library.repository';

/** A use of an image, with the place said in the editor's words (for the sentence of a refused delete). */
export interface PlacedUse extends MediaUse {
  /** `the page Home (Slide 1: the image)`, `the company details (the logo)`. */
  where: string;
}

/** Where the tenant's images are used, by `{folder}/{stem}` (the name without its extension), and the used ids. */
export interface MediaUses {
  byImage: ReadonlyMap<string, readonly PlacedUse[]>;
  /** The media ids of the images used somewhere: the list's `unused` filter leaves them out. */
  usedIds: readonly number[];
}

/** An upload's address in any text (a field's value, a rich text's src or srcset): its folder and stem. */
const UPLOAD_IN_TEXT = /\/uploads\/photos\/([a-z0-9]+)\/([0-9a-f]{24}_[1-9]\d{0,4}x[1-9]\d{0,4})/g;

export const useKey = (folder: string, stem: string) => `${folder}/${stem}`;

/**
 * Where each image is used (docs/design.md §27): read once per tenant from the pages' live revisions (published, the
 * newest, a waiting schedule; docs/design.md §19) and the company's logo, then kept in the tenant's cache until a page's
 * revisions, the pages or the company change (a publication, a draft or a schedule), on every instance.
 * A list of images looks its rows up here: it never reads documents itself.
 */
export async function mediaUses(tenant: Tenant): Promise<MediaUses> {
  return uses.get(tenant);
}

const uses = cached({ name: 'media-uses', tags: [TAGS.revisions, TAGS.pages, TAGS.company], load: readMediaUses });

async function readMediaUses(tenant: Tenant): Promise<MediaUses> {
  const byImage = new Map<string, PlacedUse[]>();
  const add = (key: string, use: PlacedUse) => {
    const uses = byImage.get(key) ?? [];
    // A field that shows the image in several revisions (or twice, as a rich text's src and srcset) is one use.
    if (!uses.some((known) => known.routing === use.routing && known.field === use.field)) uses.push(use);
    byImage.set(key, uses);
  };
  for (const page of await listPages(tenant)) {
    for (const stored of await liveRevisionDocuments(tenant.db, page.id)) {
      walkStrings(JSON.parse(stored) as unknown, [], (text, path) => {
        for (const [, folder, stem] of text.matchAll(UPLOAD_IN_TEXT)) {
          const where = `the page ${page.displayName} (${labelOf(page, path)})`;
          add(useKey(folder!, stem!), { routing: page.routing, page: page.displayName, field: pathText(path), where });
        }
      });
    }
  }
  const logo = (await getCompanyDetails(tenant)).logo;
  for (const [, folder, stem] of logo.matchAll(UPLOAD_IN_TEXT)) {
    add(useKey(folder!, stem!), {
      routing: IMAGE_FOLDERS.company,
      page: COMPANY_SCREEN_NAME,
      field: 'logo',
      where: 'the company details (the logo)',
    });
  }
  const used = [...byImage.keys()].map((key) => {
    const at = key.indexOf('/');
    return { folder: key.slice(0, at), stem: key.slice(at + 1) };
  });
  return { byImage, usedIds: await mediaIdsOf(tenant.db, used) };
}

const COMPANY_SCREEN_NAME =
  SCREEN_PAGES.find((screen) => screen.routing === IMAGE_FOLDERS.company)?.name ?? 'Company Details';

/** Calls `visit` with every string of a document and its path (`['slideList', 0, 'image']`). */
function walkStrings(
  value: unknown,
  path: Array<string | number>,
  visit: (text: string, path: readonly (string | number)[]) => void,
): void {
  if (typeof value === 'string') {
    if (value.includes('/uploads/photos/')) visit(value, path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => walkStrings(item, [...path, index], visit));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) walkStrings(item, [...path, key], visit);
  }
}

/** The sentence of a refused delete: `the page Home (Slide 1: the image) and the company details (the logo)`. */
export function placesOf(uses: readonly PlacedUse[]): string {
  const places = uses.map((use) => use.where);
  return places.length <= 1 ? (places[0] ?? '') : `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
}
