import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffPaths } from '../../core/paths';
import { CONTENT_PAGES, contentPageByKey, type ContentPage } from '../../core/pages';
import formbody from '@fastify/formbody';
import { ContactEnquirySchema } from '../../core/schemas/contact-enquiry';
import { CONTACT_FORM_FIELDS, contactFieldErrors, type ContactFormField, type ContactFormState } from '../../core/public-page';
import { CONTACT_RATE_LIMIT } from '../enquiries/enquiries.routes';
import { submitEnquiry } from '../enquiries/enquiries.service';
import type { MailOutbox } from '../enquiries/mail-outbox';
import { FORM_COOKIE, FORM_TOKEN_MAX_AGE_S, issueFormToken } from '../enquiries/spam-guard';
import type { AnyContent } from '../../core/schemas/page-content';
import type { PublicPageData } from '../../core/public-page';
import { renderPublicBody } from '../../client/entry-server';
import { SESSION_COOKIE } from '../access/access';
import type { AppConfig } from '../config';
import { getActivePublicPaths, getPageContent } from '../content/content.service';
import { getSiteCompany } from '../company/company.service';
import { getPublicMenu } from '../menus/menus.service';
import type { Tenant } from '../tenants/tenants';
import type { AutowiredPageInfo, RenderedPage } from '../tenants/tenant-cache';
import { autowiredCacheKey, autowiredDocument, autowiredParameters } from '../content/autowired.service';
import { withMasterNames } from '../masters/page-choices';
import { autowiredAddress, findAutowiredAddress } from '../page-defs/autowired-pages';
import { findPage } from '../page-defs/pages.repository';
import type { AutowiredDocument } from '../../core/page-defs/autowired-document';
import { resolveSession } from '../access/access';
import { findRevisedPage, mayEditPage, previewRevision, previewRevisionOf } from '../content/publishing.service';
import { autowiredDescription, contentDescription, pageMeta, type PageMeta } from '../content/seo';
import { appShellDocument, sendAppShell } from './app-shell.routes';
import type { ClientAssets } from './client-assets';
import { renderDocument } from './document';

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCompress);

/** Old short routes (spec 001 §2) keep working as permanent redirects. */
const LEGACY = new Map(CONTENT_PAGES.flatMap((p) => (p.legacyPath ? [[p.legacyPath.toLowerCase(), p.publicPath] as const] : [])));
const CANONICAL = new Map([
  ...CONTENT_PAGES.map((p) => [p.publicPath.toLowerCase(), p.publicPath] as const),
  ...staffPaths().filter((r) => !r.includes(':')).map((r) => [r.toLowerCase(), r] as const),
]);

export interface PublicPagesOptions {
  config: AppConfig;
  assets: ClientAssets;
  outbox: MailOutbox;
  /** Filled in here: what the HTTP server asks first about each request (app.ts). */
  hotPath: HotPath;
}

