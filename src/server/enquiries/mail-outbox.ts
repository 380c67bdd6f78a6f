import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { getCompanyDetails } from '../company/company.service';
import type { Tenant } from '../tenants/tenants';
import type { ClaimedJob, JobKind, JobRunner } from '../jobs/job-runner';
import { enquiryMail } from './enquiry-mail';
import { claimDueJobs, findEnquiry, finishMailJob, type MailJobRow } from './enquiries.repository';

/** Mail goes out through this: nodemailer's SMTP transport in operation. */
export interface MailTransport {
  sendMail(message: import('nodemailer/lib/mailer').Options): Promise<unknown>;
  close(): void;
}

/** After a day of failed attempts a job is failed; Resend queues it again. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The SMTP server's answer or the connection's error, as the screen shows it (one line, at most 500 characters). */
function describeError(error: unknown): string {
  const e = error as { response?: unknown; code?: unknown; message?: unknown };
  const text = typeof e.response === 'string' && e.response ? e.response : typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' && !text.includes(e.code) ? ` (${e.code})` : '';
  return `${text}${code}`.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** A refusal that will not change by trying again: the SMTP server's 5xx answer. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

type MailJob = MailJobRow & ClaimedJob;

/**
 * The outbox (DESIGN §15), a kind of job on the job runner: sends the due mail jobs of every tenant, records
 * each attempt, retries with the runner's growing waits for a day, then marks the job failed. The runner polls
 * every few seconds and at once after an enquiry (`kick`). Without SMTP_URL and CONTACT_RECIPIENT it sends
 * nothing: jobs wait, nothing is lost.
 */
export class MailOutbox implements JobKind<MailJob> {
  readonly name = 'mail';
  readonly giveUpAfterMs = GIVE_UP_AFTER_MS;
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

  get configured(): boolean {
    return Boolean(this.config.smtpUrl && this.config.contactRecipient);
  }

  enabled(): boolean {
    return this.configured;
  }

  /** A job was queued: send it now rather than at the next poll. */
  kick(): void {
    this.runner.kick();
  }

  async claim(tenant: Tenant, now: Date, leaseUntil: Date): Promise<MailJob | undefined> {
    const [job] = await claimDueJobs(tenant.db, tenant.dialect, now.toISOString(), leaseUntil.toISOString(), 1);
    return job && { ...job, queuedAt: job.queued_at };
  }

  async run(tenant: Tenant, job: MailJob): Promise<void> {
    const enquiry = await findEnquiry(tenant.db, job.enquiry_id);
    if (!enquiry) return;
    try {
      const company = await getCompanyDetails(tenant);
      this.transport ??= this.createTransport(this.config.smtpUrl!);
      const to = this.config.contactRecipient!;
      await this.transport.sendMail(
        enquiryMail(
          {
            id: enquiry.id,
            organization: enquiry.organization,
            name: enquiry.name,
            email: enquiry.email,
            mobile: enquiry.mobile,
            requirements: enquiry.requirements,
            createdAt: enquiry.created_at,
          },
          {
            to,
            from: this.config.mailFrom ?? { name: `${company.companyName || 'Folio'} website`, address: to },
            siteName: company.companyName || 'the website',
            listUrl: new URL('enquiries', this.config.publicBaseUrl).href,
          },
        ),
      );
    } catch (error) {
      // A broken connection is not reused.
      this.transport?.close();
      this.transport = null;
      throw error;
    }
    this.log.info({ enquiry: enquiry.id, tenant: tenant.name }, 'enquiry mailed');
  }

  async succeeded(tenant: Tenant, job: MailJob, attempts: number): Promise<void> {
    await finishMailJob(tenant.db, job, { state: 'sent', attempts, sentAt: new Date().toISOString(), error: null });
  }

  async retry(tenant: Tenant, job: MailJob, attempts: number, at: Date, error: string): Promise<void> {
    await finishMailJob(tenant.db, job, { state: 'retrying', attempts, nextAttemptAt: at.toISOString(), error });
  }

  async failed(tenant: Tenant, job: MailJob, attempts: number, error: string): Promise<void> {
    await finishMailJob(tenant.db, job, { state: 'failed', attempts, error });
  }

  permanent(error: unknown): boolean {
    return isPermanent(error);
  }

  describe(error: unknown): string {
    return describeError(error);
  }

  stop(): void {
    this.transport?.close();
    this.transport = null;
  }
}
