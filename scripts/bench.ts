// `npm run bench` (after `npm run build`): the speed budgets of docs/design.md §10, measured and printed in one run:
//  1. cold start of the built server to the first served page, and memory (RSS) at idle;
//  2. serving throughput with wrk, side by side and alternated in rounds (the machine is shared and noisy):
//     Folio /Home1 (cached), a bare Fastify app and nginx sending the same gzip bytes with the same headers,
//     an Autowired page (/Careers1, made in page creation), a redirect (/old-home → /Home1, docs/design.md §27) and
//     Home in German (/de/Home1, docs/design.md §28);
//  3. mixed load: 200 visitors over all public pages while 5 editors save over HTTP, on the same server;
//  4. page saves in process (app.inject, no network), of the Home page and of an Autowired page;
//  5. several instances (docs/design.md §18): the cached /Home1 on PostgreSQL, Folio direct against nginx running
//     deploy/nginx/folio.conf in front of one instance and of two, side by side;
//  6. backup and restore (docs/design.md §22) at the data volume of §23, on SQLite and PostgreSQL (scripts/bench-backup.ts);
//  7. the editor's preview pane (docs/design.md §26): typing to the updated preview in Chromium, the render's server time,
//     no preview marks on public pages (scripts/bench-preview.ts);
//  8. a form's submission with a 5 MB PDF (docs/design.md §30) over HTTP on SQLite: now and then, one after another and
//     four at once, each checked to be in the inbox with its file (scripts/bench-forms.ts; BENCH_FORM_SUBMISSIONS,
//     default 200 a run).
// Figures are printed, not asserted: a benchmark is not a timed test, and it is not part of `npm test`. A missed
// budget is marked "over budget"; the exit code is non-zero only when something could not be measured.
// wrk and nginx come from Debian's packages (installed when missing and we are root, else that part is skipped):
// autocannon tops out near 6k req/s on two cores, too slow to measure any of this.
// `npm run bench -- --baseline <folder>`: another built checkout (the tree before a change, built with
// `npm run build` in its own folder) runs beside this one and is measured in the same run: its cold start and
// memory, its /Home1 in the throughput rounds, and the mixed load alternating between the two; the table then
// gives each figure for both and the ratios of this tree to the baseline. The form submissions (part 8) run on both
// too, twice each, alternating.
// BENCH_SECONDS: seconds of load per server for throughput, split over the rounds (BENCH_ROUNDS, default 3);
// BENCH_MIXED_SECONDS: the mixed load's length (per round; BENCH_MIXED_ROUNDS rounds per server, default 1, or 2
// with a baseline). BENCH_DATABASE_URL: the PostgreSQL server of part 5 (a database that exists; the bench makes
// and drops its own beside it), default postgres://postgres@127.0.0.1:5432/postgres.
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { CONTENT_PAGES } from '../src/core/pages';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createUser } from '../src/server/users/users.service';
import { SERVER_NODE_FLAGS } from './server-node-flags';
import { benchBackups } from './bench-backup';
import { benchForms } from './bench-forms';
import { benchVisits } from './bench-visits';
import { benchPreview } from './bench-preview';
import {
  percentiles,
  runWrk,
  signIn,
  whileEditorsSave,
  type EditedPage,
  type SaveStats,
  type WrkResult,
} from './bench-load';
import {
  cleanUp,
  createTemporaryDatabase,
  ensureDebianTools,
  freePort,
  NGINX_SITE,
  rawGet,
  removeFolder,
  rssMb,
  SERVER_SET_HEADERS,
  sleep,
  startBareFastify,
  startFolio,
  startFolioProxy,
  startNginx,
  stop,
  temporaryFolder,
  type CapturedPage,
  type DebianTools,
} from './bench-servers';

/** BENCH_ONLY=throughput|mixed|saves|instances|backup|preview|forms|visits runs one part (throughput and mixed with the cold start). */
const ONLY = process.env.BENCH_ONLY ?? '';
const runs = (part: 'throughput' | 'mixed' | 'saves' | 'instances' | 'backup' | 'preview' | 'forms' | 'visits') =>
  ONLY === '' || ONLY === part;
const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const THROUGHPUT_S = Number(process.env.BENCH_SECONDS ?? 18);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const THROUGHPUT_CONNECTIONS = 50;
const MIXED_S = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const BASELINE = baselineFolder(process.argv.slice(2));
const MIXED_ROUNDS = Number(process.env.BENCH_MIXED_ROUNDS ?? (BASELINE ? 2 : 1));
const VISITORS = 200;
const BENCH_ADMIN_PASSWORD = 'bench-admin-password-123';
const GZIP = { 'accept-encoding': 'gzip' };

/** The editors of the mixed load: one page each, so that they never save over each other (no 409). */
const EDITED_PAGES: readonly EditedPage[] = [
  { key: 'home', list: 'newsList', field: 'newsDescription' },
  { key: 'about', list: 'abtmainlst', field: 'mainpara' },
  { key: 'news', list: 'tablelst', field: 'newsDetails' },
  { key: 'bespoke', list: 'bespokelst', field: 'bespokepara' },
  { key: 'language', list: 'sectionlst', field: 'data' },
];

