import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { MailOutbox } from '../enquiries/mail-outbox';
import { appShellDocument } from './app-shell.routes';
import type { ClientAssets } from './client-assets';
import { contactFormRoutes } from './contact-form.routes';
import { formPostRoutes } from './form-post.routes';
import { formPreviewRoutes } from '../forms/form-preview.routes';
import type { FormMail } from '../forms/form-mail';
import { countView } from '../visits/count-view';
import { cachedPageSender, type HotPath } from './hot-path';
import { pageAddressRoutes, type PageServing } from './page-addresses.routes';
import { previewPaneRoutes } from '../pages/preview/preview-pane.routes';
import { previewRoutes } from '../pages/preview/preview.routes';
import { storedImageBytes } from '../media/media.service';
import { richTextCleaner } from '../pages/rich-text';
import type { RenderSite } from './render-page';
import { robotsSitemapAndNotFound } from './robots-sitemap-404.routes';

export type { HotPath } from './hot-path';

export interface PublicPagesOptions {
  config: AppConfig;
  assets: ClientAssets;
  outbox: MailOutbox;
  /** A form made without code's mail (docs/design.md §30), for its post without JavaScript. */
  formMail: FormMail;
  /** Filled in here: what the HTTP server asks first about each request (app.ts). */
  hotPath: HotPath;
}

/**
 * The public site: every page rendered on the server with its content (islands in the browser), cached per tenant
 * and page until something changes, redirects for old and mis-cased routes, 404, robots.txt, sitemap.xml.
 * Registered in this plugin's own context (the 404 handler is the site's).
 */
export async function publicPageRoutes(
  app: FastifyInstance,
  { config, assets, outbox, formMail, hotPath }: PublicPagesOptions,
): Promise<void> {
  const site: RenderSite = { publicBaseUrl: config.publicBaseUrl, assets, securityHeaders: app.securityHeaders };
  const serving: PageServing = { site, shell: appShellDocument(assets) };
  previewRoutes(app, site);
  previewPaneRoutes(app, site, {
    cleanRichText: richTextCleaner(config.publicBaseUrl),
    keepRevisions: config.revisionsPerPage,
    imageBytes: storedImageBytes,
  });
  formPreviewRoutes(app, site);
  await contactFormRoutes(app, { site, config, outbox });
  await formPostRoutes(app, { site, config, mail: formMail });
  // docs/design.md §31: views of public pages counted in memory (COUNT_VISITS=false leaves them uncounted).
  const visits = config.countVisits ? { count: countView, trustProxy: config.trustProxy } : undefined;
  app.decorate('countView', visits?.count);
  hotPath.send = cachedPageSender(
    app.tenants,
    site,
    config.logLevel === 'debug' || config.logLevel === 'trace',
    visits,
  );
  pageAddressRoutes(app, serving);
  robotsSitemapAndNotFound(app, serving, config.publicBaseUrl);
}
