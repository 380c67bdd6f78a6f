import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Db } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { claimJob, ensureJob, finishJob, type JobOutcome, type JobState } from './jobs.repository';

/** How long a claimed job is left to its instance: one that dies mid-run frees it after this (docs/design.md §18). */
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

/** A claimed job as its kind sees it: what it is, how often it failed so far and since when it waits. */
export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: string | null;
  attempts: number;
  queuedAt: string;
  lockedUntil: string;
}

/**
 * A kind of job in the one queue (decision 022): periodic work (`everyMs`), enquiry mail, staff mail. The runner
 * claims, retries and records every kind alike; a kind says how to run one of its jobs and what else changes
 * with an outcome.
 */
export interface JobKind {
  readonly name: string;
  /** Whether it runs at all: mail without SMTP settings leaves its jobs waiting. */
  enabled(): boolean;
  run(tenant: Tenant, job: ClaimedJob, now: Date): Promise<void>;
  /** A periodic kind: one job per tenant, due again this long after each success. Else a job is done once. */
  readonly everyMs?: number;
  /** After this long since it was queued, a job that keeps failing is failed (undefined: it never gives up). */
  readonly giveUpAfterMs?: number;
  /**
   * The waits before each retry of a job of this kind, in order (a webhook's 5 s, 5 min, 30 min, …): after as many
   * failures as it has waits, the job fails. Undefined: the runner's growing waits (`retryDelayMs`).
   */
  readonly retryDelaysMs?: readonly number[];
  /** Whether a failure will not be mended by trying again (besides a thrown PermanentJobError). */
  permanent?(error: unknown): boolean;
  /** The error as the screens show it; its message by default. */
  describe?(error: unknown): string;
  /** The payload a job keeps once done or failed (a staff mail keeps who it went to, not its one-time link). */
  settledPayload?(job: ClaimedJob): string;
  /** What changes with an outcome besides the job, in its transaction (an enquiry's mail state). */
  recorded?(db: Db, job: ClaimedJob, state: JobState): Promise<void>;
  /** Called once when the runner stops, after the job in hand finished (mail closes its SMTP connection). */
  stop?(): void;
}

/**
 * The one job runner of a process (docs/design.md §18, §25): one loop that polls every tenant for the due jobs of every
 * enabled kind with one claim (jobs.repository.ts), runs them one at a time under a lease, retries a failed
 * job with growing waits, and stops on shutdown after the job in hand. Enquiry mail and staff mail run on it,
 * and the periodic jobs (pruning, scheduled publishing).
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind>();
  /** The periodic jobs known to exist, per tenant (every instance makes sure once). */
  private readonly ensured = new WeakMap<Tenant, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly tenants: () => readonly Tenant[],
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs?: number; leaseMs?: number } = {},
  ) {}

  add(kind: JobKind): void {
    this.kinds.set(kind.name, kind);
  }

  /**
   * A periodic job: `run` once every `everyMs` per tenant, on one instance at a time (a row of the `jobs`
   * table claimed with a lease); a failed run is tried again with the usual waits.
   */
  every(name: string, everyMs: number, run: (tenant: Tenant, now: Date) => Promise<void>): void {
    this.add({ name, everyMs, enabled: () => true, run: (tenant, _job, now) => run(tenant, now) });
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
    for (const kind of this.kinds.values()) kind.stop?.();
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
          if (this.stopped) return;
          try {
            await this.runDue(tenant, now);
          } catch (error) {
            this.log.error({ err: error, tenant: tenant.name }, 'job runner: a pass failed');
          }
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Claims and runs the tenant's due jobs of the enabled kinds, one at a time, until none is due. */
  private async runDue(tenant: Tenant, now: () => Date): Promise<void> {
    const kinds = [...this.kinds.values()].filter((kind) => kind.enabled());
    await this.ensurePeriodic(tenant, kinds, now());
    const names = kinds.map((kind) => kind.name);
    while (!this.stopped) {
      const at = now();
      const row = await claimJob(
        tenant.db,
        tenant.dialect,
        names,
        at.toISOString(),
        new Date(at.getTime() + (this.options.leaseMs ?? LEASE_MS)).toISOString(),
      );
      const kind = row && this.kinds.get(row.kind);
      if (!row || !kind) return;
      const job: ClaimedJob = {
        id: row.id,
        kind: row.kind,
        key: row.key,
        payload: row.payload,
        attempts: row.attempts,
        queuedAt: row.queued_at,
        lockedUntil: row.locked_until,
      };
      await this.runOne(tenant, kind, job, now);
    }
  }

  private async ensurePeriodic(tenant: Tenant, kinds: readonly JobKind[], now: Date): Promise<void> {
    let known = this.ensured.get(tenant);
    if (!known) this.ensured.set(tenant, (known = new Set()));
    for (const kind of kinds) {
      if (kind.everyMs === undefined || known.has(kind.name)) continue;
      await ensureJob(tenant.db, kind.name, '', now.toISOString());
      known.add(kind.name);
    }
  }

  /** Runs a claimed job and records how it went: done (a periodic job: due again), tried again later, or failed. */
  private async runOne(tenant: Tenant, kind: JobKind, job: ClaimedJob, now: () => Date): Promise<void> {
    const attempts = job.attempts + 1;
    try {
      await kind.run(tenant, job, now());
    } catch (error) {
      const message = (kind.describe?.(error) ?? (error instanceof Error ? error.message : String(error))).slice(
        0,
        500,
      );
      const wait = kind.retryDelaysMs ? kind.retryDelaysMs[attempts - 1] : retryDelayMs(attempts);
      const next = new Date(now().getTime() + (wait ?? 0));
      const giveUp =
        wait === undefined ||
        error instanceof PermanentJobError ||
        kind.permanent?.(error) === true ||
        (kind.giveUpAfterMs !== undefined && next.getTime() - new Date(job.queuedAt).getTime() > kind.giveUpAfterMs);
      const outcome: JobOutcome = giveUp
        ? { state: 'failed', attempts, error: message, ...this.settled(kind, job) }
        : { state: 'retrying', attempts, error: message, runAt: next.toISOString() };
      await this.record(tenant, kind, job, outcome);
      this.log.warn(
        { tenant: tenant.name, job: kind.name, key: job.key, attempts, error: message },
        giveUp ? 'job failed' : 'job will be retried',
      );
      return;
    }
    const at = now();
    const outcome: JobOutcome =
      kind.everyMs === undefined
        ? { state: 'done', attempts, error: null, doneAt: at.toISOString(), ...this.settled(kind, job) }
        : { state: 'queued', attempts: 0, error: null, runAt: new Date(at.getTime() + kind.everyMs).toISOString() };
    await this.record(tenant, kind, job, outcome);
  }

  private settled(kind: JobKind, job: ClaimedJob): { payload?: string } {
    return kind.settledPayload ? { payload: kind.settledPayload(job) } : {};
  }

  /** The outcome, if the job is still this instance's, and with it what else the kind changes (one transaction). */
  private async record(tenant: Tenant, kind: JobKind, job: ClaimedJob, outcome: JobOutcome): Promise<void> {
    const held = { id: job.id, locked_until: job.lockedUntil };
    if (!kind.recorded) {
      await finishJob(tenant.db, held, outcome);
      return;
    }
    await inTransaction(tenant.db, async (trx) => {
      if (await finishJob(trx, held, outcome)) await kind.recorded!(trx, job, outcome.state);
    });
  }
}