async function main(): Promise<number> {
  if (!fs.existsSync('dist/server/main.js')) {
    console.error('Build first: npm run build');
    return 1;
  }
  const report = new Report();
  const loadAtStart = os.loadavg()[0]!;
  const tools = ensureDebianTools();
  report.notes.push(...tools.notes);
  try {
    if (!['saves', 'instances', 'backup', 'preview', 'forms', 'visits'].includes(ONLY))
      await attempt(report, 'serving', () => benchServing(report, tools));
  } finally {
    await cleanUp();
  }
  if (runs('saves')) await attempt(report, 'saves in process', () => benchSavesInProcess(report));
  try {
    if (runs('instances')) await attempt(report, 'several instances', () => benchInstances(report, tools));
  } finally {
    await cleanUp();
  }
  try {
    if (runs('backup'))
      await attempt(report, 'backup and restore', async () =>
        benchBackups(report, ADMIN_DATABASE_URL, await postgresAnswers(ADMIN_DATABASE_URL)),
      );
  } finally {
    await cleanUp();
  }
  try {
    if (runs('preview')) await attempt(report, 'preview pane', () => benchPreview(report, BENCH_ADMIN_PASSWORD));
  } finally {
    await cleanUp();
  }
  try {
    if (runs('forms'))
      await attempt(report, 'form submissions', () => benchForms(report, BENCH_ADMIN_PASSWORD, BASELINE));
  } finally {
    await cleanUp();
  }
  try {
    if (runs('visits')) {
      const wrk = tools.wrk;
      if (wrk) await attempt(report, 'visits counted', () => benchVisits(report, wrk, BENCH_ADMIN_PASSWORD));
      else report.notes.push('counting visits not measured: wrk is missing.');
    }
  } finally {
    await cleanUp();
  }
  // Other work on the machine lowers every figure: the load average says whether this run had it to itself.
  report.source(
    `machine: ${os.cpus().length} CPUs, load average (1 min) ${loadAtStart.toFixed(2)} at the start and ${os.loadavg()[0]!.toFixed(2)} at the end of the run.`,
  );
  report.print();
  return report.failed ? 1 : 0;
}

/** A built server under test: this tree, or the baseline (--baseline). */
interface Measured {
  /** How the table names it: `Folio`, or `baseline` for the other checkout. */
  name: string;
  base: string;
  pid: number;
}

/** Parts 1 to 3, on one built server (and the baseline's, beside it). */
async function benchServing(report: Report, tools: DebianTools): Promise<void> {
  const trees = [
    { name: 'Folio', root: undefined as string | undefined },
    ...(BASELINE ? [{ name: 'baseline', root: BASELINE }] : []),
  ];
  const servers: Measured[] = [];
  const children: ChildProcess[] = [];
  // BENCH_PROFILE=<folder>: the measured servers write a CPU profile there when they stop (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE;
  for (const tree of trees) {
    const dataDir = temporaryFolder('folio-bench-');
    const server = { dataDir, port: await freePort(), adminPassword: BENCH_ADMIN_PASSWORD, root: tree.root };
    const base = `http://127.0.0.1:${server.port}`;
    // A first start creates and seeds the database; the cold start measured is a restart, as in operation.
    await stop(await startFolio(server));
    const started = performance.now();
    const folio = await startFolio({ ...server, nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [] });
    const first = await rawGet(`${base}/Home1`, { 'accept-encoding': 'gzip, deflate, br' });
    const coldStartMs = performance.now() - started;
    if (first.status !== 200) throw new Error(`${tree.name} /Home1 answered ${first.status}`);
    await sleep(2000);
    const idleRss = rssMb(folio.pid!);
    const prefix = BASELINE ? `${tree.name}: ` : '';
    report.row(`${prefix}cold start to first page`, `${coldStartMs.toFixed(0)} ms`, '≤ 1500 ms', coldStartMs <= 1500);
    report.row(`${prefix}memory at idle (RSS)`, `${idleRss.toFixed(0)} MB`, '≤ 150 MB', idleRss <= 150);
    if (profile) report.source(`${tree.name}: CPU profile of process ${folio.pid} in ${profile}.`);
    const authorization = { authorization: `Bearer ${await signIn(base, BENCH_ADMIN_PASSWORD)}` };
    await createAutowiredPage(base, authorization);
    // docs/design.md §27: a redirect, answered by the hot path from the tenant's map (this tree only: a baseline may have none).
    if (!tree.root) await createRedirect(base, authorization);
    // docs/design.md §28: Home in German, served by the hot path like the default language's (this tree only).
    if (!tree.root) await createGermanHome(base, authorization);
    servers.push({ name: tree.name, base, pid: folio.pid! });
    children.push(folio);
  }
  report.source(
    `cold start: from spawning node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js (as npm start runs it; a restart on a seeded SQLite database) to the first answer of /Home1; RSS from /proc 2 s later.`,
  );
  if (BASELINE)
    report.source(
      `baseline: the built checkout in ${BASELINE}, run beside this one on a database of its own; "Folio" is this tree.`,
    );
  const wrk = tools.wrk;
  if (!wrk) {
    report.notes.push('throughput and mixed load not measured: wrk is missing.');
    return;
  }
  if (runs('throughput')) await attempt(report, 'throughput', () => benchThroughput(report, wrk, tools.nginx, servers));
  if (runs('mixed')) await attempt(report, 'mixed load', () => benchMixedLoad(report, wrk, servers));
  await Promise.all(children.map(stop));
}

