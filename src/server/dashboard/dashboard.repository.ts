import { sql } from 'kysely';
import type { Db } from '../db/database';
import { onMailJob } from '../enquiries/enquiries.repository';

/** The staff home's reads (docs/design.md §23): each a short range of one index. */

/** How many enquiries have a status (the index on status). */
export async function countEnquiriesWithStatus(db: Db, status: 'New' | 'Spam'): Promise<number> {
  const row = await db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestNewEnquiries(db: Db, limit: number) {
  return db
    .selectFrom('enquiries')
    .select(['id', 'created_at', 'name', 'organization', 'status'])
    .where('status', '=', 'New')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Enquiries whose mail failed for good or is being retried, newest first. */
export async function failingMails(db: Db, limit: number) {
  return db
    .selectFrom('enquiries as e')
    .innerJoin('jobs as j', onMailJob)
    .select([
      'e.id',
      'e.name',
      'e.email',
      'e.mail_state as state',
      'j.attempts',
      'j.last_error',
      'j.run_at as next_attempt_at',
    ])
    .where('e.mail_state', 'in', ['failed', 'retrying'])
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many enquiries' mail failed for good or is being retried (the index on mail_state). */
export async function countFailingMails(db: Db): Promise<number> {
  const row = await db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('mail_state', 'in', ['failed', 'retrying'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many enquiries have no mail sent: those whose mail job waits (for the worker, or for mail to be set up),
 * is retried or failed, read from the index on mail_state alone; and those never queued, spam aside (stored
 * before mailing existed, taken out of Spam), read from the index on mail state and status (migration 0019), so
 * the spam that shares their state is not walked.
 */
export async function countUnsentEnquiries(db: Db): Promise<number> {
  const counted = db.selectFrom('enquiries').select((eb) => eb.fn.countAll<number | string>().as('n'));
  const [queued, neverQueued] = await Promise.all([
    counted.where('mail_state', 'in', ['queued', 'retrying', 'failed']).executeTakeFirstOrThrow(),
    counted.where('mail_state', '=', 'none').where('status', 'in', ['New', 'Handled']).executeTakeFirstOrThrow(),
  ]);
  return Number(queued.n) + Number(neverQueued.n);
}

/** Revisions waiting for their time, soonest first, with their page and who scheduled them. */
export async function scheduledRevisions(db: Db) {
  return (
    db
      .selectFrom('page_revisions as r')
      .innerJoin('pages as p', 'p.id', 'r.page_id')
      .select([
        'p.routing',
        'p.display_name',
        'p.name',
        'r.revision',
        'r.publish_at',
        'r.saved_by_name',
        'r.locale',
        'r.status',
        'r.publish_error',
      ])
      // A schedule that failed at its time stays on the card, with why, until Retry (docs/design.md §32).
      .where('r.status', 'in', ['scheduled', 'failed'])
      .orderBy('r.publish_at')
      .orderBy('p.routing')
      .execute()
  );
}

/**
 * Enquiries per week since `bounds[0]`: `bounds` are the weeks' first moments (ISO, ascending) and the end of the
 * last; each enquiry is counted in the week whose range holds its time (ISO texts compare as times do).
 */
export async function enquiriesByWeek(
  db: Db,
  bounds: readonly string[],
): Promise<Array<{ week: number; spam: number; n: number }>> {
  const week = sql<number>`case ${sql.join(
    bounds.slice(1).map((end, index) => sql`when created_at < ${end} then ${sql.lit(index)}`),
    sql` `,
  )} end`;
  const rows = await db
    .selectFrom('enquiries')
    .select([
      week.as('week'),
      sql<number>`case when status = 'Spam' then 1 else 0 end`.as('spam'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('created_at', '>=', bounds[0]!)
    .where('created_at', '<', bounds[bounds.length - 1]!)
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((row) => ({ week: Number(row.week), spam: Number(row.spam), n: Number(row.n) }));
}
