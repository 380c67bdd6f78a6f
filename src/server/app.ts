import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type onSendHookHandler } from 'fastify';
import * as meta from '../core/api/meta';
import { installAccessLayer } from './access/access';
import { AcceptCopies } from './http/accept-copies';
import { authRoutes } from './auth/auth.routes';
import { contentApiRoutes } from './content-api/content-api.routes';
import { tokenRoutes } from './tokens/tokens.routes';
import { passkeyRoutes } from './auth/passkeys.routes';
import { companyRoutes } from './company/company.routes';
import type { AppConfig } from './config';
import { ServiceUnavailableError } from './errors';
import { pageRoutes } from './pages/pages.routes';
import {
  PRUNE_REVISIONS_EVERY_MS,
  PUBLISH_SCHEDULED_EVERY_MS,
  publishDueRevisions,
  pruneAllRevisions,
} from './pages/page.service';
import { richTextCleaner } from './pages/rich-text';
import { pingDatabase } from './db/database';
import {
  databaseRateLimitStore,
  pruneExpiredRateLimits,
  PRUNE_RATE_LIMITS_EVERY_MS,
  routeLimitKey,
} from './db/database-rate-limiter';
import { enquiryRoutes } from './enquiries/enquiries.routes';
import { pruneAuditLog, PRUNE_AUDIT_LOG_EVERY_MS } from './audit/audit-log.service';
import { backupRoutes } from './backup/backup.routes';
import { auditLogRoutes } from './audit/audit.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { searchRoutes } from './search/search.routes';
import { MailOutbox } from './enquiries/mail-outbox';
import { JobRunner } from './jobs/job-runner';
import { MailSender } from './mail/mail-sender';
import { StaffMail } from './mail/staff-mail';
import { SecretBox, sealingKey } from './auth/secret-box';
import { sealPlainTwoStepSecrets } from './auth/seal-plain-secrets';
import { logDestination } from './log-format';
import { securityHeaders } from './http/security-headers';
import { fieldRuleRoutes } from './field-rules/field-rules.routes';
import { installRouteContracts, typed } from './http/contract';
import { answerFrameworkError, installErrorHandler } from './http/error-handler';
import { masterDataRoutes } from './masters/masters.routes';
import { importImageFiles } from './media/image-import';
import { mediaRoutes } from './media/media.routes';
import { storedImageBytes } from './media/media.service';
import { menuRoutes } from './menus/menus.routes';
import { menuAdminRoutes } from './menus/menu-admin.routes';
import { groupRoutes } from './groups/groups.routes';
import { pageDefinitionRoutes } from './pages/definitions/page-defs.routes';
import { presenceRoutes } from './pages/presence/presence.routes';
import { previewShareRoutes } from './pages/preview/preview-shares.routes';
import { redirectRoutes } from './redirects/redirects.routes';
import { visitRoutes } from './visits/visits.routes';
import { flushPageViews, tidyVisits, TIDY_VISITS_EVERY_MS } from './visits/visits.service';
import { formRoutes } from './forms/forms.routes';
import { submissionRoutes } from './forms/submissions.routes';
import { FormMail } from './forms/form-mail';
import { pruneSubmissions, PRUNE_SUBMISSIONS_EVERY_MS } from './forms/retention';
import { localeRoutes } from './locales/locales.routes';
import { translationFileRoutes, translationRoutes } from './pages/languages/translations.routes';
import { flushVisits, startVisitFlushes } from './redirects/redirects.service';
import { prunePreviewShares, PRUNE_PREVIEW_SHARES_EVERY_MS } from './pages/preview/preview-shares.service';
import { userRoutes } from './users/users.routes';
import { loadClientAssets } from './ssr/client-assets';
import { appShellRoutes } from './ssr/app-shell.routes';
import { firmIconRoutes } from './company/firm-icons.routes';
import { publicPageRoutes, type HotPath } from './ssr/public-pages.routes';
import { reviewRoutes } from './reviews/reviews.routes';
import { commentRoutes } from './comments/comments.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { releaseRoutes } from './releases/releases.routes';
import { singleSignOnRoutes } from './single-sign-on/single-sign-on.routes';
import { publishDueReleases } from './releases/releases.service';
import { setupRoutes } from './setup/setup.routes';
import { installWebhooks } from './webhooks/webhooks';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { prepareFirstAdministrator } from './setup/setup.service';
import { TenantRegistry } from './tenants/tenants';
import type { ViewCounter } from './visits/count-view';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantRegistry;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The enquiry mail outbox (a kind of job on the runner). */
    outbox: MailOutbox;
    /** Mails to staff (password reset links), on the job runner beside the outbox. */
    staffMail: StaffMail;
    /** The process's one background job runner (docs/design.md §18). */
    jobs: JobRunner;
    /** Writes the redirect hits and 404s this instance counted (docs/design.md §27): every 10 s and on close; tests call `flush`. */
    visitCounts: { flush(): Promise<void> };
    /** Counts a public page's view (docs/design.md §31); undefined with COUNT_VISITS=false. */
    countView: ViewCounter | undefined;
    /** The security headers every answer carries (docs/design.md §17). */
    securityHeaders: Readonly<Record<string, string>>;
    /** More sockets on the port, for a busy server to take bursts of new visitors (main.ts starts them; decision 014). */
    acceptCopies: AcceptCopies;
    /** Starting until every plugin is loaded (migrations ran before), ready, then draining once closing (§18). */
    lifecycle: { state: 'starting' | 'ready' | 'draining' };
  }
}

