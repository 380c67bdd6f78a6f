import { NotFoundError } from '../errors';
import { localeSettings, readingLocale } from '../locales/locales.service';
import type { Page } from '../pages/page-kind';
import { findPage, inLocale, NO_PAGE, publicPagesOf } from '../pages/resolve-page';
import { translatedDocument } from '../pages/languages/translations.service';
import { publishedDocument } from '../pages/revisions/published-documents';
import type { Tenant } from '../tenants/tenants';

/**
 * The content API (docs/design.md §33, decision 040): the published document of each page visitors can reach, in a
 * language visitors can read, for the firm's other systems. What it answers is what the public site shows: a page not
 * on the website (deactivated, internal) is not there, whoever asks.
 */
export interface ContentPage {
  routing: string;
  locale: string;
  url: string;
  document: Record<string, unknown>;
}

/** Every page on the website, in the order of the page list, in `locale` where it is published in it. */
export async function contentPages(tenant: Tenant, locale: unknown, publicBaseUrl: string): Promise<ContentPage[]> {
  const code = await readingLocale(tenant, locale);
  const pages = [...(await publicPagesOf(tenant)).values()].filter((page) => page.inDefaultLanguage && onWebsite(page));
  return Promise.all(pages.map((page) => contentOf(tenant, page, code, publicBaseUrl)));
}

/** One page on the website by its routing name or its public twin's (`About`, `About1`); 404 otherwise. */
export async function contentPage(
  tenant: Tenant,
  routing: string,
  locale: unknown,
  publicBaseUrl: string,
): Promise<ContentPage> {
  const code = await readingLocale(tenant, locale);
  const page =
    (await findPage(tenant, routing)) ?? (routing.endsWith('1') ? await findPage(tenant, routing.slice(0, -1)) : null);
  if (!page || !onWebsite(page)) throw new NotFoundError(NO_PAGE);
  return contentOf(tenant, page, code, publicBaseUrl);
}

const onWebsite = (page: Page): boolean => page.active && page.onWebsite && page.kind.publicAddress(page) !== null;

/** A page in a language ('' the default): its translation once published in it, else the default language's document. */
async function contentOf(tenant: Tenant, page: Page, code: string, publicBaseUrl: string): Promise<ContentPage> {
  const translated = code === '' ? null : await translatedDocument(tenant, page, code);
  const shown = translated ? inLocale(page, code) : page;
  const document = translated ?? (await publishedDocument(tenant, page));
  const base = new URL(publicBaseUrl);
  return {
    routing: page.routing,
    locale: translated ? code : (await localeSettings(tenant)).defaultLocale,
    url: new URL(shown.publicPath.slice(1), base).href,
    document: withAbsoluteImages(document, base.origin) as Record<string, unknown>,
  };
}

/** An image of this site as a field holds it (docs/design.md §24): an upload's path, or one of the demo firm's pictures. */
const SITE_IMAGE = /^\/(?:uploads|demo)\//;
/** An image's address in rich text: `src="…"` (only images have a `src` there) or `srcset="…"`. */
const IMAGE_IN_HTML = /(\s(?:src|srcset)=")([^"]*)"/g;
/** A path of this site (not `//host/…`) at the start of an address or of a `srcset` entry. */
const SITE_PATH = /(^|,\s*)\/(?!\/)/g;

/**
 * The document with every address of an image of this site made absolute from the public address: a field holding
 * one (`/uploads/photos/…`) and the images of rich text. Another system has no site to resolve a path against.
 */
export function withAbsoluteImages(value: unknown, origin: string): unknown {
  if (typeof value === 'string') {
    if (SITE_IMAGE.test(value)) return `${origin}${value}`;
    if (!value.includes('<')) return value;
    return value.replace(IMAGE_IN_HTML, (_all, start: string, addresses: string) => {
      return `${start}${addresses.replace(SITE_PATH, `$1${origin}/`)}"`;
    });
  }
  if (Array.isArray(value)) return value.map((item) => withAbsoluteImages(item, origin));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withAbsoluteImages(item, origin)]));
  return value;
}
