import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { getCompanyDetails } from '../company/company.service';
import type { Tenant } from '../tenants/tenants';
import { enquiryMail } from './enquiry-mail';
import { claimDueJobs, findEnquiry, finishMailJob, type MailJobRow } from './enquiries.repository';

/** Mail goes out through this: nodemailer's SMTP transport in operation. */
export interface MailTransport {
  sendMail(message: import('nodemailer/lib/mailer').Options): Promise<unknown>;
  close(): void;
}

const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;
/** After a day of failed attempts a job is failed; Resend queues it again. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How long a claimed job is left to its worker (a worker that dies mid-send frees it after this). */
const LEASE_MS = 2 * 60_000;
const POLL_MS = 5_000;
const BATCH = 10;

/** The wait before attempt n + 1 after n failed attempts: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

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

/**
 * The outbox's worker (DESIGN §15): sends the due mail jobs of every tenant, records each attempt, retries
 * with growing waits for a day, then marks the job failed. Runs every few seconds and at once after an
 * enquiry (`kick`). Without SMTP_URL and CONTACT_RECIPIENT it does nothing: jobs wait, nothing is lost.
 */
export class MailOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private transport: MailTransport | null = null;

  constructor(
    private readonly tenants: () => readonly Tenant[],
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
    private readonly createTransport: (url: string) => MailTransport = (url) =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
  ) {}

  get configured(): boolean {
    return Boolean(this.config.smtpUrl && this.config.contactRecipient);
  }

  /** Starts polling (the server does; tests drive `tick` themselves). */
  start(): void {
    if (!this.configured || this.stopped) return;
    this.schedule(0);
  }

  /** A job was queued: send it now rather than at the next poll. */
  kick(): void {
    if (this.timer !== null) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
    this.transport = null;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule(POLL_MS));
    }, delay);
    this.timer.unref();
  }

  /** Sends every job due at `now`, tenant by tenant; one pass at a time (a call during a pass runs after it). */
  async tick(now: () => Date = () => new Date()): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const tenant of this.tenants()) {
          try {
            await this.sendDue(tenant, now);
          } catch (error) {
            this.log.error({ err: error, tenant: tenant.name }, 'mail outbox: a pass failed');
          }
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(tenant: Tenant, now: () => Date): Promise<void> {
    if (!this.configured) return;
    for (;;) {
      const at = now();
      const jobs = await claimDueJobs(tenant.db, tenant.dialect, at.toISOString(), new Date(at.getTime() + LEASE_MS).toISOString(), BATCH);
      if (jobs.length === 0) return;
      for (const job of jobs) await this.send(tenant, job, now());
      if (jobs.length < BATCH || this.stopped) return;
    }
  }

  private async send(tenant: Tenant, job: MailJobRow, now: Date): Promise<void> {
    const attempts = job.attempts + 1;
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
      await finishMailJob(tenant.db, job, { state: 'sent', attempts, sentAt: new Date().toISOString(), error: null });
      this.log.info({ enquiry: enquiry.id, tenant: tenant.name }, 'enquiry mailed');
    } catch (error) {
      const message = describeError(error);
      const next = new Date(now.getTime() + retryDelayMs(attempts));
      const giveUp = isPermanent(error) || next.getTime() - new Date(job.queued_at).getTime() > GIVE_UP_AFTER_MS;
      await finishMailJob(tenant.db, job, giveUp ? { state: 'failed', attempts, error: message } : { state: 'retrying', attempts, nextAttemptAt: next.toISOString(), error: message });
      this.log.warn({ enquiry: enquiry.id, tenant: tenant.name, attempts, error: message }, giveUp ? 'enquiry mail failed' : 'enquiry mail will be retried');
      // A broken connection is not reused.
      this.transport?.close();
      this.transport = null;
    }
  }
}