/** Largest JSON body; content documents are bounded by their schemas well below this. */
const BODY_LIMIT = 2 * 1024 * 1024;

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
  /** Check every answer against its declared schema (the tests): a declared shape cannot drift from the code. */
  checkResponses?: boolean;
  /** How often counted redirect hits and 404s are written (10 s); 0: only when asked and on close (tests that count). */
  flushVisitsEveryMs?: number;
}

/** Builds the whole application (docs/design.md §1). main.ts only listens; tests call app.inject(). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // A cached public page is answered before Fastify's routing (publicPageRoutes fills this in; decision 010).
  const hotPath: HotPath = { send: () => false };
  const app = createFastify(config, options, hotPath);
  installLifecycle(app, config);
  const secrets = secretBoxOf(app, config);
  const tenants = await openTenants(app, config, secrets);
  const { outbox, staffMail, formMail } = installJobs(app, config, tenants, options);
  installWebhooks(app, config, tenants, secrets);
  await installHttpLayer(app, options, tenants);
  probeRoutes(app);
  await registerApiRoutes(app, config, { outbox, staffMail, formMail, secrets });
  await registerPublicSite(app, config, { outbox, formMail, hotPath });
  return app;
}

/** Fastify on its own HTTP server, which asks the hot path first about each request. */
function createFastify(config: AppConfig, options: BuildOptions, hotPath: HotPath): FastifyInstance {
  // Readable lines on a terminal, JSON lines elsewhere or as LOG_FORMAT says (docs/design.md §24).
  const logStream = logDestination(config.logFormat, options.logStream);
  return Fastify({
    serverFactory: (handler, serverOptions) => hotPathServer(hotPath, handler, serverOptions),
    logger: {
      level: config.logLevel,
      // Credentials never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', '*.password'],
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // An address Fastify cannot route (bad encoding, a part too long): a sentence, as every refusal (docs/design.md §4).
    frameworkErrors: answerFrameworkError,
    // One log line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
}

/** Fastify's own server, with its own timeouts, asking the hot path first. */
function hotPathServer(hotPath: HotPath, handler: http.RequestListener, serverOptions: unknown): http.Server {
  const server = http.createServer((request, response) => {
    const answered = hotPath.send(request, response);
    if (answered === false) handler(request, response);
    else if (answered !== true) void answered.then((done) => done || handler(request, response));
  });
  // Fastify hands over its options with their defaults filled in; they are set as Fastify sets them.
  const timeouts = serverOptions as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.requestTimeout = timeouts.requestTimeout;
  server.setTimeout(timeouts.connectionTimeout);
  return server;
}

/** Starting, ready, draining (docs/design.md §18), and the extra sockets on the port closed first when closing. */
function installLifecycle(app: FastifyInstance, config: AppConfig): void {
  const acceptCopies = new AcceptCopies(config.acceptCopies);
  app.decorate('acceptCopies', acceptCopies);
  const lifecycle: FastifyInstance['lifecycle'] = { state: 'starting' };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onReady', (done) => {
    lifecycle.state = 'ready';
    done();
  });
  app.addHook('preClose', (done) => {
    // The proxy hears "not ready" first; then no new connection is taken.
    lifecycle.state = 'draining';
    acceptCopies.close();
    done();
  });
}

/** SECRET_KEY, or on SQLite the key kept in DATA_DIR/secret.key (made at the first start; docs/design.md §24). */
function secretBoxOf(app: FastifyInstance, config: AppConfig): SecretBox {
  const sealing = sealingKey(config);
  const secrets = new SecretBox(sealing.key);
  if (sealing.madeFile) {
    app.log.info(
      `Made the key that seals two-step sign-in secrets: ${sealing.madeFile}. Keep a copy of it apart from the backups; a backup restored without it leaves everyone's two-step sign-in to recovery codes.`,
    );
  }
  return secrets;
}

/** The tenants' databases, each made ready once at start, and the tenant of every request. */
async function openTenants(app: FastifyInstance, config: AppConfig, secrets: SecretBox): Promise<TenantRegistry> {
  const tenants = await TenantRegistry.open(config, app.log, async (tenant) => {
    // Images of the files era move into each tenant's database once (docs/design.md §8); later starts find them there.
    await importImageFiles(tenant, config.dataDir, app.log);
    // Two-step secrets kept in plain text while there was no key are sealed with the key now (decision 016).
    await sealPlainTwoStepSecrets(tenant, secrets, app.log);
    // First run: the administrator from ADMIN_PASSWORD, or the setup code in the log (docs/design.md §7, §18).
    await prepareFirstAdministrator(tenant, config.adminPassword, config, app.log);
  });
  app.decorate('tenants', tenants);
  app.decorateRequest('tenant', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      request.tenant = tenants.resolve(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  return tenants;
}

/** The job runner (docs/design.md §18) and its jobs: main.ts starts it; tests drive `app.jobs.tick()` themselves. */
function installJobs(
  app: FastifyInstance,
  config: AppConfig,
  tenants: TenantRegistry,
  options: BuildOptions,
): { outbox: MailOutbox; staffMail: StaffMail; formMail: FormMail } {
  const jobs = new JobRunner(() => tenants.all(), app.log);
  const mailSender = new MailSender(config.smtpUrl);
  const outbox = new MailOutbox(config, app.log, jobs, mailSender);
  const staffMail = new StaffMail(config, app.log, jobs, mailSender);
  const formMail = new FormMail(config, app.log, jobs, mailSender);
  jobs.every('prune-rate-limits', PRUNE_RATE_LIMITS_EVERY_MS, async (tenant, now) => {
    await pruneExpiredRateLimits(tenant.db, now);
  });
  jobs.every('prune-audit-log', PRUNE_AUDIT_LOG_EVERY_MS, async (tenant, now) => {
    const pruned = await pruneAuditLog(tenant, config.auditKeepDays, now);
    if (pruned > 0) app.log.info({ tenant: tenant.name, pruned, keepDays: config.auditKeepDays }, 'audit log pruned');
  });
  // docs/design.md §19: scheduled revisions go live within 30 s of their time (a pass every 15 s, the runner polls every
  // 5 s), on one instance; pruning catches up after REVISIONS_PER_PAGE was lowered (a save prunes its own page).
  jobs.every('publish-scheduled', PUBLISH_SCHEDULED_EVERY_MS, async (tenant, now) => {
    const published = await publishDueRevisions(tenant, now);
    if (published.length > 0) app.log.info({ tenant: tenant.name, published }, 'scheduled revisions published');
    // docs/design.md §32: scheduled releases, in the same pass (a release and a page due at once go live together).
    const releases = await publishDueReleases(tenant, now);
    if (releases.length > 0) app.log.info({ tenant: tenant.name, releases }, 'scheduled releases published');
  });
  jobs.every('prune-revisions', PRUNE_REVISIONS_EVERY_MS, async (tenant) => {
    const pruned = await pruneAllRevisions(tenant, config.revisionsPerPage);
    if (pruned > 0)
      app.log.info({ tenant: tenant.name, pruned, keep: config.revisionsPerPage }, 'old revisions pruned');
  });
  // docs/design.md §26: shared preview links ended over 30 days ago, and editors that closed without saying so.
  jobs.every('prune-preview-shares', PRUNE_PREVIEW_SHARES_EVERY_MS, async (tenant, now) => {
    await prunePreviewShares(tenant, now);
  });
  // docs/design.md §30: each form's submissions past the days it keeps them, with their files.
  jobs.every('prune-submissions', PRUNE_SUBMISSIONS_EVERY_MS, async (tenant, now) => {
    const pruned = await pruneSubmissions(tenant, now);
    if (pruned > 0) app.log.info({ tenant: tenant.name, pruned }, 'form submissions past their retention deleted');
  });
  // docs/design.md §31: the salts and hashes of ended days, and figures past 25 months.
  jobs.every('tidy-visits', TIDY_VISITS_EVERY_MS, async (tenant, now) => {
    const tidied = await tidyVisits(tenant, now);
    if (tidied.days > 0) app.log.info({ tenant: tenant.name, days: tidied.days }, 'visits past 25 months deleted');
  });
  // docs/design.md §27, §31: redirect hits, 404s and page views, counted in memory; each instance writes its own (not a
  // job: see decision 024).
  const visitCounts = startVisitFlushes(() => tenants.all(), app.log, options.flushVisitsEveryMs, [
    flushVisits,
    flushPageViews,
  ]);
  app.decorate('jobs', jobs);
  app.decorate('visitCounts', visitCounts);
  app.decorate('outbox', outbox);
  app.decorate('staffMail', staffMail);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await visitCounts.stop();
    await tenants.close();
  });
  return { outbox, staffMail, formMail };
}

/** Cookies, the access layer, route contracts, cache and security headers, route limits, the error handler. */
async function installHttpLayer(app: FastifyInstance, options: BuildOptions, tenants: TenantRegistry): Promise<void> {
  await app.register(cookie);
  installAccessLayer(app);
  await installRouteContracts(app, { checkResponses: options.checkResponses ?? false });
  // docs/design.md §17: no shared cache or back button keeps an API answer, unless its route sets its own cache policy
  // (public content). Added to the API routes only, so public pages pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) route.onSend = [...[route.onSend ?? []].flat(), noStore];
  });

  // JSON only: a state change sent as text/plain or form-encoded (a cross-site form post) is a 415.
  app.removeContentTypeParser('text/plain');

  // Security headers: computed once, set on every answer (a cached public page sends them with its own).
  const security = securityHeaders();
  app.decorate('securityHeaders', security);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  // Route limits (the contact and setup forms) count per tenant and address in the tenant's database, so they
  // hold across instances (docs/design.md §18).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore((name) => tenants.named(name)?.db),
    keyGenerator: (request) => routeLimitKey(request.tenant.name, request.ip),
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Too many requests. Please wait a few minutes and try again.',
    }),
  });

  installErrorHandler(app);
}

