import type { FastifyInstance } from 'fastify';
import * as webhooks from '../../core/api/webhooks';
import { typed } from '../http/contract';
import {
  createWebhook,
  deleteWebhook,
  getDelivery,
  listDeliveries,
  listWebhooks,
  redeliver,
  renewSecret,
  switchWebhook,
  updateWebhook,
} from './webhooks.service';

/** Webhooks (docs/design.md §33): endpoints made, changed, switched, re-keyed, deleted; the delivery log and Redeliver. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { tools } = app.webhooks;
  api.route(webhooks.listWebhooks, async (request) => listWebhooks(request.tenant));
  api.route(webhooks.createWebhook, async (request) =>
    createWebhook(request.tenant, request.session!, request.body, tools),
  );
  api.route(webhooks.updateWebhook, async (request) =>
    updateWebhook(request.tenant, request.params.id, request.body, tools),
  );
  api.route(webhooks.switchWebhook, async (request) =>
    switchWebhook(request.tenant, request.session!, request.params.id, request.body.active),
  );
  api.route(webhooks.renewWebhookSecret, async (request) => renewSecret(request.tenant, request.params.id, tools));
  api.route(webhooks.deleteWebhook, async (request) => deleteWebhook(request.tenant, request.params.id));
  api.route(webhooks.listDeliveries, async (request) => listDeliveries(request.tenant, request.params.id));
  api.route(webhooks.getDelivery, async (request) => getDelivery(request.tenant, request.params.id));
  api.route(webhooks.redeliver, async (request) =>
    redeliver(request.tenant, request.params.id, () => app.webhooks.kick()),
  );
}