/** The folder after --baseline, checked to hold a built server. */
function baselineFolder(args: readonly string[]): string | undefined {
  const at = args.indexOf('--baseline');
  if (at === -1) return undefined;
  const folder = args[at + 1];
  if (!folder || !fs.existsSync(`${folder}/dist/server/main.js`)) {
    console.error(
      `--baseline needs the folder of another built checkout (one with dist/server/main.js): ${folder ?? 'none given'}`,
    );
    process.exit(1);
  }
  return fs.realpathSync(folder);
}

interface Target {
  name: string;
  url: string;
}

/**
 * Part 2: requests per second of Folio, a bare Fastify app and nginx on the same bytes, and of /Careers1 and a
 * redirect (and the baseline's /Home1).
 */
async function benchThroughput(
  report: Report,
  wrk: string,
  nginx: string | null,
  servers: readonly Measured[],
): Promise<void> {
  const [folio, baseline] = servers as [Measured, Measured | undefined];
  // Home's German translation was just published, which renders /Home1 again (it lists its German twin): one
  // visit waits for that render, so that the two captured below are of the same copy.
  await rawGet(`${folio.base}/Home1`, GZIP);
  const page = await capturePage(`${folio.base}/Home1`);
  const careers = await rawGet(`${folio.base}/Careers1`, GZIP);
  if (careers.status !== 200) throw new Error(`/Careers1 answered ${careers.status}`);
  const redirect = await rawGet(`${folio.base}${REDIRECT_FROM}`, GZIP);
  if (redirect.status !== 301) throw new Error(`${REDIRECT_FROM} answered ${redirect.status}`);
  const targets: Target[] = [
    { name: 'Folio /Home1 (cached)', url: `${folio.base}/Home1` },
    { name: 'Folio /Careers1 (Autowired, cached)', url: `${folio.base}/Careers1` },
    { name: `Folio ${REDIRECT_FROM} (a redirect, 301)`, url: `${folio.base}${REDIRECT_FROM}` },
    { name: 'Folio /de/Home1 (German, cached)', url: `${folio.base}/de/Home1` },
  ];
  const german = await rawGet(`${folio.base}/de/Home1`, GZIP);
  if (german.status !== 200) throw new Error(`/de/Home1 answered ${german.status}`);
  if (baseline) targets.push({ name: 'baseline /Home1 (cached)', url: `${baseline.base}/Home1` });
  const references: ChildProcess[] = [];
  try {
    const barePort = await freePort();
    references.push(await startBareFastify(page, barePort));
    const bare: Target = { name: 'bare Fastify, same bytes and headers', url: `http://127.0.0.1:${barePort}/Home1` };
    const sameBytes = [bare];
    if (nginx) {
      const nginxPort = await freePort();
      references.push(await startNginx(nginx, page, nginxPort));
      sameBytes.push({
        name: 'nginx (one worker), same bytes (gzip_static)',
        url: `http://127.0.0.1:${nginxPort}/Home1`,
      });
    } else report.notes.push('nginx not measured: it is missing.');
    // The comparison means something only on the same bytes; what differs in the headers is printed.
    for (const target of sameBytes) {
      const answer = await rawGet(target.url, GZIP);
      if (!answer.body.equals(page.gzip)) throw new Error(`${target.name} sends other bytes than Folio's /Home1`);
      report.source(`${target.name}: ${headerDifference(page.headers, withoutServerSet(answer.headers))}.`);
    }
    if (baseline) {
      const answer = await rawGet(`${baseline.base}/Home1`, GZIP);
      const same = answer.body.equals(page.gzip);
      report.source(
        `baseline /Home1: ${same ? "the same bytes as Folio's" : `other bytes than Folio's (${answer.body.length} against ${page.gzip.length} gzip bytes)`}.`,
      );
    }
    targets.push(...sameBytes);
    const measured = await alternate(wrk, targets);
    report.source(
      `requests per second: wrk -t1 -c${THROUGHPUT_CONNECTIONS} -H 'Accept-Encoding: gzip', ${ROUNDS} rounds of ${roundSeconds()} s alternating the servers, each round starting one server further on (after 1 s of warm-up each), median of the rounds.`,
    );
    const rates = new Map<string, number>();
    for (const [i, target] of targets.entries()) {
      const { rate, errors } = measured[i]!;
      rates.set(target.name, rate);
      report.row(
        target.name,
        `${rate.toFixed(0)} req/s${errors ? ` (${errors} errors)` : ''}`,
        errors ? 'no errors' : '',
        !errors,
      );
    }
    const rateOf = (name: string) => rates.get(name) ?? NaN;
    const home = rateOf(targets[0]!.name);
    const ratio = (measure: string, of: number, to: number, budget = '', least?: number) =>
      report.row(measure, (of / to).toFixed(2), budget, least === undefined ? undefined : of / to >= least);
    ratio('Folio / bare Fastify', home, rateOf(bare.name), '≥ 0.80', 0.8);
    if (nginx)
      ratio(
        'Folio / nginx (one worker)',
        home,
        rateOf(sameBytes[1]!.name),
        '≥ 0.75 (docs/design.md §24: ≥ 0.85)',
        0.85,
      );
    ratio('Folio /Careers1 / Folio /Home1', rateOf(targets[1]!.name), home, '≈ 1 (≥ 0.90)', 0.9);
    ratio('redirect / cached page', rateOf(targets[2]!.name), home, '≥ 0.85 (docs/design.md §27)', 0.85);
    ratio('Folio /de/Home1 / Folio /Home1', rateOf(targets[3]!.name), home, '≈ 1 (≥ 0.90, docs/design.md §28)', 0.9);
    if (nginx)
      ratio(
        'Folio /de/Home1 / nginx (one worker)',
        rateOf(targets[3]!.name),
        rateOf(sameBytes[1]!.name),
        '≥ 0.85 (docs/design.md §28: as /Home1)',
        0.85,
      );
    if (baseline) {
      const before = rateOf('baseline /Home1 (cached)');
      ratio('baseline / bare Fastify', before, rateOf(bare.name));
      if (nginx) ratio('baseline / nginx (one worker)', before, rateOf(sameBytes[1]!.name));
      ratio('Folio /Home1 / baseline /Home1', home, before, '≥ 1 (the hot path no slower)');
    }
  } finally {
    await Promise.all(references.map(stop));
  }
}

