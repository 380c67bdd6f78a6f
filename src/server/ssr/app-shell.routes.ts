import type { FastifyInstance, FastifyReply } from 'fastify';
import { staffPaths } from '../../core/paths';
import type { ClientAssets } from './client-assets';
import { escapeHtml } from './document';

/** The staff app's HTML shell: the app renders in the browser; the shell itself holds nothing secret. */
export function appShellDocument(assets: ClientAssets): string {
  const styles = (assets.app?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const preloads = (assets.app?.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('');
  const script = assets.app ? `<script type="module" src="${escapeHtml(assets.app.script)}"></script>` : '';
  return (
    '<!doctype html><html lang="en" class="no-js"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    '<title>Folio</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `${styles}${preloads}</head><body><div id="app"></div>` +
    '<noscript><p style="padding:2rem">The staff area of Folio needs JavaScript. The public site works without it: <a href="/Home1">go to the home page</a>.</p></noscript>' +
    `${script}</body></html>`
  );
}

/** Sends the shell: every call the app makes is checked by the access layer. Kept out of search engines. */
export function sendAppShell(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').send(html);
}

/** Serves the shell for every staff path of DESIGN §3 (Autowired pages' editing twins: see public-pages.routes.ts). */
export async function appShellRoutes(app: FastifyInstance, { assets }: { assets: ClientAssets }): Promise<void> {
  const html = appShellDocument(assets);
  for (const route of staffPaths()) app.get(route, (_request, reply) => sendAppShell(reply, html));
}
