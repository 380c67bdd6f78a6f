import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent } from '../../core/schemas/webhook';
import { audit, runAs } from '../audit/audit';
import type { SecretBox } from '../auth/secret-box';
import { getCompanyDetails } from '../company/company.service';
import { cached, invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import { onDomainEvent, type DomainEvent } from '../events/domain-events';
import type { ClaimedJob, JobKind, JobRunner } from '../jobs/job-runner';
import { ensureJob, type JobState } from '../jobs/jobs.repository';
import { queueStaffMail } from '../mail/staff-mail';
import type { Tenant } from '../tenants/tenants';
import { switchedOffMail } from './webhook-mail';
import { sendAttempt, type AttemptResult } from './webhook-sender';
import { checkTarget, systemResolve, TargetRefusedError, type Resolve, type TargetRules } from './webhook-targets';
import {
  clearFailing,
  findDeliveryRow,
  findOwner,
  findWebhookRow,
  insertDelivery,
  listActiveWebhookRows,
  markDeliveryFailed,
  markFailing,
  recordAttempt,
  switchOffIfActive,
  type DeliveryRow,
  type WebhookRow,
} from './webhooks.repository';

/**
 * The endpoints that are on, read once per change of any endpoint (docs/design.md §29): an event costs a save that
 * publishes no query when no endpoint takes it (decision 039).
 */
const activeEndpoints = cached({
  name: 'webhook-endpoints',
  tags: [TAGS.webhooks],
  load: async (tenant: Tenant): Promise<readonly WebhookRow[]> => listActiveWebhookRows(tenant.db),
});

/** The job kind of a delivery: one job per delivery, its key the delivery's id. */
export const WEBHOOK_DELIVERY = 'webhook-delivery';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits before each retry (docs/design.md §33): 8 attempts over about 27 hours, then the delivery fails. */
export const WEBHOOK_RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** An endpoint whose every delivery failed for this long is switched off and its owner mailed. */
export const SWITCH_OFF_AFTER_MS = 24 * HOUR;

/** The body of a delivery: `{type, timestamp, data}`, data being the event without its name and time. */
export function deliveryBody(event: DomainEvent): string {
  const { type, at, ...data } = event;
  return JSON.stringify({ type, timestamp: at, data });
}

/** The secret of an endpoint as sealed: bound to the endpoint, so it opens for no other row. */
export const secretOwner = (webhookId: number) => `webhook:${webhookId}`;

/** An endpoint's secret, or null when it was sealed under another key (a backup restored without SECRET_KEY). */
export function openSecret(box: SecretBox, row: Pick<WebhookRow, 'id' | 'secret'>): string | null {
  try {
    return box.openFor(row.secret, secretOwner(row.id));
  } catch {
    return null;
  }
}

/** A new message id: the same for every attempt and every redelivery of one event (receivers skip repeats by it). */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** What a delivery needs of the rest of the app. */
export interface DeliveryTools {
  box: SecretBox;
  rules: TargetRules;
  publicBaseUrl: string;
  resolve?: Resolve;
}

/** The attempt failed: its sentence is the job's error (the delivery's own row has the details). */
class AttemptFailedError extends Error {}

/**
 * Webhook deliveries (docs/design.md §33, decision 039): hears every domain event of this app's tenants (told once, after
 * commit, on the instance that made the change), writes one delivery per active endpoint that takes it and queues a
 * job for each, in one transaction; the one job queue sends it, on whichever instance claims it first (once), with
 * the retry waits above. Each attempt checks the target again and records its answer; an endpoint whose deliveries
 * all failed for 24 hours is switched off and its owner mailed.
 */
export class WebhookDeliveries implements JobKind {
  readonly name = WEBHOOK_DELIVERY;
  readonly retryDelaysMs = WEBHOOK_RETRY_DELAYS_MS;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly tenants: () => readonly Tenant[],
    private readonly runner: JobRunner,
    readonly tools: DeliveryTools,
    private readonly log: FastifyBaseLogger,
  ) {
    runner.add(this);
  }

  enabled(): boolean {
    return true;
  }

  /**
   * Starts hearing events: only those of this app's own tenants (several apps may share a process in tests). A failure
   * to write the deliveries is logged, never the change's failure (it committed).
   */
  listen(): void {
    this.stopListening ??= onDomainEvent(async (tenant, event) => {
      if (!this.tenants().includes(tenant)) return;
      try {
        await this.queueEvent(tenant, event);
      } catch (error) {
        this.log.error({ err: error, tenant: tenant.name, event: event.type }, 'webhooks: an event was not queued');
      }
    });
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  /** One delivery per active endpoint that takes the event, each with its job, in one transaction. */
  async queueEvent(tenant: Tenant, event: DomainEvent, now = new Date()): Promise<number[]> {
    const endpoints = (await activeEndpoints.get(tenant)).filter((row) => eventsOf(row).includes(event.type));
    if (endpoints.length === 0) return [];
    const body = deliveryBody(event);
    const messageId = newMessageId();
    const stamp = now.toISOString();
    const ids = await inTransaction(tenant.db, async (trx) => {
      const made: number[] = [];
      for (const endpoint of endpoints) {
        const id = await insertDelivery(trx, {
          webhook_id: endpoint.id,
          event: event.type,
          message_id: messageId,
          body,
          created_at: stamp,
        });
        await queueDelivery(trx, id, now);
        made.push(id);
      }
      return made;
    });
    this.runner.kick();
    return ids;
  }

  /** Wakes the runner: a delivery was queued by hand (Redeliver). */
  kick(): void {
    this.runner.kick();
  }

  async run(tenant: Tenant, job: ClaimedJob, now: Date): Promise<void> {
    const delivery = await findDeliveryRow(tenant.db, Number(job.key));
    const endpoint = delivery && (await findWebhookRow(tenant.db, delivery.webhook_id));
    // Deleted with its endpoint: nothing is left to send.
    if (!delivery || !endpoint || delivery.status !== 'pending') return;
    if (endpoint.active !== 1) {
      await markDeliveryFailed(tenant.db, delivery.id, 'The endpoint was switched off before this delivery went.');
      return;
    }
    const secret = openSecret(this.tools.box, endpoint);
    if (secret === null) {
      await markDeliveryFailed(
        tenant.db,
        delivery.id,
        'The endpoint’s secret was sealed with another SECRET_KEY (a backup restored elsewhere?): give the endpoint a new secret, then redeliver.',
      );
      return;
    }
    const result = await this.attempt(endpoint, delivery, secret, now);
    await recordAttempt(tenant.db, delivery.id, {
      attempts: delivery.attempts + 1,
      response_code: result.responseCode,
      ms: result.ms,
      answer: result.answer,
      error: result.error,
      attempted_at: now.toISOString(),
      status: result.delivered ? 'delivered' : 'pending',
    });
    if (result.delivered) {
      await clearFailing(tenant.db, endpoint.id);
      return;
    }
    await this.noteFailure(tenant, endpoint, result.error ?? '', now);
    throw new AttemptFailedError(result.error ?? 'The delivery failed.');
  }

  /** One attempt to the endpoint's address as it resolves now, checked again (a refusal is a failed attempt). */
  private async attempt(
    endpoint: WebhookRow,
    delivery: DeliveryRow,
    secret: string,
    now: Date,
  ): Promise<AttemptResult> {
    try {
      const target = await checkTarget(endpoint.url, this.tools.rules, this.tools.resolve ?? systemResolve);
      return await sendAttempt(target, { messageId: delivery.message_id, body: delivery.body, secret, at: now });
    } catch (error) {
      if (!(error instanceof TargetRefusedError)) throw error;
      return { delivered: false, responseCode: null, ms: 0, answer: null, error: error.message };
    }
  }

  /** A failed attempt: the endpoint fails since its first failure after a success; after 24 hours it is switched off. */
  private async noteFailure(tenant: Tenant, endpoint: WebhookRow, lastError: string, now: Date): Promise<void> {
    const since = endpoint.failing_since ?? now.toISOString();
    if (endpoint.failing_since === null) await markFailing(tenant.db, endpoint.id, since);
    if (now.getTime() - Date.parse(since) < SWITCH_OFF_AFTER_MS) return;
    const why = `every delivery failed since ${since}. The last attempt: ${lastError}`;
    // Read before the transaction: a cold cache read would wait for the one SQLite connection the transaction holds.
    const company = await getCompanyDetails(tenant);
    const owner = endpoint.owner_id === null ? undefined : await findOwner(tenant.db, endpoint.owner_id);
    const switched = await runAs({ userName: null, ip: null }, () =>
      inTransaction(tenant.db, async (trx) => {
        const stamp = now.toISOString();
        if (!(await switchOffIfActive(trx, endpoint.id, { switched_off_at: stamp, switched_off_why: why })))
          return false;
        await audit(
          trx,
          tenant,
          {
            action: 'webhook.switched_off',
            targetType: 'webhook',
            targetId: endpoint.url,
            summary: `Switched off the webhook endpoint ${endpoint.url}: every delivery failed for 24 hours`,
            details: { id: endpoint.id, failingSince: since, lastError, mailed: owner?.username ?? null },
          },
          now,
        );
        if (owner)
          await queueStaffMail(
            trx,
            switchedOffMail({
              to: owner.email,
              firstName: owner.first_name,
              username: owner.username,
              url: endpoint.url,
              why,
              screenLink: new URL('webhooks', this.tools.publicBaseUrl).href,
              siteName: company.companyName || 'the website',
              logo: company.logo,
              publicBaseUrl: this.tools.publicBaseUrl,
            }),
            now,
          );
        return true;
      }),
    );
    if (!switched) return;
    invalidate(tenant, [TAGS.webhooks]);
    this.log.warn({ tenant: tenant.name, webhook: endpoint.id }, 'webhook endpoint switched off');
  }

  /** The attempts are spent (or a failure will not mend): the delivery is failed, in the runner's transaction. */
  async recorded(db: Db, job: ClaimedJob, state: JobState): Promise<void> {
    if (state === 'failed') await markDeliveryFailed(db, Number(job.key));
  }
}

/** The events an endpoint takes, as stored. */
export const eventsOf = (row: Pick<WebhookRow, 'events'>): WebhookEvent[] => JSON.parse(row.events) as WebhookEvent[];

/** Queues a delivery's job in the caller's transaction, due at once. */
export async function queueDelivery(trx: Db, deliveryId: number, now: Date): Promise<void> {
  await ensureJob(trx, WEBHOOK_DELIVERY, String(deliveryId), now.toISOString());
}
