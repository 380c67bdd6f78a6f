import { sql, type Insertable, type Selectable } from 'kysely';
import type { EnquiryStatus, MailState } from '../../core/schemas/enquiries';
import type { Db, Dialect } from '../db/database';
import { likePattern, lowerLike } from '../db/like-pattern';
import type { EnquiryTable, MailJobTable } from '../db/schema';

export type MailJobRow = Selectable<MailJobTable>;

export async function insertEnquiry(db: Db, enquiry: Insertable<EnquiryTable>): Promise<number> {
  const row = await db.insertInto('enquiries').values(enquiry).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A mail job due at once. */
export async function insertMailJob(db: Db, enquiryId: number, now: string): Promise<void> {
  await db.insertInto('mail_jobs').values({ enquiry_id: enquiryId, state: 'queued', next_attempt_at: now, queued_at: now }).execute();
}

export interface EnquiryFilter {
  searchText?: string | undefined;
  status?: EnquiryStatus | undefined;
  mailState?: MailState | undefined;
}

function filtered(db: Db, filter: EnquiryFilter) {
  let query = db.selectFrom('enquiries as e').leftJoin('mail_jobs as j', 'j.enquiry_id', 'e.id');
  // Without a status filter the list shows New and Handled: spam only when asked for (DESIGN §15).
  query = filter.status ? query.where('e.status', '=', filter.status) : query.where('e.status', '<>', 'Spam');
  if (filter.mailState === 'none') query = query.where('j.id', 'is', null);
  else if (filter.mailState) query = query.where('j.state', '=', filter.mailState);
  const text = filter.searchText?.trim();
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([lowerLike('e.name', pattern), lowerLike('e.organization', pattern), lowerLike('e.email', pattern), lowerLike('e.requirements', pattern)]),
    );
  }
  return query;
}

const ENQUIRY_COLUMNS = [
  'e.id',
  'e.organization',
  'e.name',
  'e.email',
  'e.mobile',
  'e.requirements',
  'e.created_at',
  'e.status',
  'j.state as mail_state',
  'j.attempts as mail_attempts',
  'j.last_error as mail_error',
  'j.sent_at as mail_sent_at',
  'j.next_attempt_at as mail_next_attempt_at',
] as const;

/** A page of enquiries, newest first, with their mail jobs. */
export async function listEnquiries(db: Db, filter: EnquiryFilter, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    filtered(db, filter).select([...ENQUIRY_COLUMNS]).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type EnquiryListRow = Awaited<ReturnType<typeof listEnquiries>>['rows'][number];

/**
 * Every enquiry of the filter, newest first, a batch at a time (keyset paging on id): an export of any size
 * holds one batch in memory.
 */
export async function* eachEnquiry(db: Db, filter: EnquiryFilter, batch = 500): AsyncGenerator<EnquiryListRow> {
  let before: number | null = null;
  for (;;) {
    let query = filtered(db, filter).select([...ENQUIRY_COLUMNS]);
    if (before !== null) query = query.where('e.id', '<', before);
    const rows = await query.orderBy('e.id', 'desc').limit(batch).execute();
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

export async function findEnquiry(db: Db, id: number) {
  return db
    .selectFrom('enquiries as e')
    .leftJoin('mail_jobs as j', 'j.enquiry_id', 'e.id')
    .select([...ENQUIRY_COLUMNS])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

export async function setEnquiryStatus(db: Db, id: number, status: EnquiryStatus, now: string): Promise<boolean> {
  const result = await db.updateTable('enquiries').set({ status, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an enquiry; its mail job goes with it (on delete cascade). */
export async function deleteEnquiry(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('enquiries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Resend: the job is queued again, due at once, with a new day to go through (a missing job is created). */
export async function requeueMailJob(db: Db, enquiryId: number, now: string): Promise<void> {
  const updated = await db
    .updateTable('mail_jobs')
    .set({ state: 'queued', next_attempt_at: now, queued_at: now, locked_until: null })
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await insertMailJob(db, enquiryId, now);
}

/**
 * Claims up to `limit` due jobs for one worker until `leaseUntil`: one statement, so two workers never claim
 * the same job (PostgreSQL: FOR UPDATE SKIP LOCKED lets each pass over the rows the other is claiming;
 * SQLite has one writer at a time). A job whose worker died is due again once its lease has run out.
 */
export async function claimDueJobs(db: Db, dialect: Dialect, now: string, leaseUntil: string, limit: number): Promise<MailJobRow[]> {
  const lock = sql.raw(dialect === 'postgres' ? 'for update skip locked' : '');
  const result = await sql<MailJobRow>`
    update mail_jobs set locked_until = ${leaseUntil}
    where id in (
      select id from mail_jobs
      where state in ('queued', 'retrying') and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), enquiry_id: Number(row.enquiry_id), attempts: Number(row.attempts) }));
}

/** Records an attempt's outcome, if the job is still this worker's (its lease unchanged). */
export async function finishMailJob(
  db: Db,
  job: Pick<MailJobRow, 'id' | 'locked_until'>,
  outcome: { state: 'sent' | 'retrying' | 'failed'; attempts: number; sentAt?: string; nextAttemptAt?: string; error?: string | null },
): Promise<void> {
  await db
    .updateTable('mail_jobs')
    .set({
      state: outcome.state,
      attempts: outcome.attempts,
      locked_until: null,
      ...(outcome.sentAt ? { sent_at: outcome.sentAt } : {}),
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(outcome.error !== undefined ? { last_error: outcome.error } : {}),
    })
    .where('id', '=', job.id)
    .where('locked_until', '=', job.locked_until)
    .execute();
}
