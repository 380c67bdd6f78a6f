import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppConfig } from '../config';
import type { Db, Dialect } from '../db/database';
import type { MailMessageTable } from '../db/schema';
import type { ClaimedJob, JobKind, JobRunner } from '../jobs/job-runner';
import type { Tenant } from '../tenants/tenants';
import type { MailTransport } from '../enquiries/mail-outbox';

type MailRow = Selectable<MailMessageTable>;
type MailJob = MailRow & ClaimedJob;

/** A mail to a member of staff, as queued. */
export interface StaffMailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Queues a mail in the caller's transaction: it goes out once the change commits, never without it. */
export async function queueStaffMail(trx: Db, message: StaffMailMessage, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto('mail_messages')
    .values({ kind: message.kind, to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html, queued_at: at, next_attempt_at: at })
    .execute();
}

/** One due mail claimed until `leaseUntil` (one statement; PostgreSQL skips rows another instance is claiming). */
async function claimDueMail(db: Db, dialect: Dialect, now: string, leaseUntil: string): Promise<MailRow | undefined> {
  const lock = sql.raw(dialect === 'postgres' ? 'for update skip locked' : '');
  const result = await sql<MailRow>`
    update mail_messages set locked_until = ${leaseUntil}
    where id in (
      select id from mail_messages
      where state in ('queued', 'retrying') and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit 1
      ${lock}
    )
    returning *`.execute(db);
  const row = result.rows[0];
  return row && { ...row, id: Number(row.id), attempts: Number(row.attempts) };
}

/**
 * Mails to staff (DESIGN §21: the password-reset link), a kind of job on the job runner beside the enquiry
 * outbox: attempted at once when queued (`kick`), retried with the runner's growing waits, given up after 30
 * minutes (a reset link is void by then). A mail's body holds a one-time link, so it is cleared once the mail
 * is sent or given up: the table keeps only that a mail went, to whom and when.
 */
export class StaffMail implements JobKind<MailJob> {
  readonly name = 'staff-mail';
  readonly giveUpAfterMs = 30 * 60_000;
  private transport: MailTransport | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
    private readonly runner: JobRunner,
    private readonly createTransport: (url: string) => MailTransport = (url) =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
  ) {
    runner.add(this);
  }

  /** The sender: MAIL_FROM, else the contact recipient (an address the SMTP server accepts as its own). */
  get from(): string | undefined {
    return this.config.mailFrom ?? this.config.contactRecipient;
  }

  /** Whether staff mail can go out at all: an SMTP server and a sender. */
  get configured(): boolean {
    return Boolean(this.config.smtpUrl && this.from);
  }

  enabled(): boolean {
    return this.configured;
  }

  kick(): void {
    this.runner.kick();
  }

  async claim(tenant: Tenant, now: Date, leaseUntil: Date): Promise<MailJob | undefined> {
    const row = await claimDueMail(tenant.db, tenant.dialect, now.toISOString(), leaseUntil.toISOString());
    return row && { ...row, queuedAt: row.queued_at };
  }

  async run(tenant: Tenant, job: MailJob): Promise<void> {
    try {
      this.transport ??= this.createTransport(this.config.smtpUrl!);
      await this.transport.sendMail({ from: this.from, to: job.to_address, subject: job.subject, text: job.text_body, html: job.html_body });
    } catch (error) {
      this.transport?.close();
      this.transport = null;
      throw error;
    }
    this.log.info({ mail: job.id, kind: job.kind, tenant: tenant.name }, 'staff mail sent');
  }

  async succeeded(tenant: Tenant, job: MailJob, attempts: number): Promise<void> {
    await this.finish(tenant.db, job, { state: 'sent', attempts, sent_at: new Date().toISOString(), last_error: null, text_body: '', html_body: '' });
  }

  async retry(tenant: Tenant, job: MailJob, attempts: number, at: Date, error: string): Promise<void> {
    await this.finish(tenant.db, job, { state: 'retrying', attempts, next_attempt_at: at.toISOString(), last_error: error });
  }

  async failed(tenant: Tenant, job: MailJob, attempts: number, error: string): Promise<void> {
    this.log.warn({ mail: job.id, kind: job.kind, tenant: tenant.name, error }, 'staff mail given up');
    await this.finish(tenant.db, job, { state: 'failed', attempts, last_error: error, text_body: '', html_body: '' });
  }

  permanent(error: unknown): boolean {
    const code = (error as { responseCode?: unknown }).responseCode;
    return typeof code === 'number' && code >= 500 && code < 600;
  }

  stop(): void {
    this.transport?.close();
    this.transport = null;
  }

  /** Records an attempt's outcome, if the mail is still this worker's (its lease unchanged). */
  private async finish(db: Db, job: MailJob, values: Partial<Omit<MailRow, 'id'>>): Promise<void> {
    await db
      .updateTable('mail_messages')
      .set({ ...values, locked_until: null })
      .where('id', '=', job.id)
      .where('locked_until', '=', job.locked_until)
      .execute();
  }
}
