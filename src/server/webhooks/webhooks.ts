import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../auth/secret-box';
import type { AppConfig } from '../config';
import type { TenantRegistry } from '../tenants/tenants';
import { WebhookDeliveries } from './webhook-deliveries';
import { pruneDeliveriesBefore } from './webhooks.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook deliveries (docs/design.md §33): hears the domain events, a kind of job on the runner. */
    webhooks: WebhookDeliveries;
  }
}

/** How long the delivery log keeps a delivery (what visitors sent is in some of them). */
export const KEEP_DELIVERIES_DAYS = 30;
const PRUNE_DELIVERIES_EVERY_MS = 6 * 60 * 60_000;

/**
 * Webhooks in the app (docs/design.md §33): the deliveries' job kind on the one runner (`app.jobs`), hearing the events of
 * this app's tenants from now on, and a periodic job that deletes deliveries older than 30 days.
 */
export function installWebhooks(
  app: FastifyInstance,
  config: AppConfig,
  tenants: TenantRegistry,
  box: SecretBox,
): WebhookDeliveries {
  const rules = { allowHttp: config.webhooksAllowHttp, allowPrivate: config.webhooksAllowPrivate };
  const deliveries = new WebhookDeliveries(
    () => tenants.all(),
    app.jobs,
    { box, rules, publicBaseUrl: config.publicBaseUrl },
    app.log,
  );
  deliveries.listen();
  app.jobs.every('prune-webhook-deliveries', PRUNE_DELIVERIES_EVERY_MS, async (tenant, now) => {
    const before = new Date(now.getTime() - KEEP_DELIVERIES_DAYS * 24 * 60 * 60_000).toISOString();
    const pruned = await pruneDeliveriesBefore(tenant.db, before);
    if (pruned > 0) app.log.info({ tenant: tenant.name, pruned }, 'webhook deliveries past 30 days deleted');
  });
  app.decorate('webhooks', deliveries);
  return deliveries;
}
