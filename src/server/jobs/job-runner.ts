import type { FastifyBaseLogger } from 'fastify';
import type { Tenant } from '../tenants/tenants';
import { claimJob, ensureJob, finishJob, type JobRow } from './jobs.repository';

/** How long a claimed job is left to its instance: one that dies mid-run frees it after this (DESIGN §18). */
export const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/** The wait before attempt n + 1 after n failed attempts: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

/** A failure that trying again will not mend (an SMTP server's 5xx): the job fails at once. */
export class PermanentJobError extends Error {}

/** A claimed job as the runner sees it: how often it failed so far and since when it waits. */
export interface ClaimedJob {
  attempts: number;
  queuedAt: string;
}

/**
 * A kind of background work the runner drives (DESIGN §18): it claims one due job at a time with a lease (so
 * each runs once across instances), runs it, and records the outcome. Kinds with a table of their own (the
 * mail outbox) implement it over that table; `JobRunner.every` makes periodic ones over the `jobs` table.
 */
export interface JobKind<J extends ClaimedJob = ClaimedJob> {
  readonly name: string;
  /** Whether it runs at all: the outbox without SMTP settings leaves its jobs waiting. */
  enabled(): boolean;
  claim(tenant: Tenant, now: Date, leaseUntil: Date): Promise<J | undefined>;
  run(tenant: Tenant, job: J, now: Date): Promise<void>;
  succeeded(tenant: Tenant, job: J, attempts: number, now: Date): Promise<void>;
  retry(tenant: Tenant, job: J, attempts: number, at: Date, error: string): Promise<void>;
  failed(tenant: Tenant, job: J, attempts: number, error: string): Promise<void>;
  /** After this long since it was queued, a job that keeps failing is failed (undefined: it never gives up). */
  readonly giveUpAfterMs?: number;
  /** Whether a failure will not be mended by trying again (besides a thrown PermanentJobError). */
  permanent?(error: unknown): boolean;
  /** The error as the screens show it; its message by default. */
  describe?(error: unknown): string;
  /** Called once when the runner stops, after the job in hand finished (the outbox closes its SMTP connection). */
  stop?(): void;
}

/**
 * The one job runner of a process (DESIGN §18): one loop that polls every tenant for every kind's due jobs,
 * claims them one at a time with a lease, retries a failed job with growing waits, and stops on shutdown
 * after the job in hand. The mail outbox runs on it, and pruning; scheduled publishing and the audit log's
 * retention reuse it.
 */
export class JobRunner {
  private readonly kinds: JobKind<never>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly tenants: () => readonly Tenant[],
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs?: number; leaseMs?: number } = {},
  ) {}

  add<J extends ClaimedJob>(kind: JobKind<J>): void {
    this.kinds.push(kind as unknown as JobKind<never>);
  }

  /**
   * A periodic job: `run` once every `everyMs` per tenant, on one instance at a time (a row of the `jobs`
   * table claimed with a lease); a failed run is tried again with the usual waits.
   */
  every(name: string, everyMs: number, run: (tenant: Tenant, now: Date) => Promise<void>): void {
    const ensured = new WeakSet<Tenant>();
    type Periodic = JobRow & ClaimedJob;
    this.add<Periodic>({
      name,
      enabled: () => true,
      claim: async (tenant, now, leaseUntil) => {
        if (!ensured.has(tenant)) {
          await ensureJob(tenant.db, name, '', now.toISOString());
          ensured.add(tenant);
        }
        const row = await claimJob(tenant.db, tenant.dialect, name, now.toISOString(), leaseUntil.toISOString());
        return row && { ...row, queuedAt: row.queued_at };
      },
      run: (tenant, _job, now) => run(tenant, now),
      succeeded: (tenant, job, _attempts, now) =>
        finishJob(tenant.db, job, { state: 'queued', attempts: 0, error: null, runAt: new Date(now.getTime() + everyMs).toISOString() }),
      retry: (tenant, job, attempts, at, error) => finishJob(tenant.db, job, { state: 'queued', attempts, error, runAt: at.toISOString() }),
      failed: (tenant, job, attempts, error) => finishJob(tenant.db, job, { state: 'failed', attempts, error }),
    });
  }

  /** Starts polling (the server does; tests drive `tick` themselves). */
  start(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** Work was queued: look now rather than at the next poll. */
  kick(): void {
    if (this.timer !== null) this.schedule(0);
  }

  /** No new claims; waits for the job in hand to finish, then lets every kind close what it holds. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    for (const kind of this.kinds) kind.stop?.();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule(this.options.pollMs ?? POLL_MS));
    }, delay);
    this.timer.unref();
  }

  /** Runs every job due at `now()`, tenant by tenant; one pass at a time (a call during a pass runs after it). */
  async tick(now: () => Date = () => new Date()): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const tenant of this.tenants()) {
          for (const kind of this.kinds) {
            if (this.stopped) return;
            if (!kind.enabled()) continue;
            try {
              await this.runDue(tenant, kind, now);
            } catch (error) {
              this.log.error({ err: error, tenant: tenant.name, job: kind.name }, 'job runner: a pass failed');
            }
          }
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runDue<J extends ClaimedJob>(tenant: Tenant, kind: JobKind<J>, now: () => Date): Promise<void> {
    while (!this.stopped) {
      const at = now();
      const job = await kind.claim(tenant, at, new Date(at.getTime() + (this.options.leaseMs ?? LEASE_MS)));
      if (!job) return;
      const attempts = job.attempts + 1;
      try {
        await kind.run(tenant, job, now());
        await kind.succeeded(tenant, job, attempts, now());
      } catch (error) {
        const message = (kind.describe?.(error) ?? (error instanceof Error ? error.message : String(error))).slice(0, 500);
        const next = new Date(now().getTime() + retryDelayMs(attempts));
        const giveUp =
          error instanceof PermanentJobError || kind.permanent?.(error) === true || (kind.giveUpAfterMs !== undefined && next.getTime() - new Date(job.queuedAt).getTime() > kind.giveUpAfterMs);
        if (giveUp) await kind.failed(tenant, job, attempts, message);
        else await kind.retry(tenant, job, attempts, next, message);
        this.log.warn({ tenant: tenant.name, job: kind.name, attempts, error: message }, giveUp ? 'job failed' : 'job will be retried');
      }
    }
  }
}
