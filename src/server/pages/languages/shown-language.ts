import { contentPageByKey } from '../../../core/pages';
import type { PublicPageData } from '../../../core/public-page';
import type { PageLanguage } from '../../../core/schemas/locale';
import { UNTRANSLATED_NOTICE, UNTRANSLATED_NOTICE_IN } from '../../../core/site-texts';
import type { SiteWords } from '../../../core/site-words';
import { localeSettings, publicLocales } from '../../locales/locales.service';
import { wordsIn } from '../../locales/site-texts.service';
import { legacyAddresses, redirectTarget } from '../../ssr/public-addresses';
import type { Tenant } from '../../tenants/tenants';
import type { Page } from '../page-kind';
import { publishedDocument } from '../revisions/published-documents';
import { publicPagesOf } from '../resolve-page';
import { languageHasPages, publishedLocalesOf, translatedDocument } from './translations.service';

/**
 * A page as shown in its language (docs/design.md §28, §29, §34): everything about a render that depends on the
 * language, resolved once here and handed to the renderer, which holds no language logic. A page is addressed by
 * `{routing, locale}` (`page.locale`, always a code; `page.inDefaultLanguage`, the page's own document).
 */

/** What visitors see of a page: its document in the page's language, or the default language's (`translated` false). */
export interface ShownDocument {
  document: Record<string, unknown>;
  translated: boolean;
}

/** A `<link rel="alternate" hreflang>` of a page's head or an `<xhtml:link>` of the sitemap, before its address is made absolute. */
export interface HreflangAlternate {
  hreflang: string;
  path: string;
}

/** The hreflang of the default language's address, for a visitor whose language the page is not in. */
export const X_DEFAULT = 'x-default';

/** Everything language-dependent of a render, as the renderer maps it into the page's data and head. */
export interface ShownLanguage extends ShownDocument {
  /** `<html lang>` and the page data's `locale`. */
  lang: string;
  /** The page's address in the default language: the menu marks the page by it, as its links are. */
  sourcePath: string;
  /** The language switcher's links (the shown one marked); absent on a page of one language. */
  switcher: PageLanguage[] | undefined;
  /** The page in each of its languages and x-default; empty on a page of one language or not translated yet. */
  alternates: HreflangAlternate[];
  /** The address search engines list the page at: its own, or the original's while it is not translated yet. */
  canonicalPath: string;
  /** Kept out of search engines for its language: a page not translated yet (a preview is, besides, by the renderer). */
  noindex: boolean;
  /** The notice above a page not translated yet. */
  untranslated: PublicPageData['untranslated'];
  /** The page's own address in another language than the default (`/de/Contact1`): where its form posts. */
  address: string | undefined;
  /** In another language, the site's pages in it, for the page's links (addressesIn). */
  links: ReadonlyMap<string, string> | undefined;
  /** The site's words in the page's language: the firm's own, and over them the language's translations. */
  texts: Readonly<Record<string, string>>;
  /** The frame's words that differ from Folio's. */
  frame: SiteWords | undefined;
  /** In another language, the words the menu's labels are translated by; absent in the default one. */
  menuWords: Readonly<Record<string, string>> | undefined;
  /** In another language, the footer's tagline as translated; absent in the default one or not translated. */
  tagline: string | undefined;
}

/**
 * What visitors see of a page: its published document, or in another language its translation; a page not
 * translated into it yet, the default language's (`translated` false: buildPage checked the language has pages).
 * A staff preview shows the document it was given, as it is.
 */
export async function shownDocument(
  tenant: Tenant,
  page: Page,
  preview: Record<string, unknown> | undefined,
): Promise<ShownDocument> {
  if (preview) return { document: preview, translated: true };
  const translation = page.inDefaultLanguage ? null : await translatedDocument(tenant, page, page.locale);
  if (translation) return { document: translation, translated: true };
  return { document: await publishedDocument(tenant, page), translated: page.inDefaultLanguage };
}

/**
 * The page shown in its language (`shown`: shownDocument's answer, awaited here so that the renderer reads the
 * page's view beside this): its languages, words, links and what search engines are told, read together.
 */
export async function shownLanguage(tenant: Tenant, page: Page, shown: Promise<ShownDocument>): Promise<ShownLanguage> {
  // In another language than the default, its own words, links and address (the default's are the site's own).
  const other = page.inDefaultLanguage ? undefined : page.locale;
  const [{ document, translated }, languages, words, links] = await Promise.all([
    shown,
    shown.then(({ translated }) => pageLanguages(tenant, page, translated)),
    wordsIn(tenant, other),
    other ? addressesIn(tenant, other) : undefined,
  ]);
  const { texts } = words;
  return {
    document,
    translated,
    lang: languages.lang,
    sourcePath: languages.sourcePath,
    switcher: languages.switcher.length > 1 ? languages.switcher : undefined,
    alternates: translated ? hreflangAlternates(languages.switcher) : [],
    // Not translated yet (docs/design.md §34): the original is the page search engines list, this one is kept out of them.
    canonicalPath: translated ? page.publicPath : languages.sourcePath,
    noindex: !translated,
    untranslated: translated ? undefined : untranslatedNotice(texts, page.locale, languages.sourceLang),
    address: other ? page.publicPath : undefined,
    links,
    texts,
    frame: words.frame,
    // The firm's own words, and in another language the site's own words translated (docs/design.md §28, §34): the
    // menu's labels, the tagline, the contact form's, the frame's.
    menuWords: other ? texts : undefined,
    tagline: other && texts['footer.tagline'] ? texts['footer.tagline'] : undefined,
  };
}

