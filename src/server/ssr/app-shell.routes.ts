import type { FastifyInstance } from 'fastify';
import { staffPaths } from '../../core/paths';
import type { ClientAssets } from './client-assets';
import { escapeHtml } from './document';

/**
 * Serves the staff app's HTML shell; the app renders in the browser and every call it makes is checked by
 * the access layer, so the shell itself holds nothing secret. Kept out of search engines.
 */
export async function appShellRoutes(app: FastifyInstance, { assets }: { assets: ClientAssets }): Promise<void> {
  const styles = (assets.app?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const script = assets.app ? `<script type="module" src="${escapeHtml(assets.app.script)}"></script>` : '';
  const html =
    '<!doctype html><html lang="en" class="no-js"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    '<title>Folio</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `${styles}</head><body><div id="app"></div>` +
    '<noscript><p style="padding:2rem">The staff area of Folio needs JavaScript. The public site works without it: <a href="/Home1">go to the home page</a>.</p></noscript>' +
    `${script}</body></html>`;
  for (const route of staffPaths()) {
    app.get(route, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').send(html),
    );
  }
}
