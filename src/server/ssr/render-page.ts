import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { ContactFormState, PublicPageData } from '../../core/public-page';
import type { Seo } from '../../core/schemas/seo';
import { renderPublicBody } from '../../client/entry-server';
import { getSiteCompany } from '../company/company.service';
import { firmIconsOf } from '../company/firm-icons';
import { imageDetails } from '../media/media-library.service';
import { getPublicMenu } from '../menus/menus.service';
import type { Page } from '../pages/page-kind';
import { publishedDocument } from '../pages/page.service';
import { publicPagesOf } from '../pages/resolve-page';
import { pageMeta, type PageMeta } from '../pages/seo';
import type { RenderedPage } from '../cache/rendered-pages';
import type { Tenant } from '../tenants/tenants';
import type { ClientAssets } from './client-assets';
import { renderDocument, type DocumentParts } from './document';
import { legacyAddresses, redirectTarget } from './public-addresses';
import { localeSettings } from '../locales/locales.service';
import { wordsIn } from '../locales/site-texts.service';
import { contactWordsOf, menuIn, UNTRANSLATED_NOTICE, UNTRANSLATED_NOTICE_IN } from '../../core/site-texts';
import { languageHasPages, pageAlternates, translatedDocument } from '../pages/translations.service';
import type { PageLanguage } from '../../core/schemas/locale';
import { contentPageByKey } from '../../core/pages';
import { sayWord } from '../../core/site-words';

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCompress);

/** What every render of the site needs, made once at start. */
export interface RenderSite {
  publicBaseUrl: string;
  assets: ClientAssets;
  /** Every answer's security headers: a cached page carries them itself (it is written straight to the socket). */
  securityHeaders: Readonly<Record<string, string>>;
}

/**
 * The revision shown: the published one (`public`; the contact form's state after a post without JavaScript),
 * or a staff preview's document with the way back to its editor (`preview`: the bar, noindex; no way back, null,
 * for the visitor of a shared link).
 */
export type ShownRevision =
  | { mode: 'public'; contactForm?: ContactFormState }
  | { mode: 'preview'; document: Record<string, unknown>; editorPath: string | null; pane?: PaneFrame };

/**
 * A render for the editor's preview pane (docs/design.md §26): the page as a sandboxed frame of the editor shows it, with
 * the bridge script that talks to the editor (only to `editorOrigin`), the search result the page makes, and the
 * site's addresses for the link check.
 */
export interface PaneFrame {
  editorOrigin: string;
}
export type RenderMode = ShownRevision['mode'];

/** How a rendered public page may be kept: `private` when its answers carry a visitor's own cookie (the contact page's). */
export interface BuildOptions {
  contactForm?: ContactFormState;
  private?: boolean;
}

/**
 * A page of either kind as HTML (docs/design.md §20 for its head), public or previewed: the one renderer of the site
 * (docs/design.md §25). The page's kind says what visitors see of its document (`publicView`); the menu, the company,
 * the head and the document around it are the same for every page. A deactivated page is unpublished: at its
 * address visitors get the 404 page (docs/design.md §11), its editors still preview it.
 */
export async function renderPage(
  site: RenderSite,
  tenant: Tenant,
  page: Page,
  revision: ShownRevision,
): Promise<{ html: string; status: number }> {
  const preview = revision.mode === 'preview' ? revision : undefined;
  if (!page.active && !preview) return renderNotFound(site, tenant, page.publicPath);
  const shown = preview
    ? Promise.resolve({ document: preview.document, translated: true })
    : shownDocument(tenant, page);
  const [menu, source, { document, translated }, view, images, languages, words, links, icons] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    shown,
    shown.then(({ document }) => page.kind.publicView(tenant, page, document)),
    imageDetails(tenant),
    shown.then(({ translated }) => pageLanguages(tenant, page, translated)),
    wordsIn(tenant, page.locale),
    page.locale ? addressesIn(tenant, page.locale) : undefined,
    firmIconsOf(tenant),
  ]);
  // The firm's own words, and in another language the site's own words translated (docs/design.md §28, §34): the menu's
  // labels, the tagline, the contact form's, the frame's.
  const texts = words.texts;
  const company = page.locale && texts['footer.tagline'] ? { ...source, tagline: texts['footer.tagline'] } : source;
  const contactWords = contactWordsOf(texts);
  const { seo } = document as { seo?: Seo };
  const data: PublicPageData = {
    pageKey: view.pageKey,
    // The menu marks the page by its address in the default language, as its links are (they lead to the page in this one).
    path: languages.sourcePath,
    pageName: page.displayName,
    content: view.content,
    menu: page.locale ? menuIn(menu, texts) : menu,
    company,
    copyrightYear: new Date().getFullYear(),
    images,
    locale: languages.lang,
    ...(languages.switcher.length > 1 ? { languages: languages.switcher } : {}),
    ...(Object.keys(contactWords).length > 0 ? { contactWords } : {}),
    ...(page.locale ? { address: page.publicPath } : {}),
    ...(links ? { links } : {}),
    ...(words.frame ? { words: words.frame } : {}),
    ...(translated ? {} : { untranslated: untranslatedNotice(texts, page.locale!, languages.sourceLang) }),
    ...(view.autowired ? { autowired: view.autowired } : {}),
    ...(revision.mode === 'public' && revision.contactForm ? { contactForm: revision.contactForm } : {}),
    ...previewBar(revision),
  };
  // Not translated yet (docs/design.md §34): the original is the page search engines list, this one is kept out of them.
  const publicPath = translated ? page.publicPath : languages.sourcePath;
  const meta = pageMeta({
    seo,
    pageName: page.displayName,
    company,
    description: view.description,
    publicPath,
    publicBaseUrl: site.publicBaseUrl,
  });
  if (preview?.pane)
    data.preview = {
      ...data.preview!,
      searchResult: { title: meta.title, description: meta.description, url: meta.url },
    };
  const pane = preview?.pane ? await paneParts(site, tenant, preview.pane) : undefined;
  const alternates = translated && languages.switcher.length > 1 ? hreflangLinks(site, languages.switcher) : [];
  const head = {
    meta,
    canonical: true,
    noindex: !translated,
    revision,
    preloadImage: view.preloadImage,
    pane,
    lang: languages.lang,
    alternates,
    iconVersion: icons.version,
  };
  return { html: await htmlOf(site, data, head), status: 200 };
}

