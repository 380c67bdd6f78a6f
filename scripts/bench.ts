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

  const report = [
    ['cold start to first page', `${coldStartMs.toFixed(0)} ms`, '≤ 1500 ms'],
    ['memory at idle (RSS)', `${idleRssMb.toFixed(0)} MB`, '≤ 150 MB'],
    ['Folio /Home1 (cached, uncompressed)', `${folio.toFixed(0)} req/s`, nginx ? `≥ ${(nginx / 2).toFixed(0)} req/s (half of nginx)` : 'nginx not measured'],
    ['nginx, same HTML as a static file', nginx ? `${nginx.toFixed(0)} req/s` : 'skipped: apt-get install -y nginx', ''],
  ];
  console.log(`\n${'measure'.padEnd(40)}${'result'.padEnd(36)}budget`);
  for (const [name, value, budget] of report) console.log(`${name!.padEnd(40)}${value!.padEnd(36)}${budget}`);
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
