import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { JobRunner, LEASE_MS, retryDelayMs } from './job-runner';
import { claimJob, ensureJob, queueJob, readJob } from './jobs.repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.parse('2031-03-01T10:00:00.000Z');
const at = (ms: number) => () => new Date(T0 + ms);

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(60 * MINUTE);
  });
});

/**
 * docs/design.md §18: background jobs are claimed with a lease, so each runs once however many instances poll, and a
 * job held by an instance that died is taken again when its lease runs out. Two instances on one database.
 */
describe.each(testDialects())('the job runner (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(dialect);
    b = await createTestApp(dialect, {}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A runner per instance with one periodic job that records each run. */
  const runners = (name: string, everyMs: number, work: (runs: number) => Promise<void> = async () => {}) => {
    const runs: string[] = [];
    const make = (t: TestApp, label: string) => {
      const runner = new JobRunner(() => t.app.tenants.all(), t.app.log);
      runner.every(name, everyMs, async () => {
        runs.push(label);
        await work(runs.length);
      });
      return runner;
    };
    return { runs, onA: make(a, 'a'), onB: make(b, 'b') };
  };

  it('runs a periodic job once per period however many instances poll', async () => {
    const { runs, onA, onB } = runners('test-once', 10 * MINUTE);
    await Promise.all([onA.tick(at(0)), onB.tick(at(0)), onA.tick(at(0)), onB.tick(at(0))]);
    expect(runs).toHaveLength(1);
    await Promise.all([onA.tick(at(5 * MINUTE)), onB.tick(at(5 * MINUTE))]);
    expect(runs).toHaveLength(1);
    await Promise.all([onB.tick(at(11 * MINUTE)), onA.tick(at(11 * MINUTE))]);
    expect(runs).toHaveLength(2);
    const row = await readJob(a.app.tenants.default.db, 'test-once');
    expect(row).toMatchObject({ state: 'queued', attempts: 0, run_at: new Date(T0 + 21 * MINUTE).toISOString() });
  });

  it('takes a job again when the instance that claimed it died, once its lease ran out', async () => {
    const { runs, onB } = runners('test-lease', 10 * MINUTE);
    const { db, dialect: d } = a.app.tenants.default;
    // Instance A claims the job and dies before it finishes it.
    await ensureJob(db, 'test-lease', '', new Date(T0).toISOString());
    const held = await claimJob(db, d, 'test-lease', new Date(T0).toISOString(), new Date(T0 + LEASE_MS).toISOString());
    expect(held).toBeDefined();
    await onB.tick(at(LEASE_MS / 2));
    expect(runs).toEqual([]);
    await onB.tick(at(LEASE_MS + 1000));
    expect(runs).toEqual(['b']);
  });

  it('retries a failed job with growing waits and records the error', async () => {
    const { runs, onA } = runners('test-retry', 10 * MINUTE, async (n) => {
      if (n <= 2) throw new Error(`failure ${n}`);
    });
    const { db } = a.app.tenants.default;
    await onA.tick(at(0));
    expect(await readJob(db, 'test-retry')).toMatchObject({
      attempts: 1,
      last_error: 'failure 1',
      run_at: new Date(T0 + 30_000).toISOString(),
    });
    await onA.tick(at(20_000));
    expect(runs).toHaveLength(1);
    await onA.tick(at(31_000));
    expect(await readJob(db, 'test-retry')).toMatchObject({
      attempts: 2,
      last_error: 'failure 2',
      run_at: new Date(T0 + 91_000).toISOString(),
    });
    await onA.tick(at(92_000));
    expect(runs).toHaveLength(3);
    expect(await readJob(db, 'test-retry')).toMatchObject({
      attempts: 0,
      last_error: null,
      run_at: new Date(T0 + 92_000 + 10 * MINUTE).toISOString(),
    });
  });

  it("waits as a kind's own retry delays say, then fails the job after the last", async () => {
    const runs: number[] = [];
    const runner = new JobRunner(() => a.app.tenants.all(), a.app.log);
    runner.add({
      name: 'test-own-waits',
      enabled: () => true,
      retryDelaysMs: [5_000, 5 * MINUTE],
      run: async (_tenant, _job, now) => {
        runs.push(now.getTime() - T0);
        throw new Error(`failure ${runs.length}`);
      },
    });
    const { db } = a.app.tenants.default;
    await queueJob(db, { kind: 'test-own-waits', key: 'one', runAt: new Date(T0).toISOString() });
    await runner.tick(at(0));
    expect(await readJob(db, 'test-own-waits', 'one')).toMatchObject({
      state: 'retrying',
      attempts: 1,
      run_at: new Date(T0 + 5_000).toISOString(),
    });
    await runner.tick(at(4_000));
    await runner.tick(at(5_000));
    expect(await readJob(db, 'test-own-waits', 'one')).toMatchObject({
      state: 'retrying',
      attempts: 2,
      run_at: new Date(T0 + 5_000 + 5 * MINUTE).toISOString(),
    });
    await runner.tick(at(5_000 + 5 * MINUTE));
    expect(await readJob(db, 'test-own-waits', 'one')).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_error: 'failure 3',
    });
    await runner.tick(at(DAY));
    expect(runs).toEqual([0, 5_000, 5_000 + 5 * MINUTE]);
  });

  it('on stop, finishes the job in hand and claims no other', async () => {
    let started!: () => void;
    let release!: () => void;
    const inHand = new Promise<void>((resolve) => (started = resolve));
    const { runs, onA } = runners('test-stop', MINUTE, () => {
      started();
      return new Promise<void>((done) => (release = done));
    });
    const pass = onA.tick(at(0));
    await inHand;
    let stopped = false;
    const stopping = onA.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await Promise.all([pass, stopping]);
    expect(stopped).toBe(true);
    // The job in hand finished and was recorded; a stopped runner claims nothing more.
    expect(await readJob(a.app.tenants.default.db, 'test-stop')).toMatchObject({
      attempts: 0,
      run_at: new Date(T0 + MINUTE).toISOString(),
    });
    await onA.tick(at(2 * MINUTE));
    expect(runs).toHaveLength(1);
  });

  it('prunes the rate-limit counts whose window has passed (a job of the app)', async () => {
    const { db } = a.app.tenants.default;
    const now = Date.now();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'test:gone', points: 3, expire: now - 1000 },
        { key: 'test:kept', points: 3, expire: now + 10 * MINUTE },
      ])
      .execute();
    await a.app.jobs.tick();
    const keys = (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'test:%').execute()).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['test:kept']);
  });
});
