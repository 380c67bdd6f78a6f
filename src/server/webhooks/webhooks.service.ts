import { randomBytes } from 'node:crypto';
import {
  DELIVERY_LOG_SIZE,
  WEBHOOK_MESSAGES,
  type Delivery,
  type DeliveryDetail,
  type Webhook,
  type WebhookEvent,
  type WebhookInput,
  type WebhookSecret,
} from '../../core/schemas/webhook';
import type { SessionUser } from '../access/access';
import { audit, changedFields } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { eventsOf, queueDelivery, secretOwner, type DeliveryTools } from './webhook-deliveries';
import { checkTarget, systemResolve, TargetRefusedError } from './webhook-targets';
import {
  deleteWebhookRow,
  findDeliveryRow,
  findWebhookRow,
  insertDelivery,
  insertWebhook,
  listDeliveryRows,
  listWebhookRows,
  updateWebhook as updateWebhookRow,
  type DeliveryRow,
  type ListedWebhookRow,
  type WebhookRow,
} from './webhooks.repository';

/**
 * The webhooks screen's rules (docs/design.md §33): endpoints made, changed, switched on and off, given a new secret and
 * deleted, each audited in its own transaction; the delivery log and Redeliver. An address is checked when it is saved
 * (https, and never an address of a private network: webhook-targets.ts) and again at each delivery.
 */

/** A new signing secret, as Standard Webhooks write them: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const webhookOf = (row: ListedWebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row),
  active: row.active === 1,
  lastStatus: row.last_status,
  lastDeliveryAt: row.last_at,
  failingSince: row.failing_since,
  switchedOffAt: row.switched_off_at,
  switchedOffWhy: row.switched_off_why,
  createdBy: row.owner_name,
  createdAt: row.created_at,
});

const deliveryOf = (row: DeliveryRow): Delivery => ({
  id: row.id,
  event: row.event as WebhookEvent,
  attempts: row.attempts,
  status: row.status,
  responseCode: row.response_code,
  ms: row.ms,
  at: row.attempted_at ?? row.created_at,
  error: row.error,
  redeliveryOf: row.redelivery_of,
});

export async function listWebhooks(tenant: Tenant): Promise<{ items: Webhook[] }> {
  return { items: (await listWebhookRows(tenant.db)).map(webhookOf) };
}

/** The address checked as its deliveries will be; a refusal is a 400 at the field `url`. */
async function checkedUrl(input: WebhookInput, tools: DeliveryTools): Promise<string> {
  try {
    await checkTarget(input.url, tools.rules, tools.resolve ?? systemResolve);
  } catch (error) {
    if (error instanceof TargetRefusedError) throw new ValidationError(error.message, 'url');
    throw error;
  }
  return input.url;
}