/**
 * `<link rel="alternate" hreflang>` for each language of a page (pageAlternates: the default first), and x-default
 * for the default language's: the page's head and the sitemap's entries (docs/design.md §28). None for a page of
 * one language.
 */
export function hreflangAlternates(languages: ReadonlyArray<{ code: string; path: string }>): HreflangAlternate[] {
  if (languages.length < 2) return [];
  const links = languages.map((l) => ({ hreflang: l.code, path: l.path }));
  return [...links, { hreflang: X_DEFAULT, path: links[0]!.path }];
}

/**
 * Where a page in a language nothing is published in yet sends its visitors (docs/design.md §28): the default
 * language's page; null for a page shown (once anything is published in the language, a page not translated yet is
 * shown there in the default language, docs/design.md §34).
 */
export async function addressBeforeFirstPublication(tenant: Tenant, page: Page): Promise<string | null> {
  if (
    !page.inDefaultLanguage &&
    page.active &&
    (await translatedDocument(tenant, page, page.locale)) === null &&
    !(await languageHasPages(tenant, page.locale))
  )
    return page.publicPath.slice(page.locale.length + 1);
  return null;
}

/** A page in one of its languages: its code, its name as visitors read it, its address. */
export interface PageAlternate {
  code: string;
  name: string;
  path: string;
}

/**
 * The languages a page can be read in now (docs/design.md §28): the default first, then every language visitors can read
 * that the page is published in, in the languages screen's order. One entry: the page has no other language.
 * `shown`: the language of a page shown there not translated yet (docs/design.md §34), listed for its switcher only.
 */
export async function pageAlternates(tenant: Tenant, page: Page, shown?: string): Promise<PageAlternate[]> {
  const [settings, locales, published] = await Promise.all([
    localeSettings(tenant),
    publicLocales(tenant),
    publishedLocalesOf(tenant),
  ]);
  const source = page.inDefaultLanguage ? page.publicPath : page.publicPath.slice(page.locale.length + 1);
  const main = settings.locales.find((l) => l.code === settings.defaultLocale)!;
  const mine = [...(published.get(page.id) ?? []), ...(shown ? [shown] : [])];
  return [
    { code: main.code, name: main.name, path: source },
    ...locales
      .filter((l) => mine.includes(l.code))
      .map((l) => ({ code: l.code, name: l.name, path: `/${l.code}${source}` })),
  ];
}

/**
 * A page's language and its others (docs/design.md §28): `<html lang>`, and the switcher's links (the page in every
 * language it is published in, the shown one marked), which are also its hreflang links. A page not translated
 * yet lists its own language too, in its switcher only.
 */
async function pageLanguages(
  tenant: Tenant,
  page: Page,
  translated: boolean,
): Promise<{ lang: string; sourceLang: string; sourcePath: string; switcher: PageLanguage[] }> {
  const [settings, alternates] = await Promise.all([
    localeSettings(tenant),
    pageAlternates(tenant, page, translated ? undefined : page.locale),
  ]);
  const lang = page.locale;
  return {
    lang,
    sourceLang: settings.defaultLocale,
    sourcePath: alternates[0]!.path,
    switcher: alternates.map((a) => ({ ...a, current: a.code === lang })),
  };
}

/**
 * The notice above a page not translated yet: in the page's language, as the firm translated it or else as Folio
 * says it in that language; in a language Folio has no words for, the default's until the firm translates it.
 */
function untranslatedNotice(
  words: Readonly<Record<string, string>>,
  locale: string,
  sourceLang: string,
): NonNullable<ShownLanguage['untranslated']> {
  const notice =
    (words[UNTRANSLATED_NOTICE.key] ?? '').trim() || UNTRANSLATED_NOTICE_IN[locale.split('-')[0]!.toLowerCase()];
  return notice
    ? { notice, noticeLang: locale, contentLang: sourceLang }
    : { notice: UNTRANSLATED_NOTICE.source, noticeLang: sourceLang, contentLang: sourceLang };
}

/**
 * The site's pages in a language, for the links of a page in it (docs/design.md §34): each page's address in the default
 * language, lower-cased (as visitors' addresses match), and each old short route, → the page's address in this one.
 */
async function addressesIn(tenant: Tenant, locale: string): Promise<ReadonlyMap<string, string>> {
  const links = new Map<string, string>();
  for (const [address, page] of await publicPagesOf(tenant))
    if (!page.inDefaultLanguage && page.locale === locale)
      links.set(address.slice(locale.length + 1).toLowerCase(), address);
  for (const legacy of legacyAddresses()) {
    const target = links.get(redirectTarget(legacy.toLowerCase())?.toLowerCase() ?? '');
    if (target) links.set(legacy.toLowerCase(), target);
  }
  const home = links.get(contentPageByKey('home').publicPath.toLowerCase());
  if (home) links.set('/', home);
  return links;
}
