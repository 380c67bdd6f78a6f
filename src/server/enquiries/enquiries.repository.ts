import { sql, type Insertable, type JoinBuilder } from 'kysely';
import type { EnquiryStatus, MailState } from '../../core/schemas/enquiries';
import { SEARCH_COUNT_CAP } from '../../core/schemas/paging';
import { inTransaction, type Db, type Dialect } from '../db/database';
import { fullTextSearch, pgSearchIds } from '../db/full-text';
import { cappedCount, pageOfRows } from '../db/keyset';
import type { EnquiryTable } from '../db/schema';
import { claimJobs, deleteJob, finishJob, JOB_KINDS, queueJob } from '../jobs/jobs.repository';

export async function insertEnquiry(db: Db, enquiry: Insertable<EnquiryTable>): Promise<number> {
  const row = await db.insertInto('enquiries').values(enquiry).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Queues the enquiry's mail, due at once: a job of the one queue keyed by the enquiry's id (decision 022), new
 * or the one there again (Resend) with a new day to go through. The enquiry's mail state follows, in the
 * caller's transaction.
 */
export async function queueMailJob(db: Db, enquiryId: number, now: string): Promise<void> {
  await queueJob(db, { kind: JOB_KINDS.enquiryMail, key: String(enquiryId), runAt: now });
  await setMailState(db, enquiryId, 'queued');
}

/**
 * Joins an enquiry (`e`) to its mail job (`j`), found by the unique index on the job's kind and key. The mail
 * state is the enquiry's own copy, which the Mail filter reads through an index (migration 0016).
 */
export function onMailJob<DB, TB extends keyof DB>(join: JoinBuilder<DB, TB>): JoinBuilder<DB, TB> {
  return join.on(sql<boolean>`j.kind = ${JOB_KINDS.enquiryMail} and j.key = cast(e.id as text)`);
}

/** The enquiry's copy of its mail job's state (kept with every outcome of the job, in its transaction). */
export async function setMailState(db: Db, enquiryId: number, state: MailState): Promise<void> {
  await db.updateTable('enquiries').set({ mail_state: state }).where('id', '=', enquiryId).execute();
}

export interface EnquiryFilter {
  searchText?: string | undefined;
  status?: EnquiryStatus | undefined;
  mailState?: MailState | undefined;
}

/** The enquiries the status and mail filters select (the search aside). */
function byStatus(db: Db, filter: EnquiryFilter) {
  let query = db.selectFrom('enquiries as e');
  // Without a status filter the list shows New and Handled: spam only when asked for (docs/design.md §15).
  query = filter.status ? query.where('e.status', '=', filter.status) : query.where('e.status', '<>', 'Spam');
  if (filter.mailState) query = query.where('e.mail_state', '=', filter.mailState);
  return query;
}

/** The enquiries a filter selects (the list, its count and the export share it). */
function filtered(db: Db, dialect: Dialect, filter: EnquiryFilter) {
  let query = byStatus(db, filter);
  const text = filter.searchText?.trim();
  if (text) query = query.where(fullTextSearch(dialect, 'enquiries', text).condition('e'));
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
  'e.mail_state',
  'j.attempts as mail_attempts',
  'j.last_error as mail_error',
  'j.done_at as mail_sent_at',
  'j.run_at as mail_next_attempt_at',
] as const;

export interface ListPage {
  /** The page's cursor (the id of the last enquiry of the page before), else `offset` rows are skipped. */
  after?: number | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of enquiries, newest first (by id: the order they came in), with their mail jobs, the cursor of the
 * page after, and the count up to its cap. A page after a cursor starts at the index where the page before
 * ended. On SQLite a search starts from the full-text index, newest first, and stops once the page is full,
 * however many enquiries hold the words.
 */
export async function listEnquiries(db: Db, dialect: Dialect, filter: EnquiryFilter, page: ListPage) {
  const text = filter.searchText?.trim();
  const [rows, count] = await Promise.all([
    enquiryRows(db, dialect, filter, page),
    text
      ? cappedCount(
          db,
          dialect === 'sqlite' ? sqliteSearchPage(db, filter, text, {}) : filtered(db, dialect, filter),
          SEARCH_COUNT_CAP,
        )
      : cappedCount(db, filtered(db, dialect, filter)),
  ]);
  return { ...pageOfRows(rows, page.limit, (row) => [row.id]), ...count };
}

/** The rows of a page and one more (which says whether a page follows). */
async function enquiryRows(db: Db, dialect: Dialect, filter: EnquiryFilter, page: ListPage) {
  const text = filter.searchText?.trim();
  const skip = page.after === undefined ? page.offset : 0;
  if (text && dialect === 'sqlite')
    return sqliteSearchPage(db, filter, text, page)
      .limit(page.limit + 1)
      .offset(skip)
      .execute();
  if (text) {
    const search = fullTextSearch('postgres', 'enquiries', text);
    const ids = (
      await pgSearchIds(db, byStatus(db, filter), 'e', search, {
        order: 'desc',
        after: page.after,
        limit: skip + page.limit + 1,
      })
    ).slice(skip);
    if (ids.length === 0) return [];
    return withMailJobs(db).where('e.id', 'in', ids).orderBy('e.id', 'desc').execute();
  }
  return filtered(db, dialect, filter)
    .leftJoin('jobs as j', onMailJob)
    .select([...ENQUIRY_COLUMNS])
    .$call((q) => (page.after === undefined ? q : q.where('e.id', '<', page.after)))
    .orderBy('e.id', 'desc')
    .limit(page.limit + 1)
    .offset(skip)
    .execute();
}
export type EnquiryListRow = Awaited<ReturnType<typeof enquiryRows>>[number];

/** Enquiries with their mail jobs, the columns a list shows. */
function withMailJobs(db: Db) {
  return db
    .selectFrom('enquiries as e')
    .leftJoin('jobs as j', onMailJob)
    .select([...ENQUIRY_COLUMNS]);
}

/**
 * SQLite's search: from the FTS5 index, newest first (it walks its word lists from the end), each match joined
 * to its enquiry and filtered; `cross join` keeps the index as the outer loop. Stops when the page is full.
 */
function sqliteSearchPage(db: Db, filter: EnquiryFilter, text: string, page: { after?: number | undefined }) {
  const search = fullTextSearch('sqlite', 'enquiries', text);
  let query = db
    .selectFrom(sql<{ rowid: number }>`enquiries_fts`.as('f'))
    .crossJoin('enquiries as e')
    .leftJoin('jobs as j', onMailJob)
    .where(sql<boolean>`e.id = f.rowid`)
    .where(search.words.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`enquiries_fts match ${search.fts5}`);
  query = filter.status ? query.where('e.status', '=', filter.status) : query.where('e.status', '<>', 'Spam');
  if (filter.mailState) query = query.where('e.mail_state', '=', filter.mailState);
  if (page.after !== undefined) query = query.where(sql<boolean>`f.rowid < ${page.after}`);
  return query.select([...ENQUIRY_COLUMNS]).orderBy(sql`f.rowid`, 'desc');
}

/**
 * Every enquiry of the filter, newest first, a batch at a time (keyset paging on id): an export of any size
 * holds one batch in memory.
 */
export async function* eachEnquiry(
  db: Db,
  dialect: Dialect,
  filter: EnquiryFilter,
  batch = 500,
): AsyncGenerator<EnquiryListRow> {
  let after: number | undefined;
  for (;;) {
    const rows = await enquiryRows(db, dialect, filter, { after, offset: 0, limit: batch - 1 });
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function findEnquiry(db: Db, id: number) {
  return withMailJobs(db).where('e.id', '=', id).executeTakeFirst();
}

export async function setEnquiryStatus(db: Db, id: number, status: EnquiryStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an enquiry and its mail job (in the caller's transaction). */
export async function deleteEnquiry(db: Db, id: number): Promise<boolean> {
  await deleteJob(db, JOB_KINDS.enquiryMail, String(id));
  const result = await db.deleteFrom('enquiries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** An enquiry's mail job as the outbox's tables showed it (the bench's data and tests mail as the outbox does). */
export interface MailJobRow {
  id: number;
  enquiry_id: number;
  attempts: number;
  next_attempt_at: string;
  locked_until: string;
  queued_at: string;
}

/** Claims up to `limit` due enquiry mails until `leaseUntil`, by the queue's one claim. */
export async function claimDueJobs(
  db: Db,
  dialect: Dialect,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<MailJobRow[]> {
  const jobs = await claimJobs(db, dialect, JOB_KINDS.enquiryMail, now, leaseUntil, limit);
  return jobs.map((job) => ({
    id: job.id,
    enquiry_id: Number(job.key),
    attempts: job.attempts,
    next_attempt_at: job.run_at,
    locked_until: job.locked_until,
    queued_at: job.queued_at,
  }));
}

/** Records an attempt's outcome, if the job is still the claimer's (its lease unchanged), and the enquiry's mail state with it. */
export async function finishMailJob(
  db: Db,
  job: Pick<MailJobRow, 'id' | 'enquiry_id' | 'locked_until'>,
  outcome: {
    state: 'sent' | 'retrying' | 'failed';
    attempts: number;
    sentAt?: string;
    nextAttemptAt?: string;
    error?: string | null;
  },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const state = outcome.state === 'sent' ? 'done' : outcome.state;
    const held = await finishJob(trx, job, {
      state,
      attempts: outcome.attempts,
      error: outcome.error ?? null,
      runAt: outcome.nextAttemptAt,
      doneAt: outcome.sentAt,
    });
    if (held) await setMailState(trx, job.enquiry_id, outcome.state);
  });
}