const roundSeconds = () => Math.max(1, Math.round(THROUGHPUT_S / ROUNDS));

/** Loads each target in turn, round after round; each target's median rate and its errors in all rounds. */
async function alternate(wrk: string, targets: readonly Target[]): Promise<{ rate: number; errors: number }[]> {
  for (const target of targets) await runWrk(wrk, target.url, { connections: THROUGHPUT_CONNECTIONS, seconds: 1 });
  const runs = targets.map(() => [] as WrkResult[]);
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Each round starts one server further on: none always runs first, or right after the same neighbour.
    for (let turn = 0; turn < targets.length; turn += 1) {
      const i = (turn + round - 1) % targets.length;
      runs[i]!.push(
        await runWrk(wrk, targets[i]!.url, { connections: THROUGHPUT_CONNECTIONS, seconds: roundSeconds() }),
      );
    }
    console.log(
      `round ${round}/${ROUNDS}: ${targets.map((t, i) => `${t.name} ${runs[i]!.at(-1)!.rate.toFixed(0)}`).join(' · ')} req/s`,
    );
  }
  return runs.map((list) => {
    const rates = list.map((run) => run.rate).sort((a, b) => a - b);
    return {
      rate: rates[Math.floor(rates.length / 2)]!,
      errors: list.reduce((sum, run) => sum + errorCount(run) + run.errors.status, 0),
    };
  });
}

const errorCount = ({ errors }: WrkResult) => errors.connect + errors.read + errors.write + errors.timeout;

