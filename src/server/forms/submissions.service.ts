import { checkSubmission, type FieldProblem, type SubmittedValues } from '../../core/forms/form-rules';
import { formIn } from '../../core/forms/form-texts';
import { readPhone } from '../../core/phone-numbers';
import type { FormField, StoredForm } from '../../core/schemas/forms';
import type { SpamReason, SubmissionStatus } from '../../core/schemas/submissions';
import { audit } from '../audit/audit';
import { companyCountry } from '../company/company.service';
import { inTransaction } from '../db/database';
import { afterLargeWrite, beforeLargeWrite } from '../db/wal-checkpoints';
import { decodeCursor, pageOfRows } from '../db/keyset';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { emitDomainEvent } from '../events/domain-events';
import type { Tenant } from '../tenants/tenants';
import { queueFormMail } from './form-mail';
import { DUPLICATE_WINDOW_MS, spamReasonOf, submissionKeys } from './form-spam';
import { formOf, FORM_MESSAGES } from './forms.service';
import { formLanguage, formWordsIn, withChoices } from './public-form';
import { siteTextsIn } from '../locales/site-texts.service';
import { findFormRow } from './forms.repository';
import { sniffFormFile } from './submission-files';
import { readableTime } from '../http/csv';
import {
  allSubmissionRows,
  findSubmissionFile,
  findSubmissionRow,
  hasDuplicate,
  insertSubmission,
  listSubmissionFiles,
  listSubmissionRows,
  setSubmissionStatus,
  type SubmissionFileInsert,
  type SubmissionRow,
} from './submissions.repository';

/**
 * What visitors send with forms made without code, and the one inbox of it (docs/design.md §30, decision 032): a
 * submission is checked by the form's rules (the island's, `src/core/forms/form-rules.ts`), its files by their
 * content, and kept, in Spam with its reason when a spam rule says so (never dropped). The public form's routes
 * (the island's call and the page's own post without JavaScript) both send here.
 */

/** A submission refused field by field: every field's sentence, the first one the answer's. */
export class FormRefusedError extends ValidationError {
  constructor(readonly problems: readonly FieldProblem[]) {
    super(problems[0]!.message, problems[0]!.field);
  }
}

/** A file as the post carried it. */
export interface PostedFile {
  name: string;
  bytes: Buffer;
}

export interface FormSubmission {
  values: SubmittedValues;
  files: ReadonlyMap<string, PostedFile>;
  token: string | undefined;
  honeypot: string | undefined;
  /** The visitor's address (for duplicates and floods, kept only as a keyed hash). */
  address: string;
  /** The language the page was shown in ('' the site's default). */
  language: string;
}

/** A form as visitors fill it in: its choice fields' options read from their master data type. */
export async function formForVisitors(tenant: Tenant, id: number): Promise<StoredForm> {
  const row = await findFormRow(tenant.db, id);
  if (!row || row.built_in !== null) throw new NotFoundError(FORM_MESSAGES.notFound);
  const form = formOf(row);
  return { ...form, fields: await Promise.all(form.fields.map((field) => withChoices(tenant, field))) };
}

/** The texts a visitor typed (what the spam rules read): every value of a field that takes text. */
function typedTexts(values: Readonly<Record<string, string | string[]>>, fields: readonly FormField[]): string[] {
  return fields
    .filter((field) => ['text', 'textarea', 'email', 'number'].includes(field.kind))
    .map((field) => values[field.key])
    .filter((value): value is string => typeof value === 'string' && value !== '');
}

