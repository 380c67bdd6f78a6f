import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';
import { formIn } from '../../core/forms/form-texts';
import type { FormField } from '../../core/schemas/forms';
import { getCompanyDetails } from '../company/company.service';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { ClaimedJob, JobRunner } from '../jobs/job-runner';
import { ensureJob } from '../jobs/jobs.repository';
import { MailKind, MailSender } from '../mail/mail-sender';
import type { Tenant } from '../tenants/tenants';
import { formOf } from './forms.service';
import { findFormRow } from './forms.repository';
import { findSubmissionRow } from './submissions.repository';
import { formLanguage } from './public-form';
import { siteTextsIn } from '../locales/site-texts.service';

/**
 * A form's mail (docs/design.md §30): to its recipients, and the confirmation to the sender when the form has one.
 * Queued in the submission's own transaction (it goes out once the submission is kept, never without it), once per
 * submission whatever happens after ("Not spam" queues it then, and never twice), through the one job queue. The
 * confirmation is in the language the form was shown in, as translated (docs/design.md §30); the recipients' mail in
 * the default one.
 */
export const FORM_MAIL = 'form-mail';
/** A mail that still fails after a day is given up (the submission stays in the inbox). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

type Part = 'staff' | 'confirmation';

/** Queues a submission's mail in the caller's transaction: the recipients', and the sender's confirmation if asked. */
export async function queueFormMail(
  trx: Db,
  submissionId: number,
  parts: { staff: boolean; confirmation: boolean },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  if (parts.staff) await ensureJob(trx, FORM_MAIL, `${submissionId}:staff`, at);
  if (parts.confirmation) await ensureJob(trx, FORM_MAIL, `${submissionId}:confirmation`, at);
}

/** `{{key}}` in a confirmation's subject or text: the sender's value of that field ('' for none). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | string[]>>): string {
  return text.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (_all, key: string) => [values[key] ?? ''].flat().join(', '));
}

/** A subject of one line (a line break in a header is a header of its own). */
const oneLine = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 200);

export class FormMail extends MailKind {
  constructor(
    private readonly config: AppConfig,
    log: FastifyBaseLogger,
    runner: JobRunner,
    sender = new MailSender(config.smtpUrl),
  ) {
    super(FORM_MAIL, GIVE_UP_AFTER_MS, sender, runner, log);
  }

  get configured(): boolean {
    return this.sender.configured;
  }

  protected async message(tenant: Tenant, job: ClaimedJob): Promise<Mail.Options | null> {
    const [id, part] = job.key.split(':') as [string, Part];
    const submission = await findSubmissionRow(tenant.db, Number(id));
    const formRow = submission && (await findFormRow(tenant.db, submission.form_id));
    if (!submission || !formRow) return null;
    const form = formOf(formRow);
    const values = JSON.parse(submission.field_values) as Record<string, string | string[]>;
    const company = await getCompanyDetails(tenant);
    const site = company.companyName || 'the website';
    const fromAddress = this.config.mailFrom ?? {
      name: `${site} website`,
      address: this.config.contactRecipient ?? company.email,
    };
    const emailField = form.fields.find((field) => field.kind === 'email');
    const sender = emailField ? String(values[emailField.key] ?? '') : '';
    if (part === 'confirmation') {
      if (!sender || !form.confirmation.enabled) return null;
      const language = await formLanguage(tenant, submission.locale);
      const { confirmation } = language ? formIn(form, await siteTextsIn(tenant, language)) : form;
      return {
        from: fromAddress,
        to: sender,
        subject: oneLine(fillPlaceholders(confirmation.subject, values)),
        text: fillPlaceholders(confirmation.body, values),
      };
    }
    const to = form.recipients.length > 0 ? form.recipients : [this.config.contactRecipient ?? company.email];
    if (to.every((address) => !address)) return null;
    return {
      from: fromAddress,
      to,
      ...(sender ? { replyTo: sender } : {}),
      subject: oneLine(`${form.name} from ${site}: ${submission.summary}`),
      text: staffText(form.fields, values, new URL('enquiries', this.config.publicBaseUrl).href, submission.files),
    };
  }
}

/** The recipients' text: each value by its label, then where the submission and its files are. */
function staffText(
  fields: readonly FormField[],
  values: Readonly<Record<string, string | string[]>>,
  inbox: string,
  files: number,
): string {
  const lines = fields
    .filter((field) => values[field.key] !== undefined)
    .map((field) => {
      const value = values[field.key]!;
      const named = (one: string) => field.options?.find((o) => o.value === one)?.label ?? one;
      return `${field.label}: ${[value].flat().map(named).join(', ')}`;
    });
  const attached = files > 0 ? ` (${files} ${files === 1 ? 'file' : 'files'} to download there)` : '';
  return `${lines.join('\n')}\n\nIn the inbox${attached}: ${inbox}\n`;
}
