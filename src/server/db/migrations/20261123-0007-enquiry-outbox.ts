import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * Enquiries reach the firm (docs/design.md §15): each enquiry gets a status (New, Handled, Spam) and, unless it is
 * spam, a mail job in an outbox written in the same transaction; a worker sends the jobs and records each
 * attempt. Enquiries stored before this migration were never mailed: they get no job (mail state 'none';
 * Resend sends them). Deleting an enquiry deletes its job (SQLite enforces it with foreign keys on, as
 * database.ts sets). `settings` keeps per-tenant values such as the contact form's signing key.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('enquiries')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('New'))
    .execute();
  await db.schema.alterTable('enquiries').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('enquiries_status_created').on('enquiries').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('mail_jobs')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('enquiry_id', 'integer', (c) => c.notNull().unique().references('enquiries.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    // When the job was (re)queued: the worker gives up a day after it.
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_jobs_due').on('mail_jobs').columns(['state', 'next_attempt_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('mail_jobs').execute();
  await db.schema.dropIndex('enquiries_status_created').execute();
  await db.schema.alterTable('enquiries').dropColumn('updated_at').execute();
  await db.schema.alterTable('enquiries').dropColumn('status').execute();
}
