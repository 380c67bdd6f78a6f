// What `npm run bench` starts and stops: the built Folio (on SQLite, or on a temporary PostgreSQL database), a bare
// Fastify app, nginx as a static server or in front of Folio instances (deploy/nginx/folio.conf), each a child
// process on a free port, and the Debian tools the bench drives (wrk, nginx), installed when missing as
// ensure-chromium does. src/server/instances.test.ts starts its instances and nginx with the same functions.
// Every child and temporary folder is registered here so that cleanUp() stops and removes them, also after a
// failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from './server-node-flags';

const children = new Set<ChildProcess>();
const folders = new Set<string>();

/** Starts a child process that cleanUp() will stop. */
export function startChild(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; stdout?: 'pipe' | 'inherit'; cwd?: string } = {},
): ChildProcess {
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function temporaryFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.add(folder);
  return folder;
}

export function removeFolder(folder: string): void {
  fs.rmSync(folder, { recursive: true, force: true });
  folders.delete(folder);
}

/** Stops every child still running and removes every temporary folder. */
export async function cleanUp(): Promise<void> {
  await Promise.all([...children].map(stop));
  for (const folder of folders) removeFolder(folder);
}

/** SIGTERM, then SIGKILL if the child has not exited after 5 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A port nothing listens on now: the bench may run beside another bench or a dev server. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RawResponse {
  status: number;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string>;
  /** The bytes as sent: node:http does not decompress. */
  body: Buffer;
}

/** One GET on its own connection, body as sent. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(response.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(', ') : String(value),
            ]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Waits until `url` answers (any status), or fails when the child exits or 30 s pass. */
async function waitUntilServing(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      await rawGet(url);
      return;
    } catch {
      await sleep(10); // not listening yet
    }
  }
  throw new Error(`${what} did not answer ${url} within 30 s`);
}

/** The SECRET_KEY of the servers started here on PostgreSQL: one for all, as they may share a database. */
export const SHARED_SECRET_KEY = Buffer.alloc(32, 3).toString('base64');

/**
 * The built server (dist/server/main.js) on its own SQLite folder, or on the PostgreSQL database that `env`
 * names in DATABASE_URL; resolves once /api/health answers. `root`: another built checkout to run instead of
 * this one (the bench's --baseline), started from its own folder.
 */
export async function startFolio(options: {
  dataDir: string;
  root?: string;
  port: number;
  /** ADMIN_PASSWORD; without it an empty database waits for the first-run setup (docs/design.md §7). */
  adminPassword?: string;
  nodeArgs?: readonly string[];
  /** More environment, over the defaults here (DATABASE_URL, TRUST_PROXY, …). */
  env?: Record<string, string>;
  /** Gets the server's stdout (its JSON log lines) instead of the bench's own stdout. */
  onOutput?: (text: string) => void;
}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = startChild('node', [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), 'dist/server/main.js'], {
    cwd: options.root,
    env: {
      ...process.env,
      // As `npm start` runs it: the bench's own process may hold NODE_ENV=development (Vite sets it), and a server
      // given that would render with React's development build, several times slower.
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: base,
      ADMIN_PASSWORD: options.adminPassword ?? '',
      // Instances on one PostgreSQL database need a SECRET_KEY, the same for all of them (docs/design.md §24).
      ...(options.env?.DATABASE_URL ? { SECRET_KEY: SHARED_SECRET_KEY } : {}),
      ...options.env,
    },
    stdout: options.onOutput ? 'pipe' : 'inherit',
  });
  if (options.onOutput) child.stdout!.setEncoding('utf8').on('data', options.onOutput);
  await waitUntilServing(`${base}/api/health`, child, 'Folio');
  return child;
}

/**
 * A PostgreSQL database of its own, made on the server of `adminUrl` (a URL of a database that exists, such
 * as postgres://postgres@127.0.0.1:5432/postgres); drop() removes it once nothing uses it any more.
 */
export async function createTemporaryDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The servers are stopped by now; a connection of one killed with SIGKILL may linger a moment.
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The site file of deploy/ that docs/operations.md tells operators to install, and that the test and the bench run. */
export const NGINX_SITE = 'deploy/nginx/folio.conf';

