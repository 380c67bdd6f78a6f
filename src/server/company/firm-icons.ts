import { createHash } from 'node:crypto';
import demoLogoSvg from '../../../public/images/logo.svg?raw';
import { brandLogo } from '../../core/media/brand-logo';
import { parseStoredImageUrl, type StoredImage } from '../../core/media/image-names';
import { cached } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { findImage, imageEtag } from '../media/images.repository';
import { loadSharp } from '../media/media.service';
import type { Tenant } from '../tenants/tenants';
import { getSiteCompany } from './company.service';

/**
 * The favicon's sizes (docs/design.md §34), each at a stable address: a browser tab's, and the one iOS puts on a home
 * screen (on white: it shows transparency as black).
 */
export const FIRM_ICONS = {
  '/favicon-32.png': { size: 32, background: null },
  '/apple-touch-icon.png': { size: 180, background: '#ffffff' },
} as const;
export type FirmIconPath = keyof typeof FIRM_ICONS;

/** The firm's icons as one tenant serves them: kept in its cache until its logo changes. */
export interface FirmIcons {
  /** Changes with the logo and with its bytes (a picture replaced in the media library): the icons' links carry it. */
  version: string;
  /** The uploaded logo the icons are made from; null for the demo logo. */
  source: StoredImage | null;
  /** Each size, made at its first request. */
  made: Map<FirmIconPath, Promise<Buffer>>;
}

const versionOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);
const DEMO_VERSION = versionOf(demoLogoSvg);

/**
 * The firm's icons: from its uploaded logo, else from the demo logo (an address elsewhere is not fetched: the
 * server asks no other host for anything). Read once per change: a company save, or the logo's picture replaced in
 * the media library (media.service.ts), drops them on every instance.
 */
export async function firmIconsOf(tenant: Tenant): Promise<FirmIcons> {
  return firmIcons.get(tenant);
}

/** The icons and their version: every page's head asks. */
const firmIcons = cached({ name: 'firm-icons', tags: [TAGS.company, TAGS.firmIcons], load: readFirmIcons });

async function readFirmIcons(tenant: Tenant): Promise<FirmIcons> {
  const { logo } = await getSiteCompany(tenant);
  const source = brandLogo(logo).own ? parseStoredImageUrl(logo) : null;
  const etag = source && (await imageEtag(tenant.db, source.folder, source.name));
  return etag
    ? { version: versionOf(`${logo}\n${etag}`), source, made: new Map() }
    : { version: DEMO_VERSION, source: null, made: new Map() };
}

/** One size of the icons as PNG, made once per version (sharp loads at the first, as for an upload). */
export function firmIconFile(tenant: Tenant, icons: FirmIcons, path: FirmIconPath): Promise<Buffer> {
  let file = icons.made.get(path);
  if (!file) {
    file = makeIcon(tenant, icons.source, FIRM_ICONS[path]);
    icons.made.set(path, file);
    file.catch(() => icons.made.delete(path));
  }
  return file;
}

async function makeIcon(
  tenant: Tenant,
  source: StoredImage | null,
  icon: { size: number; background: string | null },
): Promise<Buffer> {
  const upload = source && (await findImage(tenant.db, source.folder, source.name));
  const sharp = await loadSharp();
  // The demo logo is an SVG of 64 units: drawn at twice the icon's resolution, then scaled down.
  const image = upload
    ? sharp(upload.data)
    : sharp(Buffer.from(demoLogoSvg), { density: Math.ceil((72 * icon.size * 2) / 64) });
  const resized = image.resize(icon.size, icon.size, {
    fit: 'contain',
    background: icon.background ?? { r: 0, g: 0, b: 0, alpha: 0 },
  });
  return (icon.background ? resized.flatten({ background: icon.background }) : resized).png().toBuffer();
}

/** The `<link>`s of a page's head to the icons, at their current version. */
export function iconLinks(version: string): string {
  const v = encodeURIComponent(version);
  return (
    `<link rel="icon" href="/favicon-32.png?v=${v}" sizes="32x32" type="image/png">` +
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png?v=${v}" sizes="180x180">`
  );
}