/** The inbox's line of a submission: its first texts, at most 140 characters. */
function summaryOf(values: Readonly<Record<string, string | string[]>>, fields: readonly FormField[]): string {
  const line = typedTexts(values, fields)
    .map((text) => text.replace(/\s+/g, ' '))
    .join(' · ');
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** The files of the shown file fields, each sniffed: what is stored, or the fields' refusals. */
async function checkedFiles(
  form: StoredForm,
  shown: ReadonlySet<string>,
  files: ReadonlyMap<string, PostedFile>,
  maxBytes: number,
): Promise<SubmissionFileInsert[]> {
  const stored: SubmissionFileInsert[] = [];
  const problems: FieldProblem[] = [];
  for (const field of form.fields) {
    const file = files.get(field.key);
    if (field.kind !== 'file' || !shown.has(field.key) || !file || file.bytes.length === 0) continue;
    const sniffed = await sniffFormFile(field, file.bytes);
    if ('problem' in sniffed) problems.push({ field: field.key, message: sniffed.problem });
    else
      stored.push({ field: field.key, name: file.name.slice(0, 200), content_type: sniffed.type, bytes: file.bytes });
  }
  if (problems.length > 0) throw new FormRefusedError(problems);
  if (stored.reduce((sum, file) => sum + file.bytes.length, 0) > maxBytes)
    throw new PayloadTooLargeError(
      `The files together are larger than ${Math.round(maxBytes / 1024 / 1024)} MB: send smaller ones.`,
    );
  return stored;
}

/**
 * Checks and keeps a submission of a form: 400 naming every refused field (FormRefusedError), 413 for files over
 * the submission's limit; a submission a spam rule catches is kept in Spam with its reason, answered as any other.
 * Refusals are in the language the form was shown in (its labels and the forms' words as translated), which is kept
 * with the submission (its confirmation is mailed in it).
 */
export async function submitForm(
  tenant: Tenant,
  formId: number,
  submission: FormSubmission,
  options: { maxBytes: number; now?: Date; mail?: { kick(): void } },
): Promise<{ id: number; status: SubmissionStatus; spamReason: SpamReason | null }> {
  const now = options.now ?? new Date();
  const language = await formLanguage(tenant, submission.language);
  const [form, translated, words] = await Promise.all([
    formForVisitors(tenant, formId),
    language ? siteTextsIn(tenant, language) : {},
    formWordsIn(tenant, language),
  ]);
  const fileSizes = Object.fromEntries(
    [...submission.files].map(([key, file]) => [key, { name: file.name, bytes: file.bytes.length }]),
  );
  const checked = checkSubmission(formIn(form, translated).fields, submission.values, {
    country: await companyCountry(tenant),
    readPhone,
    files: fileSizes,
    words,
  });
  if (checked.problems.length > 0) throw new FormRefusedError(checked.problems);
  const files = await checkedFiles(form, new Set(Object.keys(checked.values)), submission.files, options.maxBytes);
  const texts = typedTexts(checked.values, form.fields);
  const keys = await submissionKeys(tenant, form.id, submission.address, texts);
  const spamReason = await spamReasonOf(tenant, {
    formId: form.id,
    honeypot: submission.honeypot,
    token: submission.token,
    texts,
    duplicate: () =>
      hasDuplicate(tenant.db, keys.text, keys.sender, new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString()),
    now: now.getTime(),
  });
  const status: SubmissionStatus = spamReason ? 'spam' : 'inbox';
  // Megabytes of files: SQLite’s log is folded in first, off the event loop, and this one right after (docs/design.md §24).
  const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
  await beforeLargeWrite(tenant.db, bytes);
  const id = await inTransaction(tenant.db, async (trx) => {
    const stored = await insertSubmission(
      trx,
      {
        form_id: form.id,
        created_at: now.toISOString(),
        status,
        spam_reason: spamReason,
        field_values: JSON.stringify(checked.values),
        summary: summaryOf(checked.values, form.fields),
        locale: language ?? '',
        sender_key: keys.sender,
        text_key: keys.text,
      },
      files,
    );
    // Its mail goes with it, once it is kept; a submission in Spam is mailed only if someone says "Not spam".
    if (status === 'inbox') await queueFormMail(trx, stored, mailParts(form), now);
    return stored;
  });
  afterLargeWrite(tenant.db, bytes);
  if (status === 'inbox') {
    options.mail?.kick();
    await tellSubmitted(tenant, { id, form, values: checked.values, locale: language ?? '' }, now);
  }
  return { id, status, spamReason };
}

/**
 * Tells that a submission reached the inbox (docs/design.md §33: form.submitted, after it committed): at once, or when
 * someone says "Not spam". What the visitor sent goes with it (what a CRM wants); files are described, not sent.
 */
async function tellSubmitted(
  tenant: Tenant,
  submission: { id: number; form: { id: number; name: string }; values: object; locale: string },
  now: Date,
): Promise<void> {
  const files = await listSubmissionFiles(tenant.db, submission.id);
  await emitDomainEvent(tenant, {
    type: 'form.submitted',
    at: now.toISOString(),
    form: { id: submission.form.id, name: submission.form.name },
    submission: {
      id: submission.id,
      values: submission.values as Record<string, unknown>,
      files: files.map((file) => ({ field: file.field, name: file.name, type: file.content_type, bytes: file.size })),
      locale: submission.locale === '' ? null : submission.locale,
    },
  });
}

const rowOf = (row: SubmissionRow) => ({
  id: row.id,
  form: { id: row.form_id, name: row.form_name },
  createdAt: row.created_at,
  summary: row.summary,
  status: row.status,
  spamReason: row.spam_reason as SpamReason | null,
  files: row.files,
});

/** Rows of the inbox a page shows. */
const PAGE_SIZE = 20;

/** The inbox: a status's submissions of one form or of all, newest first, 20 a page. */
export async function listSubmissions(
  tenant: Tenant,
  query: { form?: number | undefined; status: SubmissionStatus; after?: string | undefined },
) {
  const after = query.after === undefined ? undefined : decodeCursor(query.after, ['id'] as const)[0];
  const rows = await listSubmissionRows(tenant.db, {
    formId: query.form,
    status: query.status,
    after,
    limit: PAGE_SIZE + 1,
  });
  const page = pageOfRows(rows, PAGE_SIZE, (row) => [row.id]);
  return { items: page.rows.map(rowOf), next: page.next };
}

/** One submission as the inbox opens it: each stored field's label and value, in the form's order, and its files. */
export async function getSubmission(tenant: Tenant, id: number) {
  const row = await findSubmissionRow(tenant.db, id);
  if (!row) throw new NotFoundError('There is no such submission: it may have been deleted.');
  const [form, files] = await Promise.all([findFormRow(tenant.db, row.form_id), listSubmissionFiles(tenant.db, id)]);
  const fields = form ? formOf(form).fields : [];
  const values = JSON.parse(row.field_values) as Record<string, string | string[]>;
  const labelled = Object.entries(values).map(([key, value]) => {
    const field = fields.find((f) => f.key === key);
    const choices = field?.options ?? [];
    const named = (one: string) => choices.find((o) => o.value === one)?.label ?? one;
    return {
      key,
      label: field?.label ?? key,
      value: Array.isArray(value) ? value.map(named).join(', ') : named(value),
    };
  });
  const { files: _count, ...rest } = rowOf(row);
  return {
    ...rest,
    values: labelled,
    files: files.map((file) => ({ id: file.id, name: file.name, type: file.content_type, bytes: file.size })),
  };
}

/** A submission's file, for staff to download. */
export async function getSubmissionFile(tenant: Tenant, id: number, fileId: number) {
  const file = await findSubmissionFile(tenant.db, id, fileId);
  if (!file) throw new NotFoundError('There is no such file: its submission may have been deleted.');
  return { name: file.name, type: file.content_type, bytes: Buffer.from(file.bytes) };
}

/** The mail a submission of this form sends: the recipients', and the sender's confirmation when the form asks. */
const mailParts = (form: Pick<StoredForm, 'confirmation'>) => ({
  staff: true,
  confirmation: form.confirmation.enabled,
});

/** Moves a submission to the inbox, Spam or Handled (audited); out of Spam, its mail goes then (once). */
export async function changeSubmissionStatus(
  tenant: Tenant,
  id: number,
  status: SubmissionStatus,
  mail?: { kick(): void },
) {
  const before = await findSubmissionRow(tenant.db, id);
  if (!before) throw new NotFoundError('There is no such submission: it may have been deleted.');
  const release = before.status === 'spam' && status !== 'spam';
  const form = release ? await findFormRow(tenant.db, before.form_id) : undefined;
  await inTransaction(tenant.db, async (trx) => {
    await setSubmissionStatus(trx, id, status);
    if (form) await queueFormMail(trx, id, mailParts(formOf(form)), new Date());
    await audit(trx, tenant, {
      action: 'submission.status',
      targetType: 'submission',
      targetId: id,
      summary: `Moved submission ${id} of ${before.form_name} from ${before.status} to ${status}`,
      details: { form: before.form_id, from: before.status, to: status },
    });
  });
  if (form) {
    mail?.kick();
    const values = JSON.parse(before.field_values) as object;
    await tellSubmitted(
      tenant,
      { id, form: { id: form.id, name: form.name }, values, locale: before.locale },
      new Date(),
    );
  }
  return getSubmission(tenant, id);
}

/** The CSV's columns: one row a submission, its values as `label: value` lines. */
export const SUBMISSION_CSV_COLUMNS = ['Submitted', 'Form', 'Status', 'Spam reason', 'Values', 'Files'] as const;
type CsvRecord = Record<(typeof SUBMISSION_CSV_COLUMNS)[number], string>;

/** Every submission of a form (or of all forms), oldest first, as the CSV's records. */
export async function* submissionCsvRecords(tenant: Tenant, formId: number | undefined): AsyncIterable<CsvRecord> {
  const fieldsOf = new Map<number, FormField[]>();
  for await (const row of allSubmissionRows(tenant.db, formId)) {
    if (!fieldsOf.has(row.form_id)) {
      const form = await findFormRow(tenant.db, row.form_id);
      fieldsOf.set(row.form_id, form ? formOf(form).fields : []);
    }
    const fields = fieldsOf.get(row.form_id)!;
    const values = JSON.parse(row.field_values) as Record<string, string | string[]>;
    yield {
      Submitted: readableTime(row.created_at),
      Form: row.form_name,
      Status: row.status,
      'Spam reason': row.spam_reason ?? '',
      Values: Object.entries(values)
        .map(([key, value]) => `${fields.find((f) => f.key === key)?.label ?? key}: ${[value].flat().join(', ')}`)
        .join('\n'),
      Files: String(row.files),
    };
  }
}