/**
 * deploy/nginx/folio.conf with its instances and its address replaced: one `server` line per upstream port
 * (with the parameters the file gives its first one), and one `listen 127.0.0.1:<port>`. Everything else is
 * the file as shipped; a change of its shape that this cannot follow fails here, not silently.
 */
export function nginxSite(upstreamPorts: readonly number[], listenPort: number): string {
  let servers = 0;
  let listens = 0;
  const lines = fs
    .readFileSync(NGINX_SITE, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const server = /^(\s*)server 127\.0\.0\.1:\d+([^;]*);\s*$/.exec(line);
      if (server) {
        servers += 1;
        return servers === 1 ? upstreamPorts.map((port) => `${server[1]}server 127.0.0.1:${port}${server[2]};`) : [];
      }
      const listen = /^(\s*)listen [^;]+;\s*$/.exec(line);
      if (listen) {
        listens += 1;
        return listens === 1 ? [`${listen[1]}listen 127.0.0.1:${listenPort};`] : [];
      }
      return [line];
    });
  if (servers < 2) throw new Error(`${NGINX_SITE} has no upstream of two \`server 127.0.0.1:PORT\` lines`);
  if (listens < 1) throw new Error(`${NGINX_SITE} has no \`listen\` line`);
  return lines.join('\n');
}

export interface FolioProxy {
  child: ChildProcess;
  /** nginx's error log and, with accessLog, its access log (each request's upstream and status). */
  errorLog: string;
  accessLog: string | null;
}

/**
 * nginx running deploy/nginx/folio.conf (see nginxSite) in a folder of its own on 127.0.0.1:`port`, in front of
 * the instances on `upstreamPorts`; the main configuration around it is the little a site file needs.
 * Resolves once nginx answers (any status: the instances may still be starting).
 */
export async function startFolioProxy(
  nginx: string,
  upstreamPorts: readonly number[],
  port: number,
  options: { accessLog?: boolean } = {},
): Promise<FolioProxy> {
  const folder = temporaryFolder('folio-proxy-');
  // Started as root, nginx runs its workers as nobody, which must read the site and write request bodies
  // (an image upload) to the temporary path.
  fs.chmodSync(folder, 0o755);
  const temp = path.join(folder, 'temp');
  fs.mkdirSync(temp);
  fs.chmodSync(temp, 0o1777);
  const site = path.join(folder, 'folio.conf');
  fs.writeFileSync(site, nginxSite(upstreamPorts, port));
  const errorLog = path.join(folder, 'error.log');
  const accessLog = options.accessLog ? path.join(folder, 'access.log') : null;
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `worker_processes auto;
daemon off;
pid ${folder}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  ${accessLog ? `log_format upstreams '$remote_addr "$request" $status upstream $upstream_addr $upstream_status $request_time';\n  access_log ${accessLog} upstreams;` : 'access_log off;'}
  client_body_temp_path ${temp}; proxy_temp_path ${temp}; fastcgi_temp_path ${temp}; uwsgi_temp_path ${temp}; scgi_temp_path ${temp};
  include ${site};
}
`,
  );
  const child = startChild(nginx, ['-e', errorLog, '-p', folder, '-c', path.join(folder, 'nginx.conf')]);
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, child, 'nginx');
  return { child, errorLog, accessLog };
}

/** The answer a server sends itself, whatever the app says: left out when headers are compared or replayed. */
export const SERVER_SET_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A page as Folio served it: the HTML, its gzip bytes and the headers of the gzip answer (server-set ones left out). */
export interface CapturedPage {
  html: Buffer;
  gzip: Buffer;
  headers: Record<string, string>;
}

/** scripts/bench-bare-fastify.mjs sending `page`'s gzip bytes and headers at /Home1. */
export async function startBareFastify(page: CapturedPage, port: number): Promise<ChildProcess> {
  const folder = temporaryFolder('folio-bench-bare-');
  fs.writeFileSync(path.join(folder, 'headers.json'), JSON.stringify(page.headers));
  fs.writeFileSync(path.join(folder, 'body.gz'), page.gzip);
  const child = startChild('node', [
    'scripts/bench-bare-fastify.mjs',
    String(port),
    path.join(folder, 'headers.json'),
    path.join(folder, 'body.gz'),
  ]);
  await waitUntilServing(`http://127.0.0.1:${port}/Home1`, child, 'the bare Fastify app');
  return child;
}

