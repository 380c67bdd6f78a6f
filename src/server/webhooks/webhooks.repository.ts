import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { WebhookDeliveryTable, WebhookTable } from '../db/schema';

/** An endpoint as stored (its secret sealed). */
export type WebhookRow = Selectable<WebhookTable>;
/** A delivery as stored. */
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** An endpoint with its newest delivery's status and time, as the screen lists it. */
export type ListedWebhookRow = WebhookRow & { last_status: DeliveryRow['status'] | null; last_at: string | null };

export async function insertWebhook(db: Db, values: Insertable<WebhookTable>): Promise<number> {
  const row = await db.insertInto('webhooks').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes an endpoint's columns; says whether it exists. */
export async function updateWebhook(db: Db, id: number, values: Updateable<WebhookTable>): Promise<boolean> {
  const result = await db.updateTable('webhooks').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Switches an endpoint off unless it is off already; says whether this call did. */
export async function switchOffIfActive(
  db: Db,
  id: number,
  values: { switched_off_at: string; switched_off_why: string },
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ active: 0, updated_at: values.switched_off_at, ...values })
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Notes that a delivery to the endpoint failed at `at`: the first failure since the last success starts the clock. */
export async function markFailing(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: at })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
}

/** A delivery went through: the endpoint fails no longer. */
export async function clearFailing(db: Db, id: number): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

export async function deleteWebhookRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findWebhookRow(db: Db, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every endpoint, oldest first, with its newest delivery's status and time. */
export async function listWebhookRows(db: Db): Promise<ListedWebhookRow[]> {
  const rows = await db
    .selectFrom('webhooks as w')
    .selectAll('w')
    .select((eb) => [
      eb
        .selectFrom('webhook_deliveries as d')
        .select('d.status')
        .whereRef('d.webhook_id', '=', 'w.id')
        .orderBy('d.id', 'desc')
        .limit(1)
        .as('last_status'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select((d) => d.fn.coalesce('d.attempted_at', 'd.created_at').as('at'))
        .whereRef('d.webhook_id', '=', 'w.id')
        .orderBy('d.id', 'desc')
        .limit(1)
        .as('last_at'),
    ])
    .orderBy('w.id')
    .execute();
  return rows.map((row) => ({ ...row, last_status: row.last_status ?? null, last_at: row.last_at ?? null }));
}

/** The endpoints that are on: the ones an event may go to. */
export async function listActiveWebhookRows(db: Db): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('active', '=', 1).orderBy('id').execute();
}

export async function insertDelivery(db: Db, values: Insertable<WebhookDeliveryTable>): Promise<number> {
  const row = await db.insertInto('webhook_deliveries').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findDeliveryRow(db: Db, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An endpoint's newest deliveries, newest first. */
export async function listDeliveryRows(db: Db, webhookId: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What an attempt found: its answer (or why none came), and the delivery's status after it. */
export async function recordAttempt(
  db: Db,
  id: number,
  values: Pick<
    Updateable<WebhookDeliveryTable>,
    'attempts' | 'response_code' | 'ms' | 'answer' | 'error' | 'attempted_at' | 'status'
  >,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(values).where('id', '=', id).execute();
}

/** A delivery whose attempts are spent (or that cannot go) is failed; one delivered stays so. */
export async function markDeliveryFailed(db: Db, id: number, error?: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', ...(error === undefined ? {} : { error }) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Deletes the deliveries queued before `before`; how many. */
export async function pruneDeliveriesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The person mailed when their endpoint is switched off: an active user with an address. */
export async function findOwner(
  db: Db,
  id: number,
): Promise<{ username: string; first_name: string; email: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['username', 'first_name', 'email'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .where('email', '<>', '')
    .executeTakeFirst();
}