/** Answers a request from the raw request and response when it can (true, at once or later), before Fastify sees it. */
export interface HotPath {
  send: (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;
}

const CONTACT_PAGE = contentPageByKey('contact');

/** A staff preview's document and the way back to its editor. */
interface Preview {
  document: Record<string, unknown>;
  editorPath: string;
}
interface RenderOptions {
  contactForm?: ContactFormState;
  preview?: Preview;
}

/** The head of the 404 page. */
function notFoundMeta(companyName: string): PageMeta {
  return { title: `Page not found · ${companyName}`, description: 'The page you asked for does not exist.', image: '', url: '', siteName: companyName };
}
/** `/{name}`: where a page made in page creation may live (its editing twin, or `{Name}1`, its public one). */
const ONE_SEGMENT = /^\/([A-Za-z][A-Za-z0-9-]{0,25})$/;

/**
 * The public site: every page rendered on the server with its content (islands in the browser), cached per tenant
 * and page until something changes, redirects for old and mis-cased routes, 404, robots.txt, sitemap.xml.
 */
export async function publicPageRoutes(app: FastifyInstance, { config, assets, outbox, hotPath }: PublicPagesOptions): Promise<void> {
  // Compressed once per render, off the event loop (zlib's thread pool). Brotli at quality 6: on the Home page
  // 0.6 ms against 4.7 ms at 9 for a page 0.5% larger (decision 010).
  const compress = async (html: string, status: number, cacheControl = 'no-cache'): Promise<RenderedPage> => {
    const buffer = Buffer.from(html, 'utf8');
    const [gzip, brotli] = await Promise.all([
      gzipAsync(buffer, { level: 9 }),
      brotliAsync(buffer, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
    ]);
    const etag = `"${createHash('sha1').update(buffer).digest('base64url')}"`;
    // Every header of the answer, the security headers included: a cached page is written straight to the
    // socket (sendRendered). Content can change at any moment (an editor saves): browsers revalidate, which
    // the ETag makes cheap.
    const common = { ...app.securityHeaders, 'content-type': 'text/html; charset=utf-8', etag, vary: 'accept-encoding', 'cache-control': cacheControl };
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
        notModified: { ...app.securityHeaders, etag, vary: 'accept-encoding', 'cache-control': cacheControl },
      },
    };
  };

  /** A page as HTML (DESIGN §20 for its head): the published content, or a staff preview's document. */
  const renderContent = async (tenant: Tenant, shown: ContentPage | null, path: string, options: RenderOptions = {}): Promise<{ html: string; status: number }> => {
    const row = shown ? await findPage(tenant.db, shown.id) : undefined;
    // A content page deactivated in page creation is unpublished: its twin is the 404 page (DESIGN §11); its
    // editors still preview it.
    const page = shown && row && (row.active === 1 || options.preview) ? shown : null;
    const [menu, company, content] = await Promise.all([
      getPublicMenu(tenant),
      getSiteCompany(tenant),
      page ? ((options.preview?.document as AnyContent | undefined) ?? getPageContent(tenant, page.key)) : Promise.resolve(null),
    ]);
    const pageName = page && row ? row.display_name || row.name : 'Page not found';
    const data: PublicPageData = {
      pageKey: page ? page.key : 'not-found',
      path,
      pageName,
      content,
      menu,
      company,
      copyrightYear: new Date().getFullYear(),
      ...(options.contactForm ? { contactForm: options.contactForm } : {}),
      ...(options.preview ? { preview: { editorPath: options.preview.editorPath } } : {}),
    };
    const meta =
      page && content
        ? pageMeta({ seo: content.seo, pageName, company, description: contentDescription(page.key, content), publicPath: page.publicPath, publicBaseUrl: config.publicBaseUrl })
        : notFoundMeta(company.name);
    const html = renderDocument({
      meta,
      canonical: page !== null,
      noindex: options.preview !== undefined,
      bodyHtml: await renderPublicBody(data),
      assets,
      preloadImage: firstSlide(content),
    });
    return { html, status: page ? 200 : 404 };
  };

  const build = async (tenant: Tenant, shown: ContentPage | null, path: string, contactForm?: ContactFormState): Promise<RenderedPage> => {
    const { html, status } = await renderContent(tenant, shown, path, contactForm ? { contactForm } : {});
    // The contact page's answers carry a visitor's spam-guard cookie: private to the browser.
    return compress(html, status, shown?.key === 'contact' && status === 200 ? 'private, no-cache' : 'no-cache');
  };