/**
 * nginx with one worker process (Folio is one Node.js process) serving `page` at /Home1 as a static file.
 * The same: the gzip bytes (a pre-compressed Home1.gz served by gzip_static, the plain HTML beside it for
 * clients without gzip), content-type, content-encoding, vary (gzip_vary; nginx writes "Accept-Encoding" where
 * Folio writes "accept-encoding"), and every other header Folio sent — etag, cache-control and the security
 * headers — through add_header (nginx's own ETag is off). Not the same: nginx adds Server and Last-Modified,
 * which a stock nginx cannot drop (the bench prints the difference it finds).
 * Otherwise Debian's defaults (sendfile, tcp_nopush); keep-alive connections are not closed after 1000
 * requests (nginx's default), as Node.js does not close them either.
 */
export async function startNginx(nginx: string, page: CapturedPage, port: number): Promise<ChildProcess> {
  const folder = temporaryFolder('folio-bench-nginx-');
  // Started as root, nginx runs its worker as nobody, which must read the files and own the temporary paths.
  fs.chmodSync(folder, 0o755);
  const root = path.join(folder, 'root');
  const temp = path.join(folder, 'temp');
  fs.mkdirSync(root);
  fs.mkdirSync(temp);
  fs.writeFileSync(path.join(root, 'Home1'), page.html);
  fs.writeFileSync(path.join(root, 'Home1.gz'), page.gzip);
  const { 'content-type': contentType, 'content-encoding': encoding, vary, ...others } = page.headers;
  if (encoding !== 'gzip') throw new Error(`Folio's answer is not gzip (content-encoding: ${encoding})`);
  const addHeaders = Object.entries(
    vary?.toLowerCase() === 'accept-encoding' ? others : { ...others, ...(vary ? { vary } : {}) },
  )
    .map(([name, value]) => `add_header ${name} ${nginxString(value)};`)
    .join('\n      ');
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server_tokens off;
  types {}
  default_type ${nginxString(contentType ?? 'text/html; charset=utf-8')};
  client_body_temp_path ${temp}; proxy_temp_path ${temp}; fastcgi_temp_path ${temp}; uwsgi_temp_path ${temp}; scgi_temp_path ${temp};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = /Home1 {
      gzip_static on;
      gzip_vary ${vary?.toLowerCase() === 'accept-encoding' ? 'on' : 'off'};
      etag off;
      ${addHeaders}
    }
  }
}
`,
  );
  // -e: nginx opens its error log before it reads the configuration; the default one may not be writable.
  const child = startChild(nginx, [
    '-e',
    path.join(folder, 'error.log'),
    '-p',
    folder,
    '-c',
    path.join(folder, 'nginx.conf'),
  ]);
  await waitUntilServing(`http://127.0.0.1:${port}/Home1`, child, 'nginx');
  return child;
}

/** A header value as an nginx string: quoted, with quotes and backslashes escaped; `$` would be a variable. */
function nginxString(value: string): string {
  if (value.includes('$')) throw new Error(`nginx cannot be given the header value ${value} (it holds $)`);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

export interface DebianTools {
  wrk: string | null;
  nginx: string | null;
  /** Why a tool is missing and how to install it. */
  notes: string[];
}

/**
 * wrk and nginx from Debian's packages. When one is missing and we run as root it is installed (as
 * scripts/ensure-chromium.mjs installs Chromium); otherwise the note says the command and the part is skipped.
 */
export function ensureDebianTools(): DebianTools {
  const wanted = { wrk: 'wrk', nginx: 'nginx' } as const;
  const find = (name: string) => {
    const found = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name} 2>/dev/null`], {
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')[0];
    return found ? found : null;
  };
  const missing = Object.values(wanted).filter((name) => !find(name));
  const notes: string[] = [];
  if (missing.length > 0) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot) {
      console.log(`${missing.join(' and ')} missing: installing from Debian packages…`);
      const install = spawnSync(
        'sh',
        ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`],
        { stdio: 'inherit' },
      );
      if (install.status !== 0) notes.push(`apt-get install ${missing.join(' ')} failed (exit ${install.status})`);
    } else {
      notes.push(
        `${missing.join(' and ')} missing: install with  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
      );
    }
  }
  return { wrk: find(wanted.wrk), nginx: find(wanted.nginx), notes };
}

/** Resident memory of a process, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
