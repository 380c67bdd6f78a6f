// `npm run bench`: measures the budgets of DESIGN §10 that concern serving (run after `npm run build`):
//  - cold start of the built server to the first served page, and memory (RSS) at idle;
//  - requests per second for a cached public page, side by side with nginx serving the same HTML as a
//    static file on this machine (nginx from Debian's packages; skipped with a note when it is missing).
//  - an Autowired page (made in page creation) served from the cache, side by side with /Home1, and its save;
// Numbers are printed, not asserted: a benchmark is not a timed test. Requests per second are measured with
// wrk (Debian's package) when it is installed: autocannon tops out near 6k req/s on two cores.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createUser } from '../src/server/users/users.service';

const PORT = 3410;
const NGINX_PORT = 3411;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function main(): Promise<void> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  // A first start creates and seeds the database; the cold start measured is a restart, as in operation.
  await stop(await startServer(dataDir).then((s) => s.child));
  const started = performance.now();
  const { child } = await startServer(dataDir);
  const firstPage = await fetch(`${BASE}/Home1`);
  const coldStartMs = performance.now() - started;
  if (!firstPage.ok) throw new Error(`/Home1 answered ${firstPage.status}`);
  const html = await firstPage.text();
  await sleep(2000);
  const idleRssMb = rssMb(child.pid!);

  let folio: number;
  let autowiredPage: number;
  try {
    await createAutowiredPage(BASE, { authorization: `Bearer ${await signIn(BASE)}` });
    // Alternated in rounds, each figure the median of its rounds: a shared machine's noise hits both alike.
    const [home, careers] = await alternate([`${BASE}/Home1`, `${BASE}/Careers1`]);
    folio = home!;
    autowiredPage = careers!;
  } finally {
    await stop(child);
  }
  const nginx = await benchNginx(html);
  const save = await benchSaves();
  const autowiredSave = await benchAutowiredSaves();

  const report = [
    ['cold start to first page', `${coldStartMs.toFixed(0)} ms`, '≤ 1500 ms'],
    ['memory at idle (RSS)', `${idleRssMb.toFixed(0)} MB`, '≤ 150 MB'],
    ['Folio /Home1 (cached)', `${folio.toFixed(0)} req/s`, nginx ? `≥ ${(nginx / 2).toFixed(0)} req/s (half of nginx)` : 'nginx not measured'],
    ['nginx, same HTML as a static file', nginx ? `${nginx.toFixed(0)} req/s` : 'skipped: apt-get install -y nginx', ''],
    ['Folio /Careers1 (Autowired, cached)', `${autowiredPage.toFixed(0)} req/s`, `≈ /Home1 (ratio ${(autowiredPage / folio).toFixed(2)})`],
    ['save of the Home page, p50', `${save.p50.toFixed(2)} ms`, '≤ 5 ms'],
    ['save of the Home page, p99', `${save.p99.toFixed(2)} ms`, '≤ 20 ms'],
    ['save of an Autowired page, p50', `${autowiredSave.p50.toFixed(2)} ms`, '≤ 5 ms'],
    ['save of an Autowired page, p99', `${autowiredSave.p99.toFixed(2)} ms`, '≤ 20 ms'],
  ];
  console.log(`requests per second measured with ${hasWrk() ? 'wrk (1 thread, 50 connections)' : 'autocannon (install wrk for figures above ~6k req/s)'}`);
  console.log(`\n${'measure'.padEnd(40)}${'result'.padEnd(36)}budget`);
  for (const [name, value, budget] of report) console.log(`${name!.padEnd(40)}${value!.padEnd(36)}${budget}`);
}

/**
 * Page saves on SQLite, in process through app.inject (no network): validation, field rules, sanitising,
 * the revision check and the commit of a new revision, as an editor's Save does them.
 */