  /** The public twin of a page made in page creation (DESIGN §13), in the site's design. */
  const renderAutowired = async (tenant: Tenant, page: AutowiredPageInfo, preview?: Preview): Promise<string> => {
    const [menu, company, stored, parameters] = await Promise.all([
      getPublicMenu(tenant),
      getSiteCompany(tenant),
      preview ? (preview.document as unknown as AutowiredDocument) : autowiredDocument(tenant, page.id),
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
      ...(preview ? { preview: { editorPath: preview.editorPath } } : {}),
    };
    return renderDocument({
      meta: pageMeta({ seo: stored.seo, pageName: page.displayName, company, description: autowiredDescription(content, parameters), publicPath: path, publicBaseUrl: config.publicBaseUrl }),
      canonical: true,
      noindex: preview !== undefined,
      bodyHtml: await renderPublicBody(data),
      assets,
    });
  };
  const buildAutowired = async (tenant: Tenant, page: AutowiredPageInfo): Promise<RenderedPage> => compress(await renderAutowired(tenant, page), 200);

  /**
   * A staff preview (DESIGN §19): `/preview/Home1` renders the page's newest revision (or `?revision=N`) through
   * the same rendering as the public page, with the bar, noindex and no-store; never cached. Anyone whose menu
   * lacks the page's editor (a visitor, a forged cookie) gets the site's 404, as for a page that does not exist.
   */
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>('/preview/:name', async (request, reply) => {
    const { tenant } = request;
    const name = request.params.name;
    const twelve = CONTENT_PAGES.find((p) => p.publicPath.toLowerCase() === `/${name.toLowerCase()}`);
    const routing = twelve ? twelve.routing : name.replace(/1$/, '');
    const session = await resolveSession(request);
    const page = ONE_SEGMENT.test(`/${routing}`) ? await findRevisedPage(tenant, routing) : null;
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!page || !(await mayEditPage(tenant, session, page.row.routing))) {
      const notFound = await renderContent(tenant, null, request.url);
      return reply.code(404).type('text/html; charset=utf-8').send(notFound.html);
    }
    const shown = await previewRevision(tenant, page, previewRevisionOf(request.query.revision));
    const preview: Preview = { document: shown.document, editorPath: `/${page.row.routing}` };
    const html = page.content
      ? (await renderContent(tenant, page.content, page.publicPath, { preview })).html
      : await renderAutowired(tenant, { id: page.row.id, routing: page.row.routing, displayName: page.row.display_name || page.row.name, active: page.row.active === 1, homepage: page.row.homepage === 'Y' }, preview);
    return reply.code(200).type('text/html; charset=utf-8').send(html);
  });

