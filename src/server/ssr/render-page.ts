import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type {
  ContactFormState,
  PublicForm,
  PublicFormState,
  PublicPageData,
  PublicParameter,
} from '../../core/public-page';
import type { Seo } from '../../core/schemas/seo';
import { renderPublicBody } from '../../client/entry-server';
import { getSiteCompany } from '../company/company.service';
import { firmIconsOf } from '../company/firm-icons';
import { imageDetails } from '../media/media-library.service';
import { getPublicMenu } from '../menus/menus.service';
import type { Page } from '../pages/page-kind';
import { publicPagesOf } from '../pages/resolve-page';
import { pageMeta, type PageMeta } from '../pages/seo';
import type { RenderedPage } from '../cache/rendered-pages';
import type { Tenant } from '../tenants/tenants';
import type { ClientAssets } from './client-assets';
import { renderDocument, type DocumentParts } from './document';
import { legacyAddresses } from './public-addresses';
import { wordsIn } from '../locales/site-texts.service';
import { contactWordsOf, menuIn } from '../../core/site-texts';
import { addressBeforeFirstPublication, shownDocument, shownLanguage } from '../pages/languages/shown-language';
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
  | { mode: 'public'; contactForm?: ContactFormState; formState?: PublicFormState }
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
): Promise<{ html: string; status: number; withForm?: true }> {
  const preview = revision.mode === 'preview' ? revision : undefined;
  if (!page.active && !preview) return renderNotFound(site, tenant, page.publicPath);
  // Everything that depends on the page's language is resolved in one place (pages/languages): this only maps it.
  const shown = shownDocument(tenant, page, preview?.document);
  const [menu, source, language, view, images, icons] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    shownLanguage(tenant, page, shown),
    shown.then(({ document }) => page.kind.publicView(tenant, page, document)),
    imageDetails(tenant),
    firmIconsOf(tenant),
  ]);
  const company = language.tagline ? { ...source, tagline: language.tagline } : source;
  const contactWords = contactWordsOf(language.texts);
  const { seo } = language.document as { seo?: Seo };
  const data: PublicPageData = {
    pageKey: view.pageKey,
    // The menu marks the page by its address in the default language, as its links are (they lead to the page in this one).
    path: language.sourcePath,
    pageName: page.displayName,
    content: view.content,
    menu: language.menuWords ? menuIn(menu, language.menuWords) : menu,
    company,
    copyrightYear: new Date().getFullYear(),
    images,
    locale: language.lang,
    ...(language.switcher ? { languages: language.switcher } : {}),
    ...(Object.keys(contactWords).length > 0 ? { contactWords } : {}),
    ...(language.address ? { address: language.address } : {}),
    ...(language.links ? { links: language.links } : {}),
    ...(language.frame ? { words: language.frame } : {}),
    ...(language.untranslated ? { untranslated: language.untranslated } : {}),
    ...(view.autowired ? { autowired: view.autowired } : {}),
    ...(revision.mode === 'public' && revision.contactForm ? { contactForm: revision.contactForm } : {}),
    ...(revision.mode === 'public' && revision.formState ? { formState: revision.formState } : {}),
    ...previewBar(revision),
  };
  const meta = pageMeta({
    seo,
    pageName: page.displayName,
    company,
    description: view.description,
    publicPath: language.canonicalPath,
    publicBaseUrl: site.publicBaseUrl,
  });
  if (preview?.pane)
    data.preview = {
      ...data.preview!,
      searchResult: { title: meta.title, description: meta.description, url: meta.url },
    };
  const pane = preview?.pane ? await paneParts(site, tenant, preview.pane) : undefined;
  const head = {
    meta,
    canonical: true,
    noindex: language.noindex,
    revision,
    preloadImage: view.preloadImage,
    pane,
    lang: language.lang,
    alternates: language.alternates.map((a) => ({ hreflang: a.hreflang, href: publicUrl(site, a.path) })),
    iconVersion: icons.version,
  };
  return { html: await htmlOf(site, data, head), status: 200, ...(view.autowired?.forms ? { withForm: true } : {}) };
}

/** A public path as the absolute address search engines are given. */
function publicUrl(site: RenderSite, path: string): string {
  return new URL(path.slice(1), site.publicBaseUrl).href;
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

/**
 * A form as visitors will see it on a page made without code (docs/design.md §30), for the forms editor's preview: the
 * site's page around it (header, footer, stylesheet; no menu) under a stand-in heading, noindex. Rendered as the
 * published page is, by the one renderer: what the preview shows is what the page will show.
 */
export async function renderFormPreview(
  site: RenderSite,
  tenant: Tenant,
  title: string,
  form: PublicForm,
): Promise<string> {
  const [company, icons, words] = await Promise.all([
    getSiteCompany(tenant),
    firmIconsOf(tenant),
    wordsIn(tenant, undefined),
  ]);
  const place: PublicParameter = {
    name: 'form',
    type: 'Form',
    unittype: 'Form',
    level: 'Header',
    yes: '',
    no: '',
    decimalplaces: null,
    showName: false,
    heading: false,
  };
  const data: PublicPageData = {
    pageKey: 'autowired',
    path: '/',
    pageName: title,
    content: { header: { form: form.id }, rows: [], revision: 0 },
    autowired: { title, parameters: [place], forms: { form } },
    // No menu: on a phone's width it would fill the frame above the form (without scripts it shows unfolded).
    menu: [],
    company,
    copyrightYear: new Date().getFullYear(),
    ...(words.frame ? { words: words.frame } : {}),
  };
  // No script: the editor's frame runs none (it shows the form as it is without JavaScript, and cannot send it).
  return htmlOf({ ...site, assets: { ...site.assets, entryScript: null } }, data, {
    meta: notFoundMeta(company.name, title, ''),
    canonical: false,
    noindex: true,
    revision: PUBLISHED,
    iconVersion: icons.version,
  });
}

/** A public page rendered and compressed for the cache of rendered pages (the contact form's state after a post). */
export async function buildPage(
  site: RenderSite,
  tenant: Tenant,
  page: Page,
  options: BuildOptions = {},
): Promise<RenderedPage> {
  // A page in a language nothing is published in yet (docs/design.md §28): the default language's page.
  const away = await addressBeforeFirstPublication(tenant, page);
  if (away !== null) return redirectTo(site, away);
  const { html, status, withForm } = await renderPage(
    site,
    tenant,
    page,
    options.contactForm ? { mode: 'public', contactForm: options.contactForm } : PUBLISHED,
  );
  const rendered = await compress(
    site,
    html,
    status,
    options.private && status === 200 ? 'private, no-cache' : 'no-cache',
  );
  // A page with a form holds the time the form was shown (its token, docs/design.md §30): rendered again within the hour.
  return withForm ? { ...rendered, maxAgeMs: FORM_PAGE_MAX_AGE_MS } : rendered;
}

/** How long a rendered page with a form is kept: its form's time token is no older than this when it is shown. */
export const FORM_PAGE_MAX_AGE_MS = 60 * 60_000;

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
