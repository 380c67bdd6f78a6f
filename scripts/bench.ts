// `npm run bench`: measures the budgets of DESIGN §10 that concern serving (run after `npm run build`):
//  - cold start of the built server to the first served page, and memory (RSS) at idle;
//  - requests per second for a cached public page, side by side with nginx serving the same HTML as a
//    static file on this machine (nginx from Debian's packages; skipped with a note when it is missing).
// Numbers are printed, not asserted: a benchmark is not a timed test.
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

  const folio = await load(`${BASE}/Home1`);
  const nginx = await benchNginx(html);
  await stop(child);
  const save = await benchSaves();

  const report = [
    ['cold start to first page', `${coldStartMs.toFixed(0)} ms`, '≤ 1500 ms'],
    ['memory at idle (RSS)', `${idleRssMb.toFixed(0)} MB`, '≤ 150 MB'],
    ['Folio /Home1 (cached, uncompressed)', `${folio.toFixed(0)} req/s`, nginx ? `≥ ${(nginx / 2).toFixed(0)} req/s (half of nginx)` : 'nginx not measured'],
    ['nginx, same HTML as a static file', nginx ? `${nginx.toFixed(0)} req/s` : 'skipped: apt-get install -y nginx', ''],
    ['save of the Home page, p50', `${save.p50.toFixed(2)} ms`, '≤ 5 ms'],
    ['save of the Home page, p99', `${save.p99.toFixed(2)} ms`, '≤ 20 ms'],
  ];
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

async function startServer(dataDir: string): Promise<{ child: ChildProcess }> {
  const child = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_BASE_URL: BASE },
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

async function load(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
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
