import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addAdministrationScreens, identity, removeScreens } from '../migration-steps';

const WEBHOOKS_SCREEN = { id: 40, routing: 'webhooks', name: 'Webhooks' } as const;

/**
 * Webhooks (docs/design.md §33, decision 039). Widen only: two new tables and a screen.
 * - `webhooks`: an endpoint: its address, the events it takes (a JSON array of names), its signing secret sealed
 *   with SECRET_KEY (auth/secret-box.ts), whether it is on, who made it (`owner_id`, mailed when it is switched off;
 *   `owner_name` kept for the screen), since when every delivery failed (`failing_since`), and when and why it was
 *   switched off.
 * - `webhook_deliveries`: one event sent to one endpoint: the message id and the exact body (signed again at each
 *   attempt), 'pending' | 'delivered' | 'failed', the attempts so far, the last attempt's status code, time taken
 *   and the first KB of the answer (or `error`: why no answer came). A redelivery is a delivery of its own with the
 *   same message id (`redelivery_of`). Deleted with their endpoint.
 * - The screen `webhooks`, in the Administrators' menu.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('owner_id', 'integer')
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('switched_off_at', 'text')
    .addColumn('switched_off_why', 'text')
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_code', 'integer')
    .addColumn('ms', 'integer')
    .addColumn('answer', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text')
    .addColumn('redelivery_of', 'integer')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').column('created_at').execute();
  await addAdministrationScreens(db, [WEBHOOKS_SCREEN]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeScreens(db, [WEBHOOKS_SCREEN]);
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
