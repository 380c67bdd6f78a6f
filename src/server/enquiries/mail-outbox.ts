import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailState } from '../../core/schemas/enquiries';
import type { AppConfig } from '../config';
import { getCompanyDetails } from '../company/company.service';
import type { Db } from '../db/database';
import type { ClaimedJob, JobRunner } from '../jobs/job-runner';
import { JOB_KINDS, type JobState } from '../jobs/jobs.repository';
import { MailKind, MailSender } from '../mail/mail-sender';
import type { Tenant } from '../tenants/tenants';
import { enquiryMail } from './enquiry-mail';
import { findEnquiry, setMailState } from './enquiries.repository';

/** After a day of failed attempts a mail is failed; Resend queues it again. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The enquiry's mail state for its job's state. */
const MAIL_STATE: Record<JobState, MailState> = {
  queued: 'queued',
  retrying: 'retrying',
  done: 'sent',
  failed: 'failed',
};

/**
 * The enquiry mail (docs/design.md §15), a kind of mail on the one job queue (its job's key: the enquiry's id): sent to
 * CONTACT_RECIPIENT, retried with the runner's growing waits for a day, then failed. The runner polls every few
 * seconds and at once after an enquiry (`kick`). Without SMTP_URL and CONTACT_RECIPIENT it sends nothing: the
 * mail waits, nothing is lost. Each outcome is copied to the enquiry's mail state (the Mail filter's index).
 */
export class MailOutbox extends MailKind {
  constructor(
    private readonly config: AppConfig,
    log: FastifyBaseLogger,
    runner: JobRunner,
    sender = new MailSender(config.smtpUrl),
  ) {
    super(JOB_KINDS.enquiryMail, GIVE_UP_AFTER_MS, sender, runner, log);
  }

  get configured(): boolean {
    return Boolean(this.sender.configured && this.config.contactRecipient);
  }

  protected async message(tenant: Tenant, job: ClaimedJob): Promise<Mail.Options | null> {
    const enquiry = await findEnquiry(tenant.db, Number(job.key));
    if (!enquiry) return null;
    const company = await getCompanyDetails(tenant);
    const to = this.config.contactRecipient!;
    return enquiryMail(
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
        logo: company.logo,
        publicBaseUrl: this.config.publicBaseUrl,
      },
    );
  }

  async recorded(db: Db, job: ClaimedJob, state: JobState): Promise<void> {
    await setMailState(db, Number(job.key), MAIL_STATE[state]);
  }
}
