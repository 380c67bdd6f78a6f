import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_PAGES, type ContentPage } from '../../core/pages';
import { autowiredCacheKey } from '../content/autowired.service';
import { findAutowiredAddress } from '../page-defs/autowired-pages';
import { sendAppShell } from './app-shell.routes';
import { serveCached } from './hot-path';
import { CONTACT_PAGE, ONE_SEGMENT } from './public-addresses';
import { autowiredPage, buildPage, builtInPage, type RenderSite } from './render-page';

/** What serving a public page takes: the site's renderer context and the staff app's shell (editing twins). */
export interface PageServing {
  site: RenderSite;
  shell: string;
}

/** A built-in page at its address (null: the 404 page at the address asked for), from the cache of rendered pages. */
export function servePage(site: RenderSite, request: FastifyRequest, reply: FastifyReply, page: ContentPage | null, path: string) {
  return serveCached(request, reply, page ? page.key : 'not-found', () => buildPage(site, request.tenant, builtInPage(page, path)));
}

/**
 * Pages made in page creation have no fixed route: `/{Name}` is the editing twin (the staff app), `/{Name}1`
 * the public twin of an active public page. Other spellings answer 301 to the canonical one. Returns whether it
 * answered (false: no such page; a Fastify reply is thenable, so it is awaited here, never returned).
 */
export async function serveAutowired(serving: PageServing, request: FastifyRequest, reply: FastifyReply, pathname: string, search: string): Promise<boolean> {
  const match = ONE_SEGMENT.exec(pathname);
  if (!match) return false;
  const address = await findAutowiredAddress(request.tenant, match[1]!);
  if (address.kind === 'none') return false;
  const { page } = address;
  if (address.kind === 'editing') {
    if (address.canonical) await sendAppShell(reply, serving.shell);
    else await reply.redirect(`/${page.routing}${search}`, 301);
  } else if (!address.canonical) await reply.redirect(`/${page.routing}1${search}`, 301);
  else await serveCached(request, reply, autowiredCacheKey(page.routing), () => buildPage(serving.site, request.tenant, autowiredPage(page)));
  return true;
}

/**
 * The public pages' addresses: `/` (the home page), each built-in page's own (the contact page has its form's
 * routes), and one route for every single-segment address the fixed routes do not take, so that an Autowired
 * twin is found as directly as the built-in pages (DESIGN §13); anything else is the 404. Old short routes and
 * other spellings are redirected by the 404 handler.
 */
export function pageAddressRoutes(app: FastifyInstance, serving: PageServing): void {
  app.get('/', (_request, reply) => reply.redirect('/Home1', 301));
  app.get<{ Params: { page: string } }>('/:page', async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // page family: moves into PageKind (issue 35) (resolvePage)
    if (await serveAutowired(serving, request, reply, `/${request.params.page}`, search)) return reply;
    return reply.callNotFound();
  });
  for (const page of CONTENT_PAGES) {
    if (page !== CONTACT_PAGE) app.get(page.publicPath, (request, reply) => servePage(serving.site, request, reply, page, page.publicPath));
  }
}