/** Part 3: visitors over every public page while editors save, on the same running server; with a baseline, alternating. */
async function benchMixedLoad(report: Report, wrk: string, servers: readonly Measured[]): Promise<void> {
  const paths = [...CONTENT_PAGES.map((page) => page.publicPath), '/Careers1'];
  // Every page cached first, as on a site that has been up for a while.
  for (const { base } of servers) {
    for (const path of paths) {
      const answer = await rawGet(`${base}${path}`, GZIP);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    }
  }
  const rounds = new Map(servers.map((server) => [server, [] as MixedRound[]]));
  for (let round = 1; round <= MIXED_ROUNDS; round += 1) {
    // Each server goes first in every other round: neither always gets the machine as the other left it.
    for (const server of round % 2 === 1 ? servers : [...servers].reverse()) {
      const { load: visitors, saves } = await whileEditorsSave(server.base, BENCH_ADMIN_PASSWORD, EDITED_PAGES, () =>
        runWrk(wrk, server.base, { connections: VISITORS, seconds: MIXED_S, paths }),
      );
      rounds.get(server)!.push({ visitors, saves });
      const saveTimes = percentiles(saves.times);
      console.log(
        `mixed load round ${round}/${MIXED_ROUNDS}, ${server.name}: visitors p99 ${visitors.p99Ms.toFixed(1)} ms, ${visitors.rate.toFixed(0)} req/s; saves p50 ${saveTimes.p50.toFixed(1)} ms, p99 ${saveTimes.p99.toFixed(1)} ms (${saves.times.length})`,
      );
    }
  }
  const saveP99 = new Map<Measured, number>();
  for (const server of servers)
    saveP99.set(server, reportMixedLoad(report, server, rounds.get(server)!, servers.length > 1));
  const [folio, baseline] = servers;
  if (folio && baseline) {
    const ratio = saveP99.get(folio)! / saveP99.get(baseline)!;
    report.row(
      'save p99 under the mixed load, Folio / baseline',
      `${ratio.toFixed(2)} (${((1 - ratio) * 100).toFixed(0)} % lower)`,
      '≤ 0.75 (docs/design.md §24 on a slow day)',
      ratio <= 0.75,
    );
  }
  report.source(
    `mixed load: wrk -t1 -c${VISITORS} --timeout 2s for ${MIXED_S} s${MIXED_ROUNDS > 1 ? ` per round, ${MIXED_ROUNDS} rounds per server${servers.length > 1 ? ' alternating the servers' : ''}` : ''}, each request the next of ${paths.length} paths (the twelve public pages and /Careers1; scripts/bench-wrk.lua); ` +
      `meanwhile ${EDITED_PAGES.length} editors (node:http with keep-alive from the bench's process, one page each: ${EDITED_PAGES.map((p) => p.key).join(', ')}) save in a loop, one rich-text change per save. ` +
      (MIXED_ROUNDS > 1
        ? "Visitors: the requests of all rounds, the worst round's p50, p99 and max; saves: p50 and p99 of all rounds' saves together."
        : ''),
  );
}

interface MixedRound {
  visitors: WrkResult;
  saves: SaveStats;
}

/** The rows of one server's mixed load (its rounds together); returns the save p99. */
function reportMixedLoad(report: Report, server: Measured, rounds: readonly MixedRound[], named: boolean): number {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
  const prefix = named ? `${server.name}: ` : '';
  const worst = (pick: (visitors: WrkResult) => number) => Math.max(...rounds.map((r) => pick(r.visitors)));
  const sum = (pick: (visitors: WrkResult) => number) => rounds.reduce((total, r) => total + pick(r.visitors), 0);
  const errors = {
    connect: sum((v) => v.errors.connect),
    read: sum((v) => v.errors.read),
    write: sum((v) => v.errors.write),
    timeout: sum((v) => v.errors.timeout),
  };
  const status = sum((v) => v.errors.status);
  const p99 = worst((v) => v.p99Ms);
  const seconds = sum((v) => v.seconds);
  report.row(`${prefix}${VISITORS} visitors: latency p50`, ms(worst((v) => v.p50Ms)), '');
  report.row(`${prefix}${VISITORS} visitors: latency p99`, ms(p99), '≤ 100 ms', p99 <= 100);
  report.row(`${prefix}${VISITORS} visitors: latency max`, ms(worst((v) => v.maxMs)), '');
  report.row(
    `${prefix}${VISITORS} visitors: requests`,
    `${(sum((v) => v.requests) / seconds).toFixed(0)} req/s, ${sum((v) => v.requests)} in all`,
    '',
  );
  const socketErrors = errors.connect + errors.read + errors.write + errors.timeout;
  report.row(
    `${prefix}${VISITORS} visitors: socket errors`,
    `connect ${errors.connect}, read ${errors.read}, write ${errors.write}, timeout ${errors.timeout}`,
    'none',
    socketErrors === 0,
  );
  report.row(`${prefix}${VISITORS} visitors: answers not 2xx/3xx`, String(status), 'none', status === 0);
  const times = rounds.flatMap((r) => r.saves.times);
  const saveTimes = percentiles(times);
  report.row(
    `${prefix}${EDITED_PAGES.length} editors: saves`,
    `${times.length} (${(times.length / seconds).toFixed(0)}/s)`,
    '',
  );
  report.row(`${prefix}${EDITED_PAGES.length} editors: save p50`, ms(saveTimes.p50), '');
  report.row(
    `${prefix}${EDITED_PAGES.length} editors: save p99`,
    ms(saveTimes.p99),
    '≤ 50 ms (docs/design.md §24: ≤ 35 ms)',
    saveTimes.p99 <= 35,
  );
  const refused = new Map<string, number>();
  for (const [reason, count] of rounds.flatMap((r) => [...r.saves.refused]))
    refused.set(reason, (refused.get(reason) ?? 0) + count);
  const refusals = [...refused].map(([reason, count]) => `${reason}: ${count}`).join(', ');
  report.row(`${prefix}${EDITED_PAGES.length} editors: saves not answered 200`, refusals || '0', 'none', !refusals);
  report.row(`${prefix}memory after the mixed load (RSS)`, `${rssMb(server.pid).toFixed(0)} MB`, '');
  return saveTimes.p99;
}

