// Part 9 of `npm run bench` (BENCH_ONLY=visits): what counting visits (docs/design.md §31, issue 47) costs the hot path.
// Two servers of this build on databases of their own, one counting (the default) and one with COUNT_VISITS=false,
// both behind a proxy as deployed (TRUST_PROXY=true): wrk loads them in turn, round after round (each round starting
// with the other one), each request the next of the twelve public pages from the next of BENCH_VISITORS visitors
// (default 10,000; X-Forwarded-For) with a browser's User-Agent (scripts/bench-wrk.lua), so that every view is
// counted and flushed as a person's. Budget: the counting server's median rate ≥ 0.97 of the other's.
// Then the counting server's figures for today are read through the visits call: every view wrk made must be there,
// and the visitors within 2 % of the distinct visitors sent (budget of §31).
import { CONTENT_PAGES } from '../src/core/pages';
import type { BenchReport } from './bench-backup';
import { runWrk, signIn, type WrkResult } from './bench-load';
import { freePort, removeFolder, sleep, startFolio, stop, temporaryFolder } from './bench-servers';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 18);
const CONNECTIONS = 50;
const RATIO_BUDGET = 0.97;
const PATHS = CONTENT_PAGES.map((page) => page.publicPath);

export async function benchVisits(report: BenchReport, wrk: string, adminPassword: string): Promise<void> {
  const servers = [
    { name: 'counting', env: { COUNT_VISITS: 'true' } },
    { name: 'not counting', env: { COUNT_VISITS: 'false' } },
  ];
  const started = await Promise.all(
    servers.map(async (server) => {
      const port = await freePort();
      const dataDir = temporaryFolder('folio-bench-visits-');
      // BENCH_PROFILE=<folder>: the counting server writes a CPU profile there when it stops.
      const profile = process.env.BENCH_PROFILE && server.name === 'counting' ? process.env.BENCH_PROFILE : undefined;
      const child = await startFolio({
        dataDir,
        port,
        adminPassword,
        env: { TRUST_PROXY: 'true', ...server.env },
        nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
      });
      return { ...server, base: `http://127.0.0.1:${port}`, dataDir, child, runs: [] as WrkResult[] };
    }),
  );
  try {
    const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
    const warmUps = new Map<string, number>();
    for (const server of started)
      warmUps.set(
        server.name,
        (await runWrk(wrk, server.base, { connections: CONNECTIONS, seconds: 1, paths: PATHS, visitors: VISITORS }))
          .requests,
      );
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = round % 2 === 1 ? started : [...started].reverse();
      for (const server of order)
        server.runs.push(
          await runWrk(wrk, server.base, { connections: CONNECTIONS, seconds, paths: PATHS, visitors: VISITORS }),
        );
      console.log(
        `visits round ${round}/${ROUNDS}: ${started.map((s) => `${s.name} ${s.runs.at(-1)!.rate.toFixed(0)}`).join(' · ')} req/s`,
      );
    }
    const median = (runs: readonly WrkResult[]) => runs.map((run) => run.rate).sort((a, b) => a - b)[runs.length >> 1]!;
    const [counting, off] = started as [(typeof started)[number], (typeof started)[number]];
    const ratio = median(counting.runs) / median(off.runs);
    for (const server of started)
      report.row(
        `public pages, 10,000 visitors, ${server.name} (median)`,
        `${median(server.runs).toFixed(0)} req/s`,
        '',
      );
    report.row(
      'counting visits / not counting (same build)',
      ratio.toFixed(3),
      `≥ ${RATIO_BUDGET} (docs/design.md §31)`,
      ratio >= RATIO_BUDGET,
    );
    const sent = warmUps.get(counting.name)! + counting.runs.reduce((sum, run) => sum + run.requests, 0);
    const today = await todayOf(counting.base, adminPassword, sent);
    // wrk counts the answers it read; a request in flight as a run ended may be answered (and counted) unread.
    report.row(
      'views counted / answers wrk read (counting server)',
      `${today.views.toLocaleString('en-GB')} / ${sent.toLocaleString('en-GB')}`,
      'all of them',
      today.views >= sent && today.views <= sent + CONNECTIONS * (ROUNDS + 1),
    );
    const distinct = Math.min(VISITORS, sent);
    const error = Math.abs(today.visitors - distinct) / distinct;
    report.row(
      `visitors counted for ${distinct.toLocaleString('en-GB')} distinct visitors`,
      `${today.visitors.toLocaleString('en-GB')} (${(error * 100).toFixed(2)} % off)`,
      'within 2 % (docs/design.md §31)',
      error <= 0.02,
    );
    report.source(
      `visits: two servers of this build on fresh SQLite databases, TRUST_PROXY=true, one with COUNT_VISITS=false; wrk -t1 -c${CONNECTIONS}, ${ROUNDS} rounds of ${seconds} s alternating (after 1 s of warm-up each), each request the next of the ${PATHS.length} public pages from the next of ${VISITORS.toLocaleString('en-GB')} addresses (X-Forwarded-For) with a browser's User-Agent; median of the rounds. Then the counting server's visits call for today, once its flush (every 10 s) had written every view sent, warm-up included.`,
    );
  } finally {
    for (const server of started) {
      await stop(server.child);
      removeFolder(server.dataDir);
    }
  }
}

/** The counting server's figures for today, once its flushes (every 10 s) have written at least `sent` views. */
async function todayOf(base: string, adminPassword: string, sent: number) {
  const token = await signIn(base, adminPassword);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${base}/api/master/visits`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`the visits call answered ${response.status}`);
    const { days } = (await response.json()) as { days: Array<{ views: number; visitors: number }> };
    const today = days.at(-1)!;
    if (today.views >= sent || Date.now() > deadline) return today;
    await sleep(1000);
  }
}
