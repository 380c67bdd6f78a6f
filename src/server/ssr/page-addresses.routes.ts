import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../pages/page-kind';
import { findPageAddress, publicPagesOf } from '../pages/resolve-page';
import { sendAppShell, type AppShell } from './app-shell.routes';
import { serveCached } from './hot-path';
import { ONE_SEGMENT } from './public-addresses';
import { buildNotFound, buildPage, type RenderSite } from './render-page';
import { EVERY_FORM, sendPageWithForm } from './form-post.routes';

/** What serving a public page takes: the site's renderer context and the staff app's shell (editing twins). */
export interface PageServing {
  site: RenderSite;
  shell: AppShell;
}

/** A page at its public address, from the cache of rendered pages. */
export function servePage(site: RenderSite, request: FastifyRequest, reply: FastifyReply, page: Page) {
  return serveCached(request, reply, page.cacheKey, () => buildPage(site, request.tenant, page), undefined, page);
}

/**
 * A page, or after its form was sent without JavaScript (`?sent=1`, docs/design.md §30) the page with the form's
 * success message, rendered for this visitor only.
 */
async function servePageOrSent(
  site: RenderSite,
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  search: string,
): Promise<unknown> {
  if (page.kind.name === 'page-builder' && new URLSearchParams(search).get('sent') === '1')
    return sendPageWithForm(site, request, reply, page, { formId: EVERY_FORM, values: {}, errors: {}, sent: true });
  return servePage(site, request, reply, page);
}

/** The 404 page at the address asked for, from the cache of rendered pages. */
export function serveNotFound(site: RenderSite, request: FastifyRequest, reply: FastifyReply, path: string) {
  return serveCached(request, reply, 'not-found', () => buildNotFound(site, request.tenant, path));
}

/**
 * A page's address (resolvePage's pages, pages/resolve-page.ts): its public address as spelled serves the page;
 * for a page made in page creation, `/{Name}` is its editing twin (the staff app) and another spelling of either
 * twin answers 301 to the canonical one (docs/design.md §13). Returns whether it answered (false: no page there; a
 * Fastify reply is thenable, so it is awaited here, never returned).
 */
export async function servePageAddress(
  serving: PageServing,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  search: string,
): Promise<boolean> {
  const page = (await publicPagesOf(request.tenant)).get(pathname);
  if (page) {
    await servePageOrSent(serving.site, request, reply, page, search);
    return true;
  }
  const match = ONE_SEGMENT.exec(pathname);
  const address = match ? await findPageAddress(request.tenant, match[1]!) : null;
  if (!address) return false;
  if (address.twin === 'public') await reply.redirect(`${address.page.publicPath}${search}`, 301);
  else if (!address.canonical) await reply.redirect(`/${address.page.routing}${search}`, 301);
  else await sendAppShell(request, reply, serving.shell);
  return true;
}

/**
 * The public pages' addresses: `/` (the home page), and one route for every single-segment address the fixed
 * routes do not take (the contact page has its form's routes), where every page of either kind is found by its
 * public address as directly as the others; anything else is the 404. Old short routes and other spellings are
 * redirected by the 404 handler.
 */
export function pageAddressRoutes(app: FastifyInstance, serving: PageServing): void {
  app.get('/', (_request, reply) => reply.redirect('/Home1', 301));
  app.get<{ Params: { page: string } }>('/:page', async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    if (await servePageAddress(serving, request, reply, `/${request.params.page}`, search)) return reply;
    return reply.callNotFound();
  });
  // A page in another language visitors can read (docs/design.md §28): `/de/Home1`; an unknown or malformed language, or
  // no such page, is the site's 404.
  app.get<{ Params: { locale: string; page: string } }>('/:locale/:page', async (request, reply) => {
    const page = (await publicPagesOf(request.tenant)).get(`/${request.params.locale}/${request.params.page}`);
    if (!page || page.inDefaultLanguage) return reply.callNotFound();
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    await servePageOrSent(serving.site, request, reply, page, search);
    return reply;
  });
}