/**
 * Part 5 (docs/design.md §18): the cached /Home1 on PostgreSQL, side by side in one run: Folio direct (one instance),
 * nginx running deploy/nginx/folio.conf in front of that instance, and in front of two instances.
 */
async function benchInstances(report: Report, tools: DebianTools): Promise<void> {
  const { wrk, nginx } = tools;
  if (!wrk || !nginx) {
    report.notes.push('several instances not measured: wrk or nginx is missing.');
    return;
  }
  const adminUrl = ADMIN_DATABASE_URL;
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  try {
    database = await createTemporaryDatabase(adminUrl, 'folio_bench');
  } catch (error) {
    report.notes.push(
      `several instances not measured: no database could be made on ${adminUrl} (${error instanceof Error ? error.message : String(error)}); set BENCH_DATABASE_URL.`,
    );
    return;
  }
  try {
    const ports = [await freePort(), await freePort()];
    const [toOne, toTwo] = [await freePort(), await freePort()];
    // As deployed: one public address for both, so they render the same page. One after the other: the first
    // start migrates and seeds the empty database.
    const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true', PUBLIC_BASE_URL: `http://127.0.0.1:${toTwo}/` };
    for (const port of ports)
      await startFolio({ dataDir: temporaryFolder('folio-bench-pg-'), port, adminPassword: BENCH_ADMIN_PASSWORD, env });
    await startFolioProxy(nginx, ports.slice(0, 1), toOne);
    await startFolioProxy(nginx, ports, toTwo);
    const direct = `http://127.0.0.1:${ports[0]}/Home1`;
    const targets: Target[] = [
      { name: 'PostgreSQL: Folio /Home1 direct, one instance', url: direct },
      { name: 'PostgreSQL: nginx → one instance', url: `http://127.0.0.1:${toOne}/Home1` },
      { name: 'PostgreSQL: nginx → two instances', url: `http://127.0.0.1:${toTwo}/Home1` },
    ];
    // Each instance renders /Home1 once; through nginx the visitor gets the bytes an instance sends.
    const page = await capturePage(direct);
    await capturePage(`http://127.0.0.1:${ports[1]}/Home1`);
    for (const target of targets.slice(1)) {
      for (let i = 0; i < 4; i += 1) {
        const answer = await rawGet(target.url, GZIP);
        if (answer.status !== 200 || !gunzipSync(answer.body).equals(page.html))
          throw new Error(`${target.name} answered ${answer.status} with another page than Folio's /Home1`);
      }
    }
    const measured = await alternate(wrk, targets);
    for (const [i, target] of targets.entries()) {
      const { rate, errors } = measured[i]!;
      report.row(
        target.name,
        `${rate.toFixed(0)} req/s${errors ? ` (${errors} errors)` : ''}`,
        errors ? 'no errors' : '',
        !errors,
      );
    }
    const [alone, oneBehind, twoBehind] = measured.map((m) => m.rate) as [number, number, number];
    report.row('nginx → one instance / Folio direct', (oneBehind / alone).toFixed(2), '');
    report.row('nginx → two instances / Folio direct', (twoBehind / alone).toFixed(2), '');
    report.row('nginx → two instances / nginx → one', (twoBehind / oneBehind).toFixed(2), '');
    const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' })
      .stderr.trim()
      .replace(/^nginx version: /, '');
    report.source(
      `several instances: two built servers (TRUST_PROXY=true) on one PostgreSQL database the bench makes and drops; ${version} running ${NGINX_SITE} ` +
        `(keepalive to the instances), worker_processes auto (${os.cpus().length}), access log off; wrk as for the throughput (same connections, rounds alternating the three, median). ` +
        'On two cores, nginx, the instances and wrk share the same CPUs: a second instance cannot double the rate here.',
    );
  } finally {
    await cleanUp();
    await database.drop();
  }
}

/** Folio's /Home1 as a browser without and with gzip gets it: the HTML, the gzip bytes and the gzip answer's headers. */
async function capturePage(url: string): Promise<CapturedPage> {
  const [plain, gzipped] = await Promise.all([rawGet(url), rawGet(url, GZIP)]);
  if (plain.status !== 200 || gzipped.status !== 200)
    throw new Error(`${url} answered ${plain.status} and ${gzipped.status}`);
  if (gzipped.headers['content-encoding'] !== 'gzip' || !gunzipSync(gzipped.body).equals(plain.body))
    throw new Error(`${url}: the gzip answer is not the page`);
  return { html: plain.body, gzip: gzipped.body, headers: withoutServerSet(gzipped.headers) };
}

const withoutServerSet = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !SERVER_SET_HEADERS.has(name)));

