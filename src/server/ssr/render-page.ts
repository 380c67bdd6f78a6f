import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { ContentPage } from '../../core/pages';
import type { AutowiredDocument } from '../../core/page-defs/autowired-document';
import type { ContactFormState, PublicPageData } from '../../core/public-page';
import type { AnyContent } from '../../core/schemas/page-content';
import { renderPublicBody } from '../../client/entry-server';
import { getSiteCompany } from '../company/company.service';
import { autowiredDocument, autowiredParameters } from '../content/autowired.service';
import { getPageContent } from '../content/content.service';
import type { RevisedPage } from '../content/publishing.service';
import { autowiredDescription, contentDescription, pageMeta, type PageMeta } from '../content/seo';
import { withMasterNames } from '../masters/page-choices';
import { getPublicMenu } from '../menus/menus.service';
import type { AutowiredPageInfo, RenderedPage } from '../tenants/tenant-cache';
import type { Tenant } from '../tenants/tenants';
import type { ClientAssets } from './client-assets';
import { renderDocument } from './document';
import { builtInPageListing } from './public-pages.service';

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCompress);

/** What every render of the site needs, made once at start. */
export interface RenderSite {
  publicBaseUrl: string;
  assets: ClientAssets;
  /** Every answer's security headers: a cached page carries them itself (it is written straight to the socket). */
  securityHeaders: Readonly<Record<string, string>>;
}

/** The page shown: one of the built-in pages at its path (null: the 404 page), or an Autowired page's public twin. */
export type ShownPage = { family: 'built-in'; page: ContentPage | null; path: string } | { family: 'autowired'; page: AutowiredPageInfo };

/**
 * The revision shown: the published one (`public`; the contact form's state after a post without JavaScript),
 * or a staff preview's document with the way back to its editor (`preview`: the bar, noindex).
 */
export type ShownRevision = { mode: 'public'; contactForm?: ContactFormState } | { mode: 'preview'; document: Record<string, unknown>; editorPath: string };
export type RenderMode = ShownRevision['mode'];

const PUBLISHED: ShownRevision = { mode: 'public' };

export const builtInPage = (page: ContentPage | null, path: string): ShownPage => ({ family: 'built-in', page, path });
export const notFoundPage = (path: string): ShownPage => builtInPage(null, path);
export const autowiredPage = (page: AutowiredPageInfo): ShownPage => ({ family: 'autowired', page });

/** The page a staff preview shows (DESIGN §19). */
export function previewedPage(page: RevisedPage): ShownPage {
  // page family: moves into PageKind (issue 35)
  if (page.content) return builtInPage(page.content, page.publicPath);
  const { row } = page;
  return autowiredPage({ id: row.id, routing: row.routing, displayName: row.display_name || row.name, active: row.active === 1, homepage: row.homepage === 'Y' });
}

/**
 * A page as HTML (DESIGN §20 for its head), public or previewed: the one renderer of the site. The status is
 * 404 for the 404 page (a built-in page deactivated in page creation shows it too, unless previewed).
 */
export function renderPage(site: RenderSite, tenant: Tenant, page: ShownPage, revision: ShownRevision): Promise<{ html: string; status: number }> {
  // page family: moves into PageKind (issue 35)
  return page.family === 'built-in' ? renderBuiltIn(site, tenant, page.page, page.path, revision) : renderAutowired(site, tenant, page.page, revision);
}

/** A public page rendered and compressed for the cache of rendered pages (the contact form's state after a post). */
export async function buildPage(site: RenderSite, tenant: Tenant, page: ShownPage, contactForm?: ContactFormState): Promise<RenderedPage> {
  const { html, status } = await renderPage(site, tenant, page, contactForm ? { mode: 'public', contactForm } : PUBLISHED);
  // page family: moves into PageKind (issue 35)
  const contact = page.family === 'built-in' && page.page?.key === 'contact';
  // The contact page's answers carry a visitor's spam-guard cookie: private to the browser.
  return compress(site, html, status, contact && status === 200 ? 'private, no-cache' : 'no-cache');
}

