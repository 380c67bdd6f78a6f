import { sql, type Insertable, type Selectable } from 'kysely';
import type { EnquiryStatus, MailState } from '../../core/schemas/enquiries';
import { SEARCH_COUNT_CAP } from '../../core/schemas/paging';
import { inTransaction, type Db, type Dialect } from '../db/database';
import { fullTextSearch, pgSearchIds } from '../db/full-text';
import { cappedCount, pageOfRows } from '../db/keyset';
import type { EnquiryTable, MailJobTable } from '../db/schema';

export type MailJobRow = Selectable<MailJobTable>;

export async function insertEnquiry(db: Db, enquiry: Insertable<EnquiryTable>): Promise<number> {
  const row = await db.insertInto('enquiries').values(enquiry).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A mail job due at once; the enquiry's mail state follows (in the caller's transaction). */
export async function insertMailJob(db: Db, enquiryId: number, now: string): Promise<void> {
  await db.insertInto('mail_jobs').values({ enquiry_id: enquiryId, state: 'queued', next_attempt_at: now, queued_at: now }).execute();
  await setMailState(db, enquiryId, 'queued');
}

/** The enquiry's copy of its mail job's state, which the Mail filter reads through an index (migration 0016). */
async function setMailState(db: Db, enquiryId: number, state: MailState): Promise<void> {
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
  // Without a status filter the list shows New and Handled: spam only when asked for (DESIGN §15).
  query = filter.status ? query.where('e.status', '=', filter.status) : query.where('e.status', '<>', 'Spam');
  if (filter.mailState) query = query.where('e.mail_state', '=', filter.mailState);
  return query;
}

/** The enquiries a filter selects, with their mail jobs (the list, its count and the export share it). */
function filtered(db: Db, dialect: Dialect, filter: EnquiryFilter) {
  let query = byStatus(db, filter).leftJoin('mail_jobs as j', 'j.enquiry_id', 'e.id');
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
  'j.state as mail_state',
  'j.attempts as mail_attempts',
  'j.last_error as mail_error',
  'j.sent_at as mail_sent_at',
  'j.next_attempt_at as mail_next_attempt_at',
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
      ? cappedCount(db, dialect === 'sqlite' ? sqliteSearchPage(db, filter, text, {}) : filtered(db, dialect, filter), SEARCH_COUNT_CAP)
      : cappedCount(db, filtered(db, dialect, filter)),
  ]);
  return { ...pageOfRows(rows, page.limit, (row) => [row.id]), ...count };
}

/** The rows of a page and one more (which says whether a page follows). */
async function enquiryRows(db: Db, dialect: Dialect, filter: EnquiryFilter, page: ListPage) {
  const text = filter.searchText?.trim();
  const skip = page.after === undefined ? page.offset : 0;
  if (text && dialect === 'sqlite') return sqliteSearchPage(db, filter, text, page).limit(page.limit + 1).offset(skip).execute();
  if (text) {
    const search = fullTextSearch('postgres', 'enquiries', text);
    const ids = (await pgSearchIds(db, byStatus(db, filter), 'e', search, { order: 'desc', after: page.after, limit: skip + page.limit + 1 })).slice(skip);
    if (ids.length === 0) return [];
    return withMailJobs(db).where('e.id', 'in', ids).orderBy('e.id', 'desc').execute();
  }
  return filtered(db, dialect, filter)
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
  return db.selectFrom('enquiries as e').leftJoin('mail_jobs as j', 'j.enquiry_id', 'e.id').select([...ENQUIRY_COLUMNS]);
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
    .leftJoin('mail_jobs as j', 'j.enquiry_id', 'e.id')
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
export async function* eachEnquiry(db: Db, dialect: Dialect, filter: EnquiryFilter, batch = 500): AsyncGenerator<EnquiryListRow> {
  let after: number | undefined;
  for (;;) {
    const rows = await enquiryRows(db, dialect, filter, { after, offset: 0, limit: batch - 1 });
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
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
  else await setMailState(db, enquiryId, 'queued');
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

/** Records an attempt's outcome, if the job is still this worker's (its lease unchanged), and the enquiry's mail state with it. */
export async function finishMailJob(
  db: Db,
  job: Pick<MailJobRow, 'id' | 'enquiry_id' | 'locked_until'>,
  outcome: { state: 'sent' | 'retrying' | 'failed'; attempts: number; sentAt?: string; nextAttemptAt?: string; error?: string | null },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const result = await trx
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
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await setMailState(trx, job.enquiry_id, outcome.state);
  });
}