/**
 * What visitors see of a page: its published document, or in another language its translation; a page not
 * translated into it yet, the default language's (`translated` false: buildPage checked the language has pages).
 */
async function shownDocument(
  tenant: Tenant,
  page: Page,
): Promise<{ document: Record<string, unknown>; translated: boolean }> {
  const translation = page.locale ? await translatedDocument(tenant, page, page.locale) : null;
  if (translation) return { document: translation, translated: true };
  return { document: await publishedDocument(tenant, page), translated: !page.locale };
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
  const lang = page.locale ?? settings.defaultLocale;
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
): NonNullable<PublicPageData['untranslated']> {
  const notice =
    (words[UNTRANSLATED_NOTICE.key] ?? '').trim() || UNTRANSLATED_NOTICE_IN[locale.split('-')[0]!.toLowerCase()];
  return notice
    ? { notice, noticeLang: locale, contentLang: sourceLang }
    : { notice: UNTRANSLATED_NOTICE.source, noticeLang: sourceLang, contentLang: sourceLang };
}

/** `<link rel="alternate" hreflang>` for each language of the page, and x-default for the default language's. */
function hreflangLinks(
  site: RenderSite,
  languages: readonly PageLanguage[],
): Array<{ hreflang: string; href: string }> {
  const links = languages.map((l) => ({ hreflang: l.code, href: new URL(l.path.slice(1), site.publicBaseUrl).href }));
  return [...links, { hreflang: 'x-default', href: links[0]!.href }];
}

/**
 * The site's pages in a language, for the links of a page in it (docs/design.md §34): each page's address in the default
 * language, lower-cased (as visitors' addresses match), and each old short route, → the page's address in this one.
 */
async function addressesIn(tenant: Tenant, locale: string): Promise<ReadonlyMap<string, string>> {
  const links = new Map<string, string>();
  for (const [address, page] of await publicPagesOf(tenant))
    if (page.locale === locale) links.set(address.slice(locale.length + 1).toLowerCase(), address);
  for (const legacy of legacyAddresses()) {
    const target = links.get(redirectTarget(legacy.toLowerCase())?.toLowerCase() ?? '');
    if (target) links.set(legacy.toLowerCase(), target);
  }
  const home = links.get(contentPageByKey('home').publicPath.toLowerCase());
  if (home) links.set('/', home);
  return links;
}

/** The site's 404 page, at the address asked for (the menu marks nothing), with status 404. */
export async function renderNotFound(
  site: RenderSite,
  tenant: Tenant,
  path: string,
): Promise<{ html: string; status: number }> {
  const [menu, company, icons, words] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    firmIconsOf(tenant),
    wordsIn(tenant, undefined),
  ]);
  const pageName = sayWord(words.frame, 'notFound.title');
  const data: PublicPageData = {
    pageKey: 'not-found',
    path,
    pageName,
    content: null,
    menu,
    company,
    copyrightYear: new Date().getFullYear(),
    ...(words.frame ? { words: words.frame } : {}),
  };
  return {
    html: await htmlOf(site, data, {
      meta: notFoundMeta(company.name, pageName, sayWord(words.frame, 'notFound.lead')),
      canonical: false,
      revision: PUBLISHED,
      iconVersion: icons.version,
    }),
    status: 404,
  };
}

const PUBLISHED: ShownRevision = { mode: 'public' };