/**
 * Health: the process lives and its database answers. Readiness (docs/design.md §18): whether a proxy should send it
 * visitors: 503 while starting or draining, or while the database does not answer.
 */
function probeRoutes(app: FastifyInstance): void {
  const { lifecycle } = app;
  typed(app).route(meta.ready, async (request) => {
    if (lifecycle.state === 'starting') throw new ServiceUnavailableError('This instance is starting.');
    if (lifecycle.state === 'draining') throw new ServiceUnavailableError('This instance is shutting down.');
    try {
      await pingDatabase(request.tenant.db);
    } catch {
      throw new ServiceUnavailableError('The database does not answer.');
    }
    return { status: 'ready' as const };
  });

  typed(app).route(meta.health, async (request) => {
    await pingDatabase(request.tenant.db);
    return { status: 'ok' as const, tenant: request.tenant.name, database: request.tenant.dialect };
  });
}

/** The API of the staff app and the public forms (docs/design.md §4). */
async function registerApiRoutes(
  app: FastifyInstance,
  config: AppConfig,
  services: { outbox: MailOutbox; staffMail: StaffMail; formMail: FormMail; secrets: SecretBox },
): Promise<void> {
  const { outbox, staffMail, formMail, secrets } = services;
  const cleanRichText = richTextCleaner(config.publicBaseUrl);
  const saveTools = { cleanRichText, keepRevisions: config.revisionsPerPage };
  await app.register(pageRoutes, { ...saveTools, imageBytes: storedImageBytes, publicBaseUrl: config.publicBaseUrl });
  await app.register(menuRoutes);
  await app.register(enquiryRoutes, { config, outbox });
  await app.register(auditLogRoutes);
  await app.register(dashboardRoutes, { outbox });
  await app.register(searchRoutes);
  await app.register(backupRoutes, { config });
  await app.register(authRoutes, { config, mail: staffMail, box: secrets });
  await app.register(tokenRoutes);
  await app.register(contentApiRoutes, { publicBaseUrl: config.publicBaseUrl });
  await app.register(singleSignOnRoutes, { config, box: secrets });
  await app.register(passkeyRoutes, { config });
  await app.register(setupRoutes, { keepRevisions: config.revisionsPerPage });
  await app.register(companyRoutes);
  await app.register(fieldRuleRoutes);
  await app.register(groupRoutes);
  await app.register(userRoutes);
  await app.register(menuAdminRoutes);
  await app.register(pageDefinitionRoutes);
  await app.register(masterDataRoutes);
  await app.register(mediaRoutes, { config });
  await app.register(previewShareRoutes, { publicBaseUrl: config.publicBaseUrl });
  await app.register(presenceRoutes);
  await app.register(redirectRoutes);
  await app.register(formRoutes);
  await app.register(submissionRoutes, { config, mail: formMail });
  await app.register(visitRoutes);
  await app.register(calendarRoutes);
  await app.register(releaseRoutes);
  await app.register(webhookRoutes);
  await app.register(reviewRoutes, { kickMail: () => staffMail.kick(), publicBaseUrl: config.publicBaseUrl });
  await app.register(commentRoutes, { kickMail: () => staffMail.kick(), publicBaseUrl: config.publicBaseUrl });
  await app.register(localeRoutes);
  await app.register(translationRoutes, {
    ...saveTools,
    imageBytes: storedImageBytes,
    publicBaseUrl: config.publicBaseUrl,
  });
  await app.register(translationFileRoutes, { ...saveTools, imageBytes: storedImageBytes });
}

/** The client's files, the staff app's shell and the public site (its 404 handler last). */
async function registerPublicSite(
  app: FastifyInstance,
  config: AppConfig,
  { outbox, formMail, hotPath }: { outbox: MailOutbox; formMail: FormMail; hotPath: HotPath },
): Promise<void> {
  const assets = loadClientAssets(config.clientDir);
  if (!assets.entryScript)
    app.log.warn(
      { clientDir: config.clientDir },
      'no client build found: pages render without scripts (run npm run build)',
    );
  if (fs.existsSync(config.clientDir)) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(config.clientDir, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
        // The editor's preview pane is a sandboxed frame of no origin (docs/design.md §26): it may load the site's public
        // files (images, fonts; the islands and its bridge are module scripts, fetched with CORS). All of them are
        // public anyway; pages and the API keep same-origin.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        if (hashed) reply.header('access-control-allow-origin', '*');
      },
    });
  }
  await app.register(firmIconRoutes);
  await app.register(appShellRoutes, { assets });
  await app.register(publicPageRoutes, { config, assets, outbox, formMail, hotPath });
}

const noStore: onSendHookHandler = async (_request, reply, payload) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
};