/** What another server's headers add, lack or change against Folio's (server-set ones left out). */
function headerDifference(folio: Record<string, string>, other: Record<string, string>): string {
  const differences = [
    ...Object.keys(other)
      .filter((name) => !(name in folio))
      .map((name) => `adds ${name}`),
    ...Object.keys(folio)
      .filter((name) => !(name in other))
      .map((name) => `lacks ${name}`),
    ...Object.keys(folio)
      .filter((name) => name in other && other[name] !== folio[name])
      .map((name) =>
        other[name]!.toLowerCase() === folio[name]!.toLowerCase()
          ? `writes ${name} in other case`
          : `sends another ${name}`,
      ),
  ];
  return differences.length
    ? `same bytes; headers as Folio's except: ${differences.join(', ')}`
    : `same bytes and the same ${Object.keys(folio).length} headers`;
}

/** Part 4: saves in process, Home and Autowired. */
async function benchSavesInProcess(report: Report): Promise<void> {
  const home = await benchSaves();
  const autowired = await benchAutowiredSaves();
  report.row('save of the Home page in process, p50', `${home.p50.toFixed(2)} ms`, '≤ 5 ms', home.p50 <= 5);
  report.row('save of the Home page in process, p99', `${home.p99.toFixed(2)} ms`, '≤ 20 ms', home.p99 <= 20);
  report.row(
    'save of an Autowired page in process, p50',
    `${autowired.p50.toFixed(2)} ms`,
    '≤ 5 ms',
    autowired.p50 <= 5,
  );
  report.row(
    'save of an Autowired page in process, p99',
    `${autowired.p99.toFixed(2)} ms`,
    '≤ 20 ms',
    autowired.p99 <= 20,
  );
  report.source(
    `saves in process: ${SAVES} saves each through app.inject on SQLite (no network), the first ${WARM_UP_SAVES} left out (JIT warm-up).`,
  );
}

const SAVES = 500;
const WARM_UP_SAVES = 50;

/**
 * Page saves on SQLite, in process through app.inject (no network): validation, field rules, sanitising,
 * the revision check and the commit of a new revision, as an editor's Save does them.
 */
async function benchSaves(): Promise<{ p50: number; p99: number }> {
  const dataDir = temporaryFolder('folio-bench-save-');
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    await createUser(app.tenants.default.db, { username: 'bench', password: 'bench-password-123', groupId: 3 });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'bench', password: 'bench-password-123' },
    });
    const token = login.json().token as string;
    const document = (await app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    const times: number[] = [];
    for (let i = 0; i < SAVES; i += 1) {
      document.newsList[0].newsDescription = `<p>Benchmark save number <strong>${i}</strong>.</p>`;
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/master/saveHome',
        headers: { authorization: `Bearer ${token}` },
        payload: document,
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`save answered ${response.statusCode}: ${response.body}`);
      document.revision = response.json().revision;
    }
    return percentiles(times.slice(WARM_UP_SAVES));
  } finally {
    await app.close();
    removeFolder(dataDir);
  }
}