  // A cached page is sent without a promise: the hot path of every visit (DESIGN §10).
  const serveCached = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    render: () => Promise<RenderedPage>,
    setCookie?: string,
  ): FastifyReply | Promise<FastifyReply> => {
    const found = request.tenant.cache.pages.get(key, render, { fresh: signedIn(request.headers) });
    return found instanceof Promise ? found.then((page) => sendRendered(request, reply, page, setCookie)) : sendRendered(request, reply, found, setCookie);
  };

  const serve = (request: FastifyRequest, reply: FastifyReply, page: ContentPage | null, path: string) =>
    serveCached(request, reply, page ? page.key : 'not-found', () => build(request.tenant, page, path));

  // The contact form's spam guard (DESIGN §15): each view of the page gets a signed "served at" cookie; the
  // page itself stays cached. Private: a shared cache must not hand one visitor's cookie to another.
  const secureCookie = config.publicBaseUrl.startsWith('https:');
  const serveContact = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = app.serializeCookie(FORM_COOKIE, await issueFormToken(request.tenant), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      maxAge: FORM_TOKEN_MAX_AGE_S,
    });
    return serveCached(request, reply, CONTACT_PAGE.key, () => build(request.tenant, CONTACT_PAGE, CONTACT_PAGE.publicPath), cookie);
  };

  // The contact form without JavaScript: the browser posts the fields to the page; the answer is the page
  // again, with what was sent and a sentence per error (400), or the form emptied and the success message.
  await app.register(async (form) => {
    await form.register(formbody);
    form.post(CONTACT_PAGE.publicPath, { config: { rateLimit: CONTACT_RATE_LIMIT } }, async (request, reply) => {
      const sent = formFields(request.body);
      const parsed = ContactEnquirySchema.safeParse(sent);
      let state: ContactFormState;
      if (parsed.success) {
        await submitEnquiry(request.tenant, parsed.data, { token: request.cookies[FORM_COOKIE], minFillMs: config.contactMinFillMs, outbox });
        state = { values: emptyContactValues(), errors: {}, sent: true };
      } else {
        state = { values: pickContactValues(sent), errors: contactFieldErrors(parsed.error.issues), sent: false };
      }
      const rendered = await build(request.tenant, CONTACT_PAGE, CONTACT_PAGE.publicPath, state);
      return reply
        .code(parsed.success ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(rendered.html);
    });
  });

  const shell = appShellDocument(assets);

  /**
   * Pages made in page creation have no fixed route: `/{Name}` is the editing twin (the staff app), `/{Name}1`
   * the public twin of an active public page. Other spellings answer 301 to the canonical one. Null: no such page.
   */
  const serveAutowired = async (request: FastifyRequest, reply: FastifyReply, pathname: string, search: string): Promise<boolean> => {
    // Returns whether it answered (a Fastify reply is thenable, so it is awaited here, never returned).
    const match = ONE_SEGMENT.exec(pathname);
    if (!match) return false;
    const address = await findAutowiredAddress(request.tenant, match[1]!);
    if (address.kind === 'none') return false;
    const { page } = address;
    if (address.kind === 'editing') {
      if (address.canonical) await sendAppShell(reply, shell);
      else await reply.redirect(`/${page.routing}${search}`, 301);
    } else if (!address.canonical) await reply.redirect(`/${page.routing}1${search}`, 301);
    else await serveCached(request, reply, autowiredCacheKey(page.routing), () => buildAutowired(request.tenant, page));
    return true;
  };

  // The hot path of every visit (DESIGN §10, decision 010): a GET of a public page at its canonical address is
  // answered from the raw request, before Fastify builds its request and reply, with exactly the bytes and
  // headers the routes below send, from the same cache (and the same render when none is at hand). Anything
  // else (a query string, another spelling, the contact page and its cookie, an unknown tenant, a failed
  // render) goes on to Fastify. Off when every request is logged (LOG_LEVEL debug or trace).
  const CACHED_PATHS = new Map(CONTENT_PAGES.filter((page) => page !== CONTACT_PAGE).map((page) => [page.publicPath, page]));
  const requestLogging = config.logLevel === 'debug' || config.logLevel === 'trace';
  const sendIfCached = (request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || requestLogging) return false;
    const tenant = app.tenants.byHeaders(request.headers);
    const url = request.url ?? '';
    if (!tenant) return false;
    let found: RenderedPage | Promise<RenderedPage>;
    const page = CACHED_PATHS.get(url);
    const fresh = signedIn(request.headers);
    if (page) found = tenant.cache.pages.get(page.key, () => build(tenant, page, page.publicPath), { fresh });
    else {
      const byName = tenant.cache.autowiredByName;
      const match = byName && ONE_SEGMENT.exec(url);
      const address = match ? autowiredAddress(byName, match[1]!) : null;
      if (address?.kind !== 'public' || !address.canonical) return false;
      const twin = address.page;
      found = tenant.cache.pages.get(autowiredCacheKey(twin.routing), () => buildAutowired(tenant, twin), { fresh });
    }
    if (found instanceof Promise) {
      // This visitor started the render (or came before any copy existed) and waits for it; should it fail,
      // Fastify's route takes the request over and answers as it answers any failure.
      return found.then(
        (rendered) => (writeRendered(request.headers, response, rendered), true),
        () => false,
      );
    }
    writeRendered(request.headers, response, found);
    return true;
  };
  hotPath.send = sendIfCached;

  app.get('/', (_request, reply) => reply.redirect('/Home1', 301));
  // Pages made in page creation: one route for every single-segment address the fixed routes do not take, so
  // that an Autowired twin is found as directly as the twelve pages' (DESIGN §13); anything else is the 404.
  app.get<{ Params: { page: string } }>('/:page', async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    if (await serveAutowired(request, reply, `/${request.params.page}`, search)) return reply;
    return reply.callNotFound();
  });
  for (const page of CONTENT_PAGES) {
    if (page === CONTACT_PAGE) app.get(page.publicPath, serveContact);
    else app.get(page.publicPath, (request, reply) => serve(request, reply, page, page.publicPath));
  }

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('sitemap.xml', config.publicBaseUrl).href}\n`),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const paths = await getActivePublicPaths(request.tenant);
    const urls = paths
      .map((p) => `<url><loc>${new URL(p.slice(1), config.publicBaseUrl).href}</loc><changefreq>weekly</changefreq></url>`)
      .join('');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://folio.invalid');
    const path = safeDecode(url.pathname).replace(/(.)\/+$/, '$1').toLowerCase();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const target = CANONICAL.get(path) ?? LEGACY.get(path);
      if (target) return reply.redirect(`${target}${url.search}`, 301);
    }
    if (path.startsWith('/api/') || !(request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(404).send({ message: 'There is nothing at this address.' });
    }
    if (await serveAutowired(request, reply, safeDecode(url.pathname).replace(/(.)\/+$/, '$1'), url.search)) return reply;
    return serve(request, reply, null, url.pathname);
  });
}

function firstSlide(content: AnyContent | null): string | undefined {
  if (content && 'slideList' in content) return content.slideList[0]?.image;
  if (content && 'slidelst' in content) return content.slidelst[0]?.image;
  return undefined;
}

/** The form's text fields as posted (a repeated field counts once; anything not text is left out). */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const name of [...CONTACT_FORM_FIELDS, 'website']) {
    const value = (body as Record<string, unknown>)[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

const emptyContactValues = () => Object.fromEntries(CONTACT_FORM_FIELDS.map((f) => [f, ''])) as Record<ContactFormField, string>;
/** What the visitor sent, shown again in the form (at most what the fields take). */
const pickContactValues = (sent: Record<string, string>) =>
  Object.fromEntries(CONTACT_FORM_FIELDS.map((f) => [f, (sent[f] ?? '').slice(0, 5000)])) as Record<ContactFormField, string>;

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Sends a cached page through Fastify (the reply is hijacked: no per-request header assembly, no onSend hooks);
 * `setCookie` adds a Set-Cookie header (the contact page's spam guard).
 */
function sendRendered(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, setCookie?: string): FastifyReply {
  reply.hijack();
  writeRendered(request.headers, reply.raw, page, setCookie);
  return reply;
}

/**
 * Writes a rendered page in the encoding the browser takes, or 304 when it has this version. Its bytes and every
 * header were made when it was rendered, so it goes straight to the socket. Node leaves the body out for HEAD.
 */
function writeRendered(headers: IncomingHttpHeaders, response: ServerResponse, page: RenderedPage, setCookie?: string): void {
  if (setCookie) response.setHeader('set-cookie', setCookie);
  if (page.status === 200 && headers['if-none-match'] === page.etag) {
    response.writeHead(304, page.headers.notModified).end();
    return;
  }
  const accepted = headers['accept-encoding'] ?? '';
  if (BROTLI.test(accepted)) response.writeHead(page.status, page.headers.br).end(page.brotli);
  else if (GZIP.test(accepted)) response.writeHead(page.status, page.headers.gzip).end(page.gzip);
  else response.writeHead(page.status, page.headers.identity).end(page.html);
}

const BROTLI = /\bbr\b/;
const GZIP = /\bgzip\b/;

/**
 * A browser with a staff session, who may be checking a save: public pages never answer it with the copy from
 * before a change (RenderedPages `fresh`). Only the cookie's presence is read, not checked: a forged one gains
 * a visitor nothing but a wait for the render every visitor shares.
 */
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;
function signedIn(headers: IncomingHttpHeaders): boolean {
  return headers.cookie?.includes(SESSION_COOKIE_PREFIX) === true;
}