async function endpointOf(db: Db, id: number): Promise<WebhookRow> {
  const row = await findWebhookRow(db, id);
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** A new endpoint; its secret is in this answer only (sealed at rest, bound to the endpoint). */
export async function createWebhook(
  tenant: Tenant,
  user: SessionUser,
  input: WebhookInput,
  tools: DeliveryTools,
  now = new Date(),
): Promise<WebhookSecret> {
  const url = await checkedUrl(input, tools);
  const secret = newSecret();
  const stamp = now.toISOString();
  const id = await inTransaction(tenant.db, async (trx) => {
    const id = await insertWebhook(trx, {
      url,
      events: JSON.stringify(input.events),
      // Sealed for the row's own id, known once it is in.
      secret: '',
      owner_id: user.userId,
      owner_name: user.username,
      created_at: stamp,
      updated_at: stamp,
    });
    await updateWebhookRow(trx, id, { secret: tools.box.sealFor(secret, secretOwner(id)) });
    await audit(
      trx,
      tenant,
      {
        action: 'webhook.create',
        targetType: 'webhook',
        targetId: url,
        summary: `Added the webhook endpoint ${url} for ${input.events.join(', ')}`,
        details: { id, url, events: input.events },
      },
      now,
    );
    return id;
  });
  invalidate(tenant, [TAGS.webhooks]);
  return { id, secret, message: WEBHOOK_MESSAGES.created };
}

/** Changes an endpoint's address and events; its secret, state and log stay. */
export async function updateWebhook(
  tenant: Tenant,
  id: number,
  input: WebhookInput,
  tools: DeliveryTools,
  now = new Date(),
): Promise<{ message: string }> {
  const before = await endpointOf(tenant.db, id);
  const url = await checkedUrl(input, tools);
  await inTransaction(tenant.db, async (trx) => {
    if (
      !(await updateWebhookRow(trx, id, { url, events: JSON.stringify(input.events), updated_at: now.toISOString() }))
    )
      throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    await audit(
      trx,
      tenant,
      {
        action: 'webhook.update',
        targetType: 'webhook',
        targetId: url,
        summary: `Changed the webhook endpoint ${url}`,
        details: { id, ...changedFields({ url: before.url, events: eventsOf(before) }, { url, events: input.events }) },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.webhooks]);
  return { message: WEBHOOK_MESSAGES.saved };
}

/**
 * Switches an endpoint on or off. On again clears an automatic switch-off and the time it failed since (a fresh day
 * before it is switched off again); off by hand says who did.
 */
export async function switchWebhook(
  tenant: Tenant,
  user: SessionUser,
  id: number,
  active: boolean,
  now = new Date(),
): Promise<{ message: string }> {
  const before = await endpointOf(tenant.db, id);
  const message = active ? WEBHOOK_MESSAGES.switchedOn : WEBHOOK_MESSAGES.switchedOffByHand;
  if ((before.active === 1) === active) return { message };
  const stamp = now.toISOString();
  await inTransaction(tenant.db, async (trx) => {
    const state = active
      ? { active: 1, failing_since: null, switched_off_at: null, switched_off_why: null }
      : { active: 0, switched_off_at: stamp, switched_off_why: `Switched off by ${user.username}.` };
    if (!(await updateWebhookRow(trx, id, { ...state, updated_at: stamp })))
      throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    await audit(
      trx,
      tenant,
      {
        action: 'webhook.status',
        targetType: 'webhook',
        targetId: before.url,
        summary: `Switched ${active ? 'on' : 'off'} the webhook endpoint ${before.url}`,
        details: { id, active: { before: before.active === 1, after: active } },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.webhooks]);
  return { message };
}

/** A new secret for an endpoint, in this answer only; the old one signs nothing more. */
export async function renewSecret(
  tenant: Tenant,
  id: number,
  tools: DeliveryTools,
  now = new Date(),
): Promise<WebhookSecret> {
  const row = await endpointOf(tenant.db, id);
  const secret = newSecret();
  await inTransaction(tenant.db, async (trx) => {
    await updateWebhookRow(trx, id, {
      secret: tools.box.sealFor(secret, secretOwner(id)),
      updated_at: now.toISOString(),
    });
    await audit(
      trx,
      tenant,
      {
        action: 'webhook.secret',
        targetType: 'webhook',
        targetId: row.url,
        summary: `Gave the webhook endpoint ${row.url} a new secret`,
        details: { id },
      },
      now,
    );
  });
  return { id, secret, message: WEBHOOK_MESSAGES.newSecret };
}

export async function deleteWebhook(tenant: Tenant, id: number): Promise<{ message: string }> {
  const row = await endpointOf(tenant.db, id);
  await inTransaction(tenant.db, async (trx) => {
    if (!(await deleteWebhookRow(trx, id))) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    await audit(trx, tenant, {
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: row.url,
      summary: `Deleted the webhook endpoint ${row.url}`,
      details: { id, url: row.url, events: eventsOf(row) },
    });
  });
  invalidate(tenant, [TAGS.webhooks]);
  return { message: WEBHOOK_MESSAGES.deleted };
}

/** An endpoint's newest deliveries, newest first. */
export async function listDeliveries(tenant: Tenant, webhookId: number): Promise<{ items: Delivery[] }> {
  await endpointOf(tenant.db, webhookId);
  return { items: (await listDeliveryRows(tenant.db, webhookId, DELIVERY_LOG_SIZE)).map(deliveryOf) };
}

export async function getDelivery(tenant: Tenant, id: number): Promise<DeliveryDetail> {
  const row = await findDeliveryRow(tenant.db, id);
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
  return {
    ...deliveryOf(row),
    webhookId: row.webhook_id,
    messageId: row.message_id,
    body: row.body,
    answer: row.answer,
  };
}

/**
 * Sends a delivery again now: a new delivery of the same message (its id, event and body), queued at once, with the
 * retries of any delivery. Refused (409) while its endpoint is switched off.
 */
export async function redeliver(
  tenant: Tenant,
  id: number,
  kick: () => void,
  now = new Date(),
): Promise<{ id: number; message: string }> {
  const original = await findDeliveryRow(tenant.db, id);
  if (!original) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
  const endpoint = await endpointOf(tenant.db, original.webhook_id);
  if (endpoint.active !== 1) throw new ConflictError(WEBHOOK_MESSAGES.switchedOff);
  const made = await inTransaction(tenant.db, async (trx) => {
    const made = await insertDelivery(trx, {
      webhook_id: endpoint.id,
      event: original.event,
      message_id: original.message_id,
      body: original.body,
      created_at: now.toISOString(),
      redelivery_of: original.id,
    });
    await queueDelivery(trx, made, now);
    await audit(
      trx,
      tenant,
      {
        action: 'webhook.redeliver',
        targetType: 'webhook',
        targetId: endpoint.url,
        summary: `Redelivered ${original.event} (delivery ${original.id}) to the webhook endpoint ${endpoint.url}`,
        details: { id: endpoint.id, delivery: original.id, redelivery: made, event: original.event },
      },
      now,
    );
    return made;
  });
  kick();
  return { id: made, message: WEBHOOK_MESSAGES.redelivered };
}
