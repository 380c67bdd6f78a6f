import type { FastifyInstance } from 'fastify';
import { etagMatches } from '../media/media.routes';
import { FIRM_ICONS, firmIconFile, firmIconsOf, type FirmIconPath } from './firm-icons';

/**
 * Serves the icons. At the current version an address never changes its bytes: kept for a year. Without a
 * version (a browser's own look for /apple-touch-icon.png) or with an old one, asked again each time: a 304
 * while the logo is the same.
 */
export async function firmIconRoutes(app: FastifyInstance): Promise<void> {
  for (const path of Object.keys(FIRM_ICONS) as FirmIconPath[]) {
    app.get(path, async (request, reply) => {
      const icons = await firmIconsOf(request.tenant);
      const { v } = request.query as { v?: unknown };
      const etag = `"${icons.version}-${FIRM_ICONS[path].size}"`;
      reply
        .header('etag', etag)
        .header('cache-control', v === icons.version ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/png').send(await firmIconFile(request.tenant, icons, path));
    });
  }
}
