import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../db/database';
import { skipLocked } from '../db/locking';
import type { JobState, JobTable } from '../db/schema';

export type { JobState };

/** The kinds of one-off job, by the names their rows carry (a periodic job's kind is its name). */
export const JOB_KINDS = { enquiryMail: 'enquiry-mail', staffMail: 'staff-mail' } as const;

export interface JobRow {
  id: number;
  kind: string;
  key: string;
  run_at: string;
  attempts: number;
  locked_until: string;
  queued_at: string;
  payload: string | null;
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
 * Queues the job (kind, key) due at `runAt`, in the caller's transaction: a new one, or the one there again
 * (Resend) with a new start for its give-up time; its attempts so far stay counted.
 */
export async function queueJob(
  db: Db,
  job: { kind: string; key: string; runAt: string; payload?: string },
): Promise<void> {
  const waiting = { state: 'queued' as const, run_at: job.runAt, queued_at: job.runAt, locked_until: null };
  await db
    .insertInto('jobs')
    .values({ kind: job.kind, key: job.key, payload: job.payload ?? null, ...waiting })
    .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet(waiting))
    .execute();
}

/**
 * The one claim of the queue (decision 022): the next due jobs of any of `kinds` (one for the runner) get a
 * lease until `leaseUntil` and are returned. One statement, and on PostgreSQL the rows are taken with `for
 * update skip locked` (db/locking.ts), so instances polling together never wait for each other nor take the
 * same job; SQLite has one writer, so the update itself is the claim. A job whose lease ran out (its instance
 * died) is due again.
 */
export async function claimJobs(
  db: Db,
  dialect: Dialect,
  kinds: string | readonly string[],
  now: string,
  leaseUntil: string,
  limit = 1,
): Promise<JobRow[]> {
  const names = typeof kinds === 'string' ? [kinds] : kinds;
  if (names.length === 0) return [];
  const { rows } = await sql<JobRow>`
    update jobs set locked_until = ${leaseUntil}
    where id in (
      select id from jobs
      where state in ('queued', 'retrying') and run_at <= ${now} and kind in (${sql.join(names)})
        and (locked_until is null or locked_until <= ${now})
      order by run_at, id
      limit ${limit}
      ${skipLocked(dialect)}
    )
    returning id, kind, key, run_at, attempts, locked_until, queued_at, payload`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/** Claims the next due job of any of `kinds` (see claimJobs). */
export async function claimJob(
  db: Db,
  dialect: Dialect,
  kinds: string | readonly string[],
  now: string,
  leaseUntil: string,
): Promise<JobRow | undefined> {
  return (await claimJobs(db, dialect, kinds, now, leaseUntil))[0];
}

/** A run's outcome: the job's next state, its attempts, and what else changes with it. */
export interface JobOutcome {
  state: JobState;
  attempts: number;
  error: string | null;
  runAt?: string | undefined;
  doneAt?: string | undefined;
  /** The job's new payload (a staff mail keeps who it went to, not its body). */
  payload?: string;
}

/** Records a run's outcome, if the job is still this instance's (its lease unchanged); says whether it was. */
export async function finishJob(
  db: Db,
  job: Pick<JobRow, 'id' | 'locked_until'>,
  outcome: JobOutcome,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      attempts: outcome.attempts,
      locked_until: null,
      last_error: outcome.error,
      ...(outcome.runAt ? { run_at: outcome.runAt } : {}),
      ...(outcome.doneAt ? { done_at: outcome.doneAt } : {}),
      ...(outcome.payload !== undefined ? { payload: outcome.payload } : {}),
    })
    .where('id', '=', job.id)
    .where('locked_until', '=', job.locked_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the job (kind, key) if there is one (an enquiry's mail goes with the enquiry). */
export async function deleteJob(db: Db, kind: string, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('kind', '=', kind).where('key', '=', key).execute();
}

export async function readJob(
  db: Db,
  kind: string,
  key = '',
): Promise<(Omit<Selectable<JobTable>, 'locked_until'> & { locked_until: string }) | undefined> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), attempts: Number(row.attempts), locked_until: row.locked_until ?? '' };
}
