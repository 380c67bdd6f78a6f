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
import type { RenderedPage } from '../tenants/tenant-cache';
import type { Tenant } from '../tenants/tenants';
import type { ClientAssets } from './client-assets';
import { renderDocument, type DocumentParts } from './document';
import { legacyAddresses } from './public-addresses';
import { localeSettings } from '../locales/locales.service';
import { siteTextsIn } from '../locales/site-texts.service';
import { contactWordsOf, menuIn } from '../../core/site-texts';
import { pageAlternates, publishedLocalesOf, translatedDocument } from '../pages/translations.service';
import type { PageLanguage } from '../../core/schemas/locale';
import type { MenuEntry } from '../../core/schemas/menu';

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
 * A render for the editor's preview pane (DESIGN §26): the page as a sandboxed frame of the editor shows it, with
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
 * A page of either kind as HTML (DESIGN §20 for its head), public or previewed: the one renderer of the site
 * (DESIGN §25). The page's kind says what visitors see of its document (`publicView`); the menu, the company,
 * the head and the document around it are the same for every page. A deactivated page is unpublished: at its
 * address visitors get the 404 page (DESIGN §11), its editors still preview it.
 */
export async function renderPage(site: RenderSite, tenant: Tenant, page: Page, revision: ShownRevision): Promise<{ html: string; status: number }> {
  const preview = revision.mode === 'preview' ? revision : undefined;
  if (!page.active && !preview) return renderNotFound(site, tenant, page.publicPath);
  const shown = preview ? Promise.resolve(preview.document) : shownDocument(tenant, page);
  const [menu, source, document, view, images, languages, words, icons] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    shown,
    shown.then((document) => page.kind.publicView(tenant, page, document)),
    imageDetails(tenant),
    pageLanguages(tenant, page),
    page.locale ? siteTextsIn(tenant, page.locale) : undefined,
    firmIconsOf(tenant),
  ]);
  // In another language, the site's own words too (DESIGN §28): the menu's labels, the tagline, the contact form's.
  const company = words?.['footer.tagline'] ? { ...source, tagline: words['footer.tagline'] } : source;
  const contactWords = words ? contactWordsOf(words) : {};
  const { seo } = document as { seo?: Seo };
  const data: PublicPageData = {
    pageKey: view.pageKey,
    // The menu marks the page by its address in the default language (its links lead to the page in this one).
    path: languages.sourcePath,
    pageName: page.displayName,
    content: view.content,
    menu: page.locale ? menuIn(await menuInLocale(tenant, menu, page.locale), words ?? {}) : menu,
    company,
    copyrightYear: new Date().getFullYear(),
    images,
    locale: languages.lang,
    ...(languages.switcher.length > 1 ? { languages: languages.switcher } : {}),
    ...(Object.keys(contactWords).length > 0 ? { contactWords } : {}),
    ...(page.locale ? { address: page.publicPath } : {}),
    ...(view.autowired ? { autowired: view.autowired } : {}),
    ...(revision.mode === 'public' && revision.contactForm ? { contactForm: revision.contactForm } : {}),
    ...previewBar(revision),
  };
  const meta = pageMeta({ seo, pageName: page.displayName, company, description: view.description, publicPath: page.publicPath, publicBaseUrl: site.publicBaseUrl });
  if (preview?.pane) data.preview = { ...data.preview!, searchResult: { title: meta.title, description: meta.description, url: meta.url } };
  const pane = preview?.pane ? await paneParts(site, tenant, preview.pane) : undefined;
  const alternates = languages.switcher.length > 1 ? hreflangLinks(site, languages.switcher) : [];
  return { html: await htmlOf(site, data, { meta, canonical: true, revision, preloadImage: view.preloadImage, pane, lang: languages.lang, alternates, iconVersion: icons.version }), status: 200 };
}

/** What visitors see of a page: its published document, or in another language its translation (published: buildPage checked). */
async function shownDocument(tenant: Tenant, page: Page): Promise<Record<string, unknown>> {
  if (!page.locale) return publishedDocument(tenant, page);
  return (await translatedDocument(tenant, page, page.locale)) ?? publishedDocument(tenant, page);
}

/**
 * A page's language and its others (DESIGN §28): `<html lang>`, and the switcher's links (the page in every
 * language it is published in, the shown one marked), which are also its hreflang links.
 */
async function pageLanguages(tenant: Tenant, page: Page): Promise<{ lang: string; sourcePath: string; switcher: PageLanguage[] }> {
  const [settings, alternates] = await Promise.all([localeSettings(tenant), pageAlternates(tenant, page)]);
  const lang = page.locale ?? settings.defaultLocale;
  return { lang, sourcePath: alternates[0]!.path, switcher: alternates.map((a) => ({ ...a, current: a.code === lang })) };
}

