import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobKind, JobRunner } from '../jobs/job-runner';
import type { Tenant } from '../tenants/tenants';

/** Mail goes out through this: nodemailer's SMTP transport in operation. */
export interface MailTransport {
  sendMail(message: Mail.Options): Promise<unknown>;
  close(): void;
}

/**
 * nodemailer's SMTP transport. Loaded with the first mail, not at start: a server that sends none (or not yet) does
 * not hold it in memory (about 7 MB of an idle server's RSS, docs/benchmarks.md).
 */
export const smtpTransport = async (url: string): Promise<MailTransport> => {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
};

/** The SMTP server's answer or the connection's error, as the screens show it (one line, at most 500 characters). */
export function describeMailError(error: unknown): string {
  const e = error as { response?: unknown; code?: unknown; message?: unknown };
  const text =
    typeof e.response === 'string' && e.response
      ? e.response
      : typeof e.message === 'string'
        ? e.message
        : String(error);
  const code = typeof e.code === 'string' && !text.includes(e.code) ? ` (${e.code})` : '';
  return `${text}${code}`.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** A refusal that will not change by trying again: the SMTP server's 5xx answer. */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The one mail sender of a process (decision 022): one SMTP connection for every kind of mail, opened when
 * the first mail goes and dropped after a failure (a broken connection is not reused).
 */
export class MailSender {
  private transport: Promise<MailTransport> | null = null;

  constructor(
    private readonly smtpUrl: string | undefined,
    private readonly createTransport: (url: string) => Promise<MailTransport> = smtpTransport,
  ) {}

  get configured(): boolean {
    return Boolean(this.smtpUrl);
  }

  async send(message: Mail.Options): Promise<void> {
    try {
      // One transport however many mails go at once: the first to need it opens it, the others wait for it.
      this.transport ??= this.createTransport(this.smtpUrl!);
      await (await this.transport).sendMail(message);
    } catch (error) {
      this.close();
      throw error;
    }
  }

  close(): void {
    // A transport that failed to open has nothing to close.
    this.transport?.then((transport) => transport.close()).catch(() => {});
    this.transport = null;
  }
}

/**
 * A kind of mail on the one job queue (enquiry mail, staff mail): queued in the transaction of the change that
 * asks for it, sent by the one sender with the runner's retries and growing waits, an SMTP 5xx failing it at
 * once, the server's answer recorded as its error. A kind says what its mail is, when it is set up, and after
 * how long it gives up.
 */
export abstract class MailKind implements JobKind {
  constructor(
    readonly name: string,
    readonly giveUpAfterMs: number,
    protected readonly sender: MailSender,
    protected readonly runner: JobRunner,
    protected readonly log: FastifyBaseLogger,
  ) {
    runner.add(this);
  }

  /** Whether its mail can go out: without it the jobs wait, nothing is lost. */
  abstract get configured(): boolean;

  /** The mail of a job; null when there is nothing to send any more (its enquiry was deleted). */
  protected abstract message(tenant: Tenant, job: ClaimedJob): Promise<Mail.Options | null>;

  enabled(): boolean {
    return this.configured;
  }

  /** A mail was queued: send it now rather than at the next poll. */
  kick(): void {
    this.runner.kick();
  }

  async run(tenant: Tenant, job: ClaimedJob): Promise<void> {
    const message = await this.message(tenant, job);
    if (!message) return;
    await this.sender.send(message);
    this.log.info({ tenant: tenant.name, mail: this.name, key: job.key }, 'mail sent');
  }

  permanent(error: unknown): boolean {
    return isPermanentMailError(error);
  }

  describe(error: unknown): string {
    return describeMailError(error);
  }

  stop(): void {
    this.sender.close();
  }
}
