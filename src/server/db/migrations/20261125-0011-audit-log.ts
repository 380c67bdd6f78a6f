import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * The audit log (docs/design.md §21): one row per change made through the back office or the shell, written in the
 * same transaction as the change. Rows are only ever inserted; the app has no call that changes or deletes
 * one (a job prunes those older than AUDIT_KEEP_DAYS). `at` is ISO 8601 text (UTC), as elsewhere; `details`
 * is JSON text (changed fields, before and after for short values; never a secret).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', identity(dialect))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_user_at').on('audit_log').columns(['user_name', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