/** `<link rel="alternate" hreflang>` for each language of the page, and x-default for the default language's. */
function hreflangLinks(site: RenderSite, languages: readonly PageLanguage[]): Array<{ hreflang: string; href: string }> {
  const links = languages.map((l) => ({ hreflang: l.code, href: new URL(l.path.slice(1), site.publicBaseUrl).href }));
  return [...links, { hreflang: 'x-default', href: links[0]!.href }];
}

/** The menu of a page in another language: its links lead to the pages published in that language, the others to the source's. */
async function menuInLocale(tenant: Tenant, menu: MenuEntry[], locale: string): Promise<MenuEntry[]> {
  const [pages, published] = await Promise.all([publicPagesOf(tenant), publishedLocalesOf(tenant)]);
  const link = (path: string) => {
    const page = pages.get(path);
    return page && !page.locale && published.get(page.id)?.includes(locale) ? `/${locale}${path}` : path;
  };
  return menu.map((entry) => ({
    ...entry,
    mainmenulink: link(entry.mainmenulink),
    lstsubmenu: entry.lstsubmenu.map((sub) => ({ ...sub, submenulink: link(sub.submenulink), lstchildmenu: sub.lstchildmenu.map((child) => ({ ...child, submenulink: link(child.submenulink) })) })),
  }));
}

/** The site's 404 page, at the address asked for (the menu marks nothing), with status 404. */
export async function renderNotFound(site: RenderSite, tenant: Tenant, path: string): Promise<{ html: string; status: number }> {
  const [menu, company, icons] = await Promise.all([getPublicMenu(tenant), getSiteCompany(tenant), firmIconsOf(tenant)]);
  const data: PublicPageData = { pageKey: 'not-found', path, pageName: 'Page not found', content: null, menu, company, copyrightYear: new Date().getFullYear() };
  return { html: await htmlOf(site, data, { meta: notFoundMeta(company.name), canonical: false, revision: PUBLISHED, iconVersion: icons.version }), status: 404 };
}

const PUBLISHED: ShownRevision = { mode: 'public' };

/** A public page rendered and compressed for the cache of rendered pages (the contact form's state after a post). */
export async function buildPage(site: RenderSite, tenant: Tenant, page: Page, options: BuildOptions = {}): Promise<RenderedPage> {
  // A page in another language before its first publication there (DESIGN §28): the default language's page.
  if (page.locale && page.active && (await translatedDocument(tenant, page, page.locale)) === null) return redirectTo(site, page.publicPath.slice(page.locale.length + 1));
  const { html, status } = await renderPage(site, tenant, page, options.contactForm ? { mode: 'public', contactForm: options.contactForm } : PUBLISHED);
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
  return { status: 302, html: empty, gzip: empty, brotli: empty, etag: '', headers: { br: headers, gzip: headers, identity: headers, notModified: headers } };
}

/** The bar of a staff preview, with the link back to the editor. */
function previewBar(revision: ShownRevision): Pick<PublicPageData, 'preview'> {
  return revision.mode === 'preview' ? { preview: { editorPath: revision.editorPath } } : {};
}

/** What a pane's frame has besides the page: the bridge, the editor's origin, the site's addresses (link check). */
async function paneParts(site: RenderSite, tenant: Tenant, pane: PaneFrame): Promise<DocumentParts['pane']> {
  const pages = await publicPagesOf(tenant);
  const addresses = ['/', ...pages.keys(), ...legacyAddresses()];
  return { bridgeScript: site.assets.previewBridgeScript ?? null, editorOrigin: pane.editorOrigin, siteAddresses: addresses };
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
    noindex: head.revision.mode === 'preview',
    bodyHtml: await renderPublicBody(data),
    assets: site.assets,
    preloadImage: head.preloadImage,
    pane: head.pane,
    iconVersion: head.iconVersion,
  });
}

/** The head of the 404 page. */
function notFoundMeta(companyName: string): PageMeta {
  return { title: `Page not found · ${companyName}`, description: 'The page you asked for does not exist.', image: '', url: '', siteName: companyName };
}

/**
 * A rendered page kept ready to send: compressed once per render, off the event loop (zlib's thread pool). Brotli
 * at quality 6: on the Home page 0.6 ms against 4.7 ms at 9 for a page 0.5% larger (decision 010).
 */
async function compress(site: RenderSite, html: string, status: number, cacheControl: string): Promise<RenderedPage> {
  const buffer = Buffer.from(html, 'utf8');
  const [gzip, brotli] = await Promise.all([
    gzipAsync(buffer, { level: 9 }),
    brotliAsync(buffer, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
  ]);
  const etag = `"${createHash('sha1').update(buffer).digest('base64url')}"`;
  // Every header of the answer, the security headers included: a cached page is written straight to the
  // socket (writeRendered). Content can change at any moment (an editor saves): browsers revalidate, which
  // the ETag makes cheap.
  const common = { ...site.securityHeaders, 'content-type': 'text/html; charset=utf-8', etag, vary: 'accept-encoding', 'cache-control': cacheControl };
  const withBody = (body: Buffer, encoding?: string) => ({ ...common, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(body.length) });
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
