import type { Db } from '../db/database';
import type { FormSubmissionTable } from '../db/schema';

/** The SQL of what visitors send with forms (docs/design.md §30). Times are ISO 8601 UTC text. */

export type SubmissionStatus = FormSubmissionTable['status'];

export interface SubmissionInsert {
  form_id: number;
  created_at: string;
  status: SubmissionStatus;
  spam_reason: string | null;
  field_values: string;
  summary: string;
  locale: string;
  sender_key: string;
  text_key: string;
}

export interface SubmissionFileInsert {
  field: string;
  name: string;
  content_type: string;
  bytes: Buffer;
}

/** Stores a submission and its files, in the caller's transaction: its id. */
export async function insertSubmission(
  db: Db,
  submission: SubmissionInsert,
  files: readonly SubmissionFileInsert[],
): Promise<number> {
  const { id } = await db.insertInto('form_submissions').values(submission).returning('id').executeTakeFirstOrThrow();
  for (const file of files)
    await db
      .insertInto('form_files')
      .values({ submission_id: id, ...file, size: file.bytes.length })
      .execute();
  return id;
}

/** Whether the same text came from the same sender since `since` (both as keyed hashes). */
export async function hasDuplicate(db: Db, textKey: string, senderKey: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('form_submissions')
    .select('id')
    .where('text_key', '=', textKey)
    .where('created_at', '>=', since)
    .where('sender_key', '=', senderKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SubmissionRow {
  id: number;
  form_id: number;
  form_name: string;
  created_at: string;
  status: SubmissionStatus;
  spam_reason: string | null;
  summary: string;
  field_values: string;
  /** The language the form was shown in ('' the default). */
  locale: string;
  files: number;
}

const rowQuery = (db: Db) =>
  db
    .selectFrom('form_submissions as s')
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .select([
      's.id',
      's.form_id',
      'f.name as form_name',
      's.created_at',
      's.status',
      's.spam_reason',
      's.summary',
      's.field_values',
      's.locale',
    ])
    .select((eb) =>
      eb
        .selectFrom('form_files as ff')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('ff.submission_id', '=', 's.id')
        .as('files'),
    );

const counted = (row: Omit<SubmissionRow, 'files'> & { files: number | string | null }): SubmissionRow => ({
  ...row,
  files: Number(row.files ?? 0),
});

/** A page of a status's submissions, newest first, of one form or all, after the row `after` (its id). */
export async function listSubmissionRows(
  db: Db,
  filter: { formId: number | undefined; status: SubmissionStatus; after: number | undefined; limit: number },
): Promise<SubmissionRow[]> {
  const rows = await rowQuery(db)
    .where('s.status', '=', filter.status)
    .$if(filter.formId !== undefined, (query) => query.where('s.form_id', '=', filter.formId!))
    .$if(filter.after !== undefined, (query) => query.where('s.id', '<', filter.after!))
    .orderBy('s.id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(counted);
}

export async function findSubmissionRow(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const row = await rowQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row && counted(row);
}

/** Every submission of a form (or of all) for the CSV, oldest first, a page at a time. */
export async function* allSubmissionRows(db: Db, formId: number | undefined): AsyncIterable<SubmissionRow> {
  let after = 0;
  for (;;) {
    const rows = await rowQuery(db)
      .$if(formId !== undefined, (query) => query.where('s.form_id', '=', formId!))
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(500)
      .execute();
    for (const row of rows) yield counted(row);
    if (rows.length < 500) return;
    after = rows.at(-1)!.id;
  }
}

export async function listSubmissionFiles(
  db: Db,
  submissionId: number,
): Promise<Array<{ id: number; field: string; name: string; content_type: string; size: number }>> {
  return db
    .selectFrom('form_files')
    .select(['id', 'field', 'name', 'content_type', 'size'])
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute();
}

export async function findSubmissionFile(
  db: Db,
  submissionId: number,
  fileId: number,
): Promise<{ name: string; content_type: string; bytes: Uint8Array } | undefined> {
  return db
    .selectFrom('form_files')
    .select(['name', 'content_type', 'bytes'])
    .where('submission_id', '=', submissionId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Moves a submission to a status (leaving Spam forgets its reason); false when there is no such submission. */
export async function setSubmissionStatus(db: Db, id: number, status: SubmissionStatus): Promise<boolean> {
  const result = await db
    .updateTable('form_submissions')
    .set({ status, ...(status === 'spam' ? {} : { spam_reason: null }) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a form's submissions (their files go with them) received before `before`: how many went. */
export async function deleteSubmissionsBefore(db: Db, formId: number, before: string): Promise<number> {
  const result = await db
    .deleteFrom('form_submissions')
    .where('form_id', '=', formId)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