async function benchSaves(): Promise<{ p50: number; p99: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-save-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    await createUser(app.tenants.default.db, { username: 'bench', password: 'bench-password-123', groupId: 3 });
    const login = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'bench', password: 'bench-password-123' } });
    const token = login.json().token as string;
    const document = (await app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    const times: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      document.newsList[0].newsDescription = `<p>Benchmark save number <strong>${i}</strong>.</p>`;
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/master/saveHome', headers: { authorization: `Bearer ${token}` }, payload: document });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`save answered ${response.statusCode}: ${response.body}`);
      document.revision = response.json().revision;
    }
    const sorted = times.slice(50).sort((a, b) => a - b); // the first saves warm the JIT
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { p50: at(0.5), p99: at(0.99) };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BENCH_ADMIN_PASSWORD = 'bench-admin-password-123';

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signin answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The Careers page of issue 11 with two jobs: Header title and intro, Detail job, closing date, salary, full time. */
const CAREERS_PARAMETERS = [
  { parameterName: 'title', sequence: 1, mandatory: 'Y', type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header', minlength: 5, maxlength: 80 },
  { parameterName: 'intro', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
  { parameterName: 'jobTitle', sequence: 3, mandatory: 'Y', type: 'Textarea', unittype: 'Character', pagecreationtype: 'Detail', maxlength: 80 },
  { parameterName: 'closingDate', sequence: 4, type: 'Date', unittype: 'Date', pagecreationtype: 'Detail', greatthncurrentdate: 'true' },
  { parameterName: 'salary', sequence: 5, type: 'number', unittype: 'Float', pagecreationtype: 'Detail', decimalplaces: 2 },
  { parameterName: 'fullTime', sequence: 6, type: 'Checkbox', unittype: 'Boolean', pagecreationtype: 'Detail', booleanyes: 'Yes', booleanno: 'No' },
];
const careersDocument = (revision: number, i = 0) => ({
  header: { title: 'Work with us', intro: `<p>We hire engineers, round <strong>${i}</strong>.</p>` },
  rows: [
    { jobTitle: 'Java developer', closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), salary: '1200000.50', fullTime: true },
    { jobTitle: 'Tester', closingDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10), salary: '800000.00', fullTime: false },
  ],
  revision,
});

/** Creates the Careers page through the API of whatever `call` reaches (the running server, or app.inject). */
async function setUpCareers(call: (url: string, body: unknown) => Promise<{ status: number; body: { id?: number } }>): Promise<void> {
  const page = await call('/api/master/savePageCreation', { filename: 'Careers', dspname: 'Careers', module: 1, type: 'Autowired', homepage: 'Y' });
  if (page.status !== 200) throw new Error(`savePageCreation answered ${page.status}: ${JSON.stringify(page.body)}`);
  const parameters = await call('/api/master/saveParameters', { id: page.body.id, parameters: CAREERS_PARAMETERS });
  if (parameters.status !== 200) throw new Error(`saveParameters answered ${parameters.status}`);
  const saved = await call('/api/master/savepagecontent', { commonrouting: 'Careers', document: careersDocument(0) });
  if (saved.status !== 200) throw new Error(`savepagecontent answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}

async function createAutowiredPage(base: string, headers: Record<string, string>): Promise<void> {
  await setUpCareers(async (url, body) => {
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  });
}

/** Saves of the Careers page on SQLite, in process, as its editor's Save does them. */
async function benchAutowiredSaves(): Promise<{ p50: number; p99: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-autowired-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD }));
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: BENCH_ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const call = async (url: string, payload: unknown) => {
      const response = await app.inject({ method: 'POST', url, headers, payload: payload as object });
      return { status: response.statusCode, body: response.json() as { id?: number; revision: number } };
    };
    await setUpCareers(call);
    let revision = 1;
    const times: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const started = performance.now();
      const response = await call('/api/master/savepagecontent', { commonrouting: 'Careers', document: careersDocument(revision, i) });
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`save answered ${response.status}: ${JSON.stringify(response.body)}`);
      revision = response.body.revision;
    }
    const sorted = times.slice(50).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { p50: at(0.5), p99: at(0.99) };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess }> {
  const child = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_BASE_URL: BASE, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { child };
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  child.kill();
  throw new Error('The server did not start');
}

const hasWrk = () => spawnSync('sh', ['-c', 'command -v wrk']).status === 0;

/** Requests per second of a URL: wrk when installed (gzip accepted, as browsers do), else autocannon. */
/** Loads each URL in turn for three rounds of a third of the duration each; the median rate of each URL. */
async function alternate(urls: readonly string[], rounds = 3): Promise<number[]> {
  const rates = urls.map(() => [] as number[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, url] of urls.entries()) rates[i]!.push(await load(url, Math.max(1, Math.round(DURATION_S / rounds))));
  }
  return rates.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

async function load(url: string, seconds = DURATION_S): Promise<number> {
  if (hasWrk()) {
    const run = spawnSync('wrk', ['-t1', '-c50', `-d${seconds}s`, '-H', 'Accept-Encoding: gzip', url], { encoding: 'utf8' });
    const rate = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1];
    if (run.status !== 0 || !rate) throw new Error(`wrk ${url} failed: ${run.stderr || run.stdout}`);
    if (/Non-2xx|Socket errors/.test(run.stdout)) throw new Error(`${url}: ${run.stdout}`);
    return Number(rate);
  }
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function benchNginx(html: string): Promise<number | null> {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-nginx-'));
  fs.writeFileSync(path.join(dir, 'Home1.html'), html);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; default_type text/html; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${NGINX_PORT}; root ${dir}; location = /Home1 { try_files /Home1.html =404; } } }\n`,
  );
  // One worker process: Folio is one Node.js process too.
  const nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  await sleep(500);
  try {
    return await load(`http://127.0.0.1:${NGINX_PORT}/Home1`);
  } finally {
    await stop(nginx);
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
