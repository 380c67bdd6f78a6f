import { siteRelativeImageAddress } from '../../core/media/image-names';
import type { AutowiredDocument } from '../../core/page-defs/autowired-document';
import type { Parameter } from '../../core/page-defs/parameter';
import type { ContentPageKey } from '../../core/pages';
import { paragraphsOf } from '../../core/schemas/fields';
import { CONTENT_SCHEMAS } from '../../core/schemas/page-content';
import { defaultSeoTitle, EMPTY_SEO, plainText, shortenText, type Seo } from '../../core/schemas/seo';

/** What a page tells search engines and social networks (docs/design.md §20): its own seo fields or their defaults. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the sharing image, or '' when neither the page nor the company has one. */
  image: string;
  /** The page's canonical public address. */
  url: string;
  siteName: string;
}

/** A first paragraph this long or longer reads as a description; a shorter one (a heading kept as rich text) is passed over. */
const DESCRIPTIVE = 50;

/** The first paragraph of a text list, as plain text of at most 160 characters; '' when there is none. */
function firstParagraph(texts: readonly string[]): string {
  const plain = texts.map(plainText).filter((text) => text !== '');
  const chosen = plain.find((text) => text.length >= DESCRIPTIVE) ?? plain[0] ?? '';
  return shortenText(chosen);
}

/** The default description of one of the twelve pages: its first paragraph, in the order of its document. */
export function contentDescription(key: ContentPageKey, document: object): string {
  return firstParagraph(paragraphsOf(CONTENT_SCHEMAS[key], document).map((p) => p.text));
}

/** The default description of an Autowired page: its first Header text (a textarea or rich text), in parameter order. */
export function autowiredDescription(document: AutowiredDocument, parameters: readonly Parameter[]): string {
  const texts = parameters
    .filter((p) => p.pagecreationtype === 'Header' && (p.type === 'Textarea' || p.type === 'Richtext'))
    .map((p) => String(document.header[p.parameterName] ?? ''));
  return firstParagraph(texts);
}

/**
 * An address as search engines and social networks need it: absolute, on PUBLIC_BASE_URL (read at render, so a
 * site that moved shares its new address) for a path of this site.
 */
export function absoluteUrl(address: string, publicBaseUrl: string): string {
  if (address === '') return '';
  try {
    return new URL(address, publicBaseUrl).href;
  } catch {
    return '';
  }
}

/**
 * The image a page is shared with, as content stores it (a path for an upload): its own, else the company's logo
 * (docs/design.md §20). The editor shows it as it is, so it shows at whatever address the back office is reached.
 */
export function sharingImage(seo: Seo | undefined, company: { logo?: string }): string {
  return siteRelativeImageAddress(seo?.image || company.logo || '');
}

/**
 * A page's title, description, image and address (docs/design.md §20): each of its own seo fields, or when empty the
 * default: "<page name> · <company name>", the page's first paragraph, the company's logo.
 */
export function pageMeta(input: {
  seo: Seo | undefined;
  pageName: string;
  company: { name: string; logo?: string };
  description: string;
  publicPath: string;
  publicBaseUrl: string;
}): PageMeta {
  const seo = { ...EMPTY_SEO, ...input.seo };
  const { company, publicBaseUrl } = input;
  return {
    title: seo.title || defaultSeoTitle(input.pageName, company.name),
    description: seo.description || input.description || defaultSeoTitle(input.pageName, company.name),
    image: absoluteUrl(sharingImage(seo, company), publicBaseUrl),
    url: absoluteUrl(input.publicPath, publicBaseUrl),
    siteName: company.name,
  };
}
