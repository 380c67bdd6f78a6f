import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firmIconsOf, iconLinks } from '../company/firm-icons';
import { staffPaths } from '../../core/paths';
import type { ClientAssets } from './client-assets';
import { escapeHtml } from './document';

/** The staff app's HTML shell for a version of the firm's icons (docs/design.md §34). */
export type AppShell = (iconVersion: string) => string;

/** The staff app's HTML shell: the app renders in the browser; the shell itself holds nothing secret. */
export function appShellDocument(assets: ClientAssets): AppShell {
  const styles = (assets.app?.styles ?? [])
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  const preloads = (assets.app?.preloads ?? [])
    .map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`)
    .join('');
  const script = assets.app ? `<script type="module" src="${escapeHtml(assets.app.script)}"></script>` : '';
  const head =
    '<!doctype html><html lang="en" class="no-js"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    '<title>Folio</title>';
  const rest =
    `${styles}${preloads}</head><body><div id="app"></div>` +
    '<noscript><p style="padding:2rem">The staff area of Folio needs JavaScript. The public site works without it: <a href="/Home1">go to the home page</a>.</p></noscript>' +
    `${script}</body></html>`;
  return (iconVersion) => head + iconLinks(iconVersion) + rest;
}

/**
 * Sends the shell with the tenant's icons (its logo: the tenant's cache, no read once filled): every call the
 * app makes is checked by the access layer. Kept out of search engines.
 */
export async function sendAppShell(request: FastifyRequest, reply: FastifyReply, shell: AppShell) {
  const { version } = await firmIconsOf(request.tenant);
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-robots-tag', 'noindex')
    .send(shell(version));
}

/** Serves the shell for every staff path of docs/design.md §3 (Autowired pages' editing twins: see public-pages.routes.ts). */
export async function appShellRoutes(app: FastifyInstance, { assets }: { assets: ClientAssets }): Promise<void> {
  const shell = appShellDocument(assets);
  for (const route of staffPaths()) app.get(route, (request, reply) => sendAppShell(request, reply, shell));
}