/** A public page rendered and compressed for the cache of rendered pages (the contact form's state after a post). */
export async function buildPage(
  site: RenderSite,
  tenant: Tenant,
  page: Page,
  options: BuildOptions = {},
): Promise<RenderedPage> {
  // A page in a language nothing is published in yet (docs/design.md §28): the default language's page. Once anything is,
  // a page not translated yet is shown there in the default language (renderPage, docs/design.md §34).
  if (
    page.locale &&
    page.active &&
    (await translatedDocument(tenant, page, page.locale)) === null &&
    !(await languageHasPages(tenant, page.locale))
  ) {
    return redirectTo(site, page.publicPath.slice(page.locale.length + 1));
  }
  const { html, status } = await renderPage(
    site,
    tenant,
    page,
    options.contactForm ? { mode: 'public', contactForm: options.contactForm } : PUBLISHED,
  );
  return compress(site, html, status, options.private && status === 200 ? 'private, no-cache' : 'no-cache');
}

/** The 404 page rendered and compressed for the cache of rendered pages. */
export async function buildNotFound(site: RenderSite, tenant: Tenant, path: string): Promise<RenderedPage> {
  const { html, status } = await renderNotFound(site, tenant, path);
  return compress(site, html, status, 'no-cache');
}

/** A temporary redirect kept ready to send like a rendered page (the page in a language it is not published in yet). */
function redirectTo(site: RenderSite, location: string): RenderedPage {
  const empty = Buffer.alloc(0);
  const headers = { ...site.securityHeaders, location, 'cache-control': 'no-cache', 'content-length': '0' };
  return {
    status: 302,
    html: empty,
    gzip: empty,
    brotli: empty,
    etag: '',
    headers: { br: headers, gzip: headers, identity: headers, notModified: headers },
  };
}

/** The bar of a staff preview, with the link back to the editor. */
function previewBar(revision: ShownRevision): Pick<PublicPageData, 'preview'> {
  return revision.mode === 'preview' ? { preview: { editorPath: revision.editorPath } } : {};
}

/** What a pane's frame has besides the page: the bridge, the editor's origin, the site's addresses (link check). */
async function paneParts(site: RenderSite, tenant: Tenant, pane: PaneFrame): Promise<DocumentParts['pane']> {
  const pages = await publicPagesOf(tenant);
  const addresses = ['/', ...pages.keys(), ...legacyAddresses()];
  return {
    bridgeScript: site.assets.previewBridgeScript ?? null,
    editorOrigin: pane.editorOrigin,
    siteAddresses: addresses,
  };
}

/** The whole document around the page's body; a preview is kept out of search engines. */
async function htmlOf(
  site: RenderSite,
  data: PublicPageData,
  head: {
    meta: PageMeta;
    canonical: boolean;
    revision: ShownRevision;
    preloadImage?: string | undefined;
    pane?: DocumentParts['pane'];
    /** Kept out of search engines besides a preview: a page not translated yet (docs/design.md §34). */
    noindex?: boolean;
    lang?: string;
    alternates?: DocumentParts['alternates'];
    iconVersion: string;
  },
): Promise<string> {
  return renderDocument({
    lang: head.lang,
    alternates: head.alternates,
    meta: head.meta,
    canonical: head.canonical,
    noindex: head.revision.mode === 'preview' || head.noindex === true,
    bodyHtml: await renderPublicBody(data),
    assets: site.assets,
    preloadImage: head.preloadImage,
    pane: head.pane,
    iconVersion: head.iconVersion,
  });
}

/** The head of the 404 page. */
function notFoundMeta(companyName: string, title: string, description: string): PageMeta {
  return { title: `${title} · ${companyName}`, description, image: '', url: '', siteName: companyName };
}

/**
 * A rendered page kept ready to send: compressed once per render, off the event loop (zlib's thread pool). Brotli
 * at quality 6: on the Home page 0.6 ms against 4.7 ms at 9 for a page 0.5% larger (decision 010).
 */
async function compress(site: RenderSite, html: string, status: number, cacheControl: string): Promise<RenderedPage> {
  const buffer = Buffer.from(html, 'utf8');
  const [gzip, brotli] = await Promise.all([
    gzipAsync(buffer, { level: 9 }),
    brotliAsync(buffer, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }),
  ]);
  const etag = `"${createHash('sha1').update(buffer).digest('base64url')}"`;
  // Every header of the answer, the security headers included: a cached page is written straight to the
  // socket (writeRendered). Content can change at any moment (an editor saves): browsers revalidate, which
  // the ETag makes cheap.
  const common = {
    ...site.securityHeaders,
    'content-type': 'text/html; charset=utf-8',
    etag,
    vary: 'accept-encoding',
    'cache-control': cacheControl,
  };
  const withBody = (body: Buffer, encoding?: string) => ({
    ...common,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(body.length),
  });
  return {
    status,
    html: buffer,
    gzip,
    brotli,
    etag,
    headers: {
      br: withBody(brotli, 'br'),
      gzip: withBody(gzip, 'gzip'),
      identity: withBody(buffer),
      notModified: { ...site.securityHeaders, etag, vary: 'accept-encoding', 'cache-control': cacheControl },
    },
  };
}
