import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';

export type JobState = 'queued' | 'done' | 'failed';

export interface JobRow {
  id: number;
  kind: string;
  key: string;
  run_at: string;
  attempts: number;
  locked_until: string;
  queued_at: string;
}

/** Makes the job (kind, key) exist, due at `runAt`, unless it is there already (every instance may ask). */
export async function ensureJob(db: Db, kind: string, key: string, runAt: string): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind, key, run_at: runAt, queued_at: runAt })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .execute();
}

/**
 * Claims the next due job of a kind: sets its lease and returns it. On PostgreSQL the row is taken with
 * `FOR UPDATE SKIP LOCKED`, so instances polling together never wait for each other nor take the same job;
 * SQLite has one writer, so the update itself is the claim. A job whose lease ran out is due again.
 */
export async function claimJob(db: Db, dialect: Dialect, kind: string, now: string, leaseUntil: string): Promise<JobRow | undefined> {
  const lock = sql.raw(dialect === 'postgres' ? 'for update skip locked' : '');
  const { rows } = await sql<JobRow>`
    update jobs set locked_until = ${leaseUntil}
    where id = (
      select id from jobs
      where kind = ${kind} and state = 'queued' and run_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by run_at, id
      limit 1
      ${lock}
    )
    returning id, kind, key, run_at, attempts, locked_until, queued_at`.execute(db);
  const row = rows[0];
  return row && { ...row, id: Number(row.id), attempts: Number(row.attempts) };
}

/** Records a run's outcome, if the job is still this instance's (its lease unchanged). */
export async function finishJob(
  db: Db,
  job: Pick<JobRow, 'id' | 'locked_until'>,
  outcome: { state: JobState; runAt?: string; attempts: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      attempts: outcome.attempts,
      locked_until: null,
      last_error: outcome.error,
      ...(outcome.runAt ? { run_at: outcome.runAt } : {}),
    })
    .where('id', '=', job.id)
    .where('locked_until', '=', job.locked_until)
    .execute();
}

export async function readJob(db: Db, kind: string, key = ''): Promise<(JobRow & { state: string; last_error: string | null }) | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
  return row && { ...row, id: Number(row.id), attempts: Number(row.attempts), locked_until: row.locked_until ?? '' };
}