/** The Careers page of issue 11 with two jobs: Header title and intro, Detail job, closing date, salary, full time. */
const CAREERS_PARAMETERS = [
  {
    parameterName: 'title',
    sequence: 1,
    mandatory: 'Y',
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    minlength: 5,
    maxlength: 80,
  },
  { parameterName: 'intro', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
  {
    parameterName: 'jobTitle',
    sequence: 3,
    mandatory: 'Y',
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    maxlength: 80,
  },
  {
    parameterName: 'closingDate',
    sequence: 4,
    type: 'Date',
    unittype: 'Date',
    pagecreationtype: 'Detail',
    greatthncurrentdate: 'true',
  },
  {
    parameterName: 'salary',
    sequence: 5,
    type: 'number',
    unittype: 'Float',
    pagecreationtype: 'Detail',
    decimalplaces: 2,
  },
  {
    parameterName: 'fullTime',
    sequence: 6,
    type: 'Checkbox',
    unittype: 'Boolean',
    pagecreationtype: 'Detail',
    booleanyes: 'Yes',
    booleanno: 'No',
  },
];
const careersDocument = (revision: number, i = 0) => ({
  header: { title: 'Work with us', intro: `<p>We hire engineers, round <strong>${i}</strong>.</p>` },
  rows: [
    {
      jobTitle: 'Java developer',
      closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      salary: '1200000.50',
      fullTime: true,
    },
    {
      jobTitle: 'Tester',
      closingDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      salary: '800000.00',
      fullTime: false,
    },
  ],
  revision,
});

/** Creates the Careers page through the API of whatever `call` reaches (the running server, or app.inject). */
async function setUpCareers(
  call: (url: string, body: unknown) => Promise<{ status: number; body: { id?: number } }>,
): Promise<void> {
  const page = await call('/api/master/savePageCreation', {
    filename: 'Careers',
    dspname: 'Careers',
    module: 1,
    type: 'Autowired',
    homepage: 'Y',
  });
  if (page.status !== 200) throw new Error(`savePageCreation answered ${page.status}: ${JSON.stringify(page.body)}`);
  const parameters = await call('/api/master/saveParameters', { id: page.body.id, parameters: CAREERS_PARAMETERS });
  if (parameters.status !== 200) throw new Error(`saveParameters answered ${parameters.status}`);
  const saved = await call('/api/master/savepagecontent', { commonrouting: 'Careers', document: careersDocument(0) });
  if (saved.status !== 200) throw new Error(`savepagecontent answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}

async function createAutowiredPage(base: string, headers: Record<string, string>): Promise<void> {
  await setUpCareers(async (url, body) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  });
}

/** The redirect the throughput part measures: REDIRECT_FROM → /Home1 (301). */
const REDIRECT_FROM = '/old-home';
async function createRedirect(base: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(`${base}/api/master/redirects`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ from: REDIRECT_FROM, to: '/Home1', status: 301 }),
  });
  if (response.status !== 200)
    throw new Error(`the redirect could not be made: ${response.status} ${await response.text()}`);
}

/** German beside the default language, and Home translated and published in it (docs/design.md §28). */
async function createGermanHome(base: string, headers: Record<string, string>): Promise<void> {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status !== 200)
      throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { defaultLocale, locales } = (await call('GET', '/api/master/locales')) as {
    defaultLocale: string;
    locales: unknown[];
  };
  await call('POST', '/api/master/locales', {
    defaultLocale,
    locales: [...locales, { code: 'de', name: 'Deutsch', enabled: true }],
  });
  const { revision, units } = (await call('GET', '/api/master/translate/Home?locale=de')) as {
    revision: number;
    units: Array<{ path: string; source: string }>;
  };
  // Every text "translated" (the source's words with a German mark): a page as long as the English one.
  const texts = Object.fromEntries(
    units.map((unit) => [unit.path, unit.path.startsWith('seo.') ? unit.source : `${unit.source} (de)`]),
  );
  await call('POST', '/api/master/translate/Home', { locale: 'de', revision, texts });
}

/** Saves of the Careers page on SQLite, in process, as its editor's Save does them. */
async function benchAutowiredSaves(): Promise<{ p50: number; p99: number }> {
  const dataDir = temporaryFolder('folio-bench-autowired-');
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD }),
  );
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'admin', password: BENCH_ADMIN_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const call = async (url: string, payload: unknown) => {
      const response = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      return { status: response.statusCode, body: response.json() as { id?: number; revision: number } };
    };
    await setUpCareers(call);
    let revision = 1;
    const times: number[] = [];
    for (let i = 0; i < SAVES; i += 1) {
      const started = performance.now();
      const response = await call('/api/master/savepagecontent', {
        commonrouting: 'Careers',
        document: careersDocument(revision, i),
      });
      times.push(performance.now() - started);
      if (response.status !== 200)
        throw new Error(`save answered ${response.status}: ${JSON.stringify(response.body)}`);
      revision = response.body.revision;
    }
    return percentiles(times.slice(WARM_UP_SAVES));
  } finally {
    await app.close();
    removeFolder(dataDir);
  }
}

/** The printed outcome: a table `measure | result | budget`, where each figure comes from, and what was not measured. */
class Report {
  private readonly rows: { measure: string; result: string; budget: string; over: boolean }[] = [];
  private readonly sources: string[] = [];
  /** Parts skipped or failed, with the reason. */
  readonly notes: string[] = [];
  /** A part could not be measured because something failed (not because a tool is missing): exit code 1. */
  failed = false;

  /** `within`: whether the budget is met; left out when the row has no budget. */
  row(measure: string, result: string, budget: string, within?: boolean): void {
    this.rows.push({ measure, result, budget, over: within === false });
  }

  source(line: string): void {
    this.sources.push(line);
  }

  print(): void {
    const width = (pick: (row: (typeof this.rows)[number]) => string, title: string) =>
      Math.max(title.length, ...this.rows.map((row) => pick(row).length)) + 2;
    const measureWidth = width((row) => row.measure, 'measure');
    const resultWidth = width((row) => row.result, 'result');
    const line = (measure: string, result: string, budget: string) =>
      `${measure.padEnd(measureWidth)}| ${result.padEnd(resultWidth)}| ${budget}`.trimEnd();
    console.log(`\n${line('measure', 'result', 'budget')}`);
    console.log(`${'-'.repeat(measureWidth)}|${'-'.repeat(resultWidth + 1)}|${'-'.repeat(30)}`);
    for (const row of this.rows)
      console.log(line(row.measure, row.result, row.over ? `${row.budget}   over budget` : row.budget));
    console.log('\nWhere the figures come from:');
    for (const source of this.sources) console.log(`- ${source}`);
    if (this.notes.length) console.log('\nNot measured:');
    for (const note of this.notes) console.log(`- ${note}`);
  }
}

/** Runs one part; if it fails, the report says so and the other parts still run. */
/** Whether a PostgreSQL server answers at the URL. */
async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function attempt(report: Report, part: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    report.notes.push(`${part}: ${error instanceof Error ? error.message : String(error)}`);
    report.failed = true;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
