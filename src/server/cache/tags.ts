/**
 * The tags the domains' cached reads carry and their changes invalidate (docs/design.md §29, cache/cached.ts), named
 * once so that a read and the change that must drop it cannot spell one differently.
 */

/** A page's published document in every language, and everything read from it (`page:Home`); with a locale, that language's only (`page:Home:de`). */
export const pageTag = (routing: string, locale?: string): string =>
  locale ? `page:${routing}:${locale}` : `page:${routing}`;

/** An uploaded image's bytes (`image:about/abc_640x480.png`): a delete or a replace. */
export const imageTag = (folder: string, name: string): string => `${IMAGE_TAG}${folder}/${name}`;
export const IMAGE_TAG = 'image:';

export const TAGS = {
  /** The page definitions: which pages there are, their names, addresses, parameters and field rules. */
  pages: 'pages',
  /** Any page's revisions of any status (a draft, a schedule, a publication): where images are used. */
  revisions: 'revisions',
  /** The languages each page is published in (a publication may be its language's first). */
  publishedLocales: 'published-locales',
  /** The menus. */
  menus: 'menus',
  /** The company details. */
  company: 'company',
  /** The favicon's sizes made from the logo (the logo's picture replaced in the media library). */
  firmIcons: 'firm-icons',
  /** The site's languages. */
  locales: 'locales',
  /** The site's own words in every language. */
  siteTexts: 'site-texts',
  /** The media library's alt texts and focal points. */
  media: 'media',
  /** Master data (pages show a chosen value's name). */
  masters: 'masters',
  /** The redirects. */
  redirects: 'redirects',
  /** The forms made without code: a page that shows one renders it from its definition. */
  forms: 'forms',
  /** The webhooks' endpoints that are on, and the events each takes (what an event's listener reads). */
  webhooks: 'webhooks',
} as const;

/** What every rendered public page reads besides its own document: a change of any of them renders every page again. */
export const EVERY_PAGE_READS: ReadonlySet<string> = new Set([
  TAGS.pages,
  TAGS.menus,
  TAGS.company,
  TAGS.firmIcons,
  TAGS.locales,
  TAGS.siteTexts,
  TAGS.media,
  TAGS.masters,
  TAGS.forms,
]);
