import { randomUUID } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { ClaimedJob, JobRunner } from '../jobs/job-runner';
import { JOB_KINDS, queueJob } from '../jobs/jobs.repository';
import { MailKind, MailSender } from './mail-sender';

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
  await queueJob(trx, {
    kind: JOB_KINDS.staffMail,
    key: randomUUID(),
    runAt: now.toISOString(),
    payload: JSON.stringify(message),
  });
}

const messageOf = (job: ClaimedJob) => JSON.parse(job.payload ?? '{}') as Partial<StaffMailMessage>;

/**
 * Mails to staff (docs/design.md §21: the password-reset link), a kind of mail on the one job queue: attempted at once
 * when queued (`kick`), given up after 30 minutes (a reset link is void by then). A mail's body holds a one-time
 * link, so it is dropped once the mail is sent or given up: the job keeps only that a mail went, to whom and when.
 */
export class StaffMail extends MailKind {
  constructor(
    private readonly config: AppConfig,
    log: FastifyBaseLogger,
    runner: JobRunner,
    sender = new MailSender(config.smtpUrl),
  ) {
    super(JOB_KINDS.staffMail, 30 * 60_000, sender, runner, log);
  }

  /** The sender: MAIL_FROM, else the contact recipient (an address the SMTP server accepts as its own). */
  get from(): string | undefined {
    return this.config.mailFrom ?? this.config.contactRecipient;
  }

  /** Whether staff mail can go out at all: an SMTP server and a sender. */
  get configured(): boolean {
    return Boolean(this.sender.configured && this.from);
  }

  protected async message(_tenant: unknown, job: ClaimedJob): Promise<Mail.Options> {
    const { to, subject, text, html } = messageOf(job);
    return { from: this.from, to, subject, text, html };
  }

  settledPayload(job: ClaimedJob): string {
    const { kind, to, subject } = messageOf(job);
    return JSON.stringify({ kind, to, subject });
  }
}
