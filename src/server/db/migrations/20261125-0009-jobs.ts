import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity } from '../migration-steps';

/**
 * Background jobs of the job runner (src/server/jobs/, docs/design.md §18) that have no table of their own: periodic
 * work (pruning) and, next, one-off jobs such as a scheduled publication. One row per kind and key; an instance
 * claims a due row with a lease (`locked_until`), so each job runs once however many instances poll, and a job
 * held by an instance that died is taken again when its lease runs out. Times are ISO 8601 text (UTC), as in
 * mail_jobs.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