async function renderBuiltIn(site: RenderSite, tenant: Tenant, shown: ContentPage | null, path: string, revision: ShownRevision) {
  const listing = shown ? await builtInPageListing(tenant, shown) : undefined;
  const preview = revision.mode === 'preview' ? revision : undefined;
  // A built-in page deactivated in page creation is unpublished: its twin is the 404 page (DESIGN §11); its
  // editors still preview it.
  const page = shown && listing && (listing.active || preview) ? shown : null;
  const [menu, company, content] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    page ? ((preview?.document as AnyContent | undefined) ?? getPageContent(tenant, page.key)) : Promise.resolve(null),
  ]);
  const pageName = page && listing ? listing.name : 'Page not found';
  const data: PublicPageData = {
    pageKey: page ? page.key : 'not-found',
    path,
    pageName,
    content,
    menu,
    company,
    copyrightYear: new Date().getFullYear(),
    ...(revision.mode === 'public' && revision.contactForm ? { contactForm: revision.contactForm } : {}),
    ...previewBar(revision),
  };
  const meta =
    page && content
      ? pageMeta({ seo: content.seo, pageName, company, description: contentDescription(page.key, content), publicPath: page.publicPath, publicBaseUrl: site.publicBaseUrl })
      : notFoundMeta(company.name);
  const html = await documentOf(site, data, { meta, canonical: page !== null, revision, preloadImage: firstSlide(content) });
  return { html, status: page ? 200 : 404 };
}

/** The public twin of a page made in page creation (DESIGN §13), in the site's design. */
async function renderAutowired(site: RenderSite, tenant: Tenant, page: AutowiredPageInfo, revision: ShownRevision) {
  const [menu, company, stored, parameters] = await Promise.all([
    getPublicMenu(tenant),
    getSiteCompany(tenant),
    revision.mode === 'preview' ? (revision.document as unknown as AutowiredDocument) : autowiredDocument(tenant, page.id),
    autowiredParameters(tenant, page.id),
  ]);
  // Choices from master data are stored as value ids; visitors read the values' names (DESIGN §14).
  const content = await withMasterNames(tenant, parameters, stored);
  const path = `/${page.routing}1`;
  const data: PublicPageData = {
    pageKey: 'autowired',
    path,
    pageName: page.displayName,
    content,
    menu,
    company,
    copyrightYear: new Date().getFullYear(),
    autowired: {
      title: page.displayName,
      parameters: parameters.map((p) => ({
        name: p.parameterName,
        type: p.type,
        unittype: p.unittype,
        level: p.pagecreationtype,
        yes: p.booleanyes,
        no: p.booleanno,
        decimalplaces: p.decimalplaces,
      })),
    },
    ...previewBar(revision),
  };
  const description = autowiredDescription(content, parameters);
  const meta = pageMeta({ seo: stored.seo, pageName: page.displayName, company, description, publicPath: path, publicBaseUrl: site.publicBaseUrl });
  return { html: await documentOf(site, data, { meta, canonical: true, revision }), status: 200 };
}

/** The bar of a staff preview, with the link back to the editor. */
function previewBar(revision: ShownRevision): Pick<PublicPageData, 'preview'> {
  return revision.mode === 'preview' ? { preview: { editorPath: revision.editorPath } } : {};
}

/** The whole document around the page's body; a preview is kept out of search engines. */
async function documentOf(
  site: RenderSite,
  data: PublicPageData,
  head: { meta: PageMeta; canonical: boolean; revision: ShownRevision; preloadImage?: string | undefined },
): Promise<string> {
  return renderDocument({
    meta: head.meta,
    canonical: head.canonical,
    noindex: head.revision.mode === 'preview',
    bodyHtml: await renderPublicBody(data),
    assets: site.assets,
    preloadImage: head.preloadImage,
  });
}

/** The head of the 404 page. */
function notFoundMeta(companyName: string): PageMeta {
  return { title: `Page not found · ${companyName}`, description: 'The page you asked for does not exist.', image: '', url: '', siteName: companyName };
}

function firstSlide(content: AnyContent | null): string | undefined {
  if (content && 'slideList' in content) return content.slideList[0]?.image;
  if (content && 'slidelst' in content) return content.slidelst[0]?.image;
  return undefined;
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
