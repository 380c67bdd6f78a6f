// docs/design.md §18, proven end to end: two built servers (dist/server/main.js) on one PostgreSQL database behind a
// real nginx running deploy/nginx/folio.conf, the file docs/operations.md tells operators to install (only its upstream
// ports and its address replaced). Everything listens on 127.0.0.1 and is stopped at the end.
// Runs when TEST_DATABASE_URL is set; needs `npm run build` (npm test builds first) and nginx (Debian package).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES, contentPageByKey, type ContentPageKey } from '../core/pages';
import { signIn } from '../../scripts/bench-load';
import {
  cleanUp,
  createTemporaryDatabase,
  freePort,
  rawGet,
  sleep,
  startFolio,
  startFolioProxy,
  stop,
  temporaryFolder,
  type FolioProxy,
} from '../../scripts/bench-servers';
import { multipartBody, testImage } from './test-support/uploads';

const ADMIN_PASSWORD = 'instances-admin-password';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
const LOCKOUT_MESSAGE = 'Too many failed attempts. Please wait 15 minutes and try again.';
const SETUP_CODE = /"setupCode":"([0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4})"/;

/** The editors: one page each, so that they never save over each other (no 409 in the normal course). */
const EDITED: readonly { key: ContentPageKey; list: string; field: string }[] = [
  { key: 'home', list: 'newsList', field: 'newsDescription' },
  { key: 'about', list: 'abtmainlst', field: 'mainpara' },
  { key: 'news', list: 'tablelst', field: 'newsDetails' },
];
const VISITORS = 6;

interface Instance {
  port: number;
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Its stdout: pino's JSON lines at LOG_LEVEL=warn (the setup code is one). */
  log: string[];
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: () => any;
}

/** One request through node:http (its errors are the socket errors a visitor would see). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const data = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: data,
            json: () => JSON.parse(data.toString()),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const postJson = (url: string, payload: unknown, headers: Record<string, string> = {}, agent?: http.Agent) =>
  send(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    ...(agent ? { agent } : {}),
  });

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`waited ${ms / 1000} s for ${what}`);
}

async function startInstance(
  port: number,
  databaseUrl: string,
  options: { dataDir?: string; adminPassword?: string; publicBaseUrl: string },
): Promise<Instance> {
  const dataDir = options.dataDir ?? temporaryFolder('folio-instance-');
  const log: string[] = [];
  const child = await startFolio({
    dataDir,
    port,
    ...(options.adminPassword ? { adminPassword: options.adminPassword } : {}),
    env: {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'true',
      PUBLIC_BASE_URL: options.publicBaseUrl,
      // Two servers, nginx and the load share two cores: no extra listening sockets (decision 014).
      ACCEPT_COPIES: '0',
      // Every revision stays, so that every acknowledged save can be looked up (§19's pruning keeps 100).
      REVISIONS_PER_PAGE: '0',
    },
    onOutput: (text) => log.push(text),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await rawGet(`${base}/api/ready`)).status === 200, `${base}/api/ready to answer 200`);
  return { port, base, dataDir, child, log };
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL database behind nginx (deploy/nginx/folio.conf)',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let a: Instance;
    let b: Instance;
    let proxy: FolioProxy;
    let site: string;

    beforeAll(async () => {
      if (!fs.existsSync('dist/server/main.js'))
        throw new Error(
          'dist/server/main.js is missing: run `npm run build` first (npm test builds before it runs the tests).',
        );
      if (!NGINX)
        throw new Error(
          'nginx is missing: install it with `apt-get install nginx` (Debian package); this test starts its own with deploy/nginx/folio.conf.',
        );
      database = await createTemporaryDatabase(adminUrl, 'folio_instances');
      const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
      site = `http://127.0.0.1:${proxyPort}`;
      // One after the other: the first start migrates and seeds the empty database.
      a = await startInstance(portA, database.url, { adminPassword: ADMIN_PASSWORD, publicBaseUrl: `${site}/` });
      b = await startInstance(portB, database.url, { adminPassword: ADMIN_PASSWORD, publicBaseUrl: `${site}/` });
      proxy = await startFolioProxy(NGINX, [portA, portB], proxyPort, { accessLog: true });
    }, 120_000);

    afterAll(async () => {
      await cleanUp();
      await database?.drop();
    }, 60_000);

    /** On failure, what nginx saw helps more than the assertion alone. */
    const nginxErrors = () =>
      fs.existsSync(proxy.errorLog) ? fs.readFileSync(proxy.errorLog, 'utf8').split('\n').slice(-20).join('\n') : '';

    it('keeps visitors served and every acknowledged save while one instance is killed (SIGKILL) and started again', async () => {
      const paths = CONTENT_PAGES.map((page) => page.publicPath);
      const visits = { ok: 0, refused: [] as string[], socketErrors: [] as string[] };
      const acknowledged: { key: ContentPageKey; revision: number; marker: string }[] = [];
      const unacknowledged = new Map<string, number>();
      let loading = true;

      const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: VISITORS });
      const visitor = async (first: number) => {
        for (let i = first; loading; i += 1) {
          const path = paths[i % paths.length]!;
          try {
            const answer = await send(`${site}${path}`, {
              headers: { 'accept-encoding': 'gzip' },
              agent: visitorAgent,
            });
            if (answer.status === 200) visits.ok += 1;
            else visits.refused.push(`${path}: ${answer.status}`);
          } catch (error) {
            visits.socketErrors.push(`${path}: ${(error as Error).message}`);
          }
        }
      };

      const tokens = await Promise.all(EDITED.map(() => signIn(site, ADMIN_PASSWORD)));
      const editorAgent = new http.Agent({ keepAlive: true, maxSockets: EDITED.length });
      const noteUnacknowledged = (reason: string) => unacknowledged.set(reason, (unacknowledged.get(reason) ?? 0) + 1);
      const editor = async (index: number) => {
        const page = EDITED[index]!;
        const { getCall, saveCall } = contentPageByKey(page.key);
        const headers = { authorization: `Bearer ${tokens[index]!}` };
        let document: Record<string, any> | null = null;
        let lastAcknowledged = true;
        // Once the load ends, an editor whose last save went unanswered saves once more (for 20 s at most), so
        // that its last save is one it knows of.
        let stopBy = Infinity;
        for (let i = 0; loading || !lastAcknowledged; i += 1) {
          if (!loading) stopBy = Math.min(stopBy, Date.now() + 20_000);
          if (Date.now() > stopBy) break;
          try {
            if (!document) {
              const read = await postJson(`${site}/api/master/${getCall}`, {}, headers, editorAgent);
              if (read.status !== 200) {
                noteUnacknowledged(`${getCall} ${read.status}`);
                await sleep(50);
                continue;
              }
              document = read.json() as Record<string, any>;
            }
            const marker = `Editor ${index} save ${i}`;
            document[page.list][0][page.field] = `<p>${marker} <strong>done</strong>.</p>`;
            const saved = await postJson(`${site}/api/master/${saveCall}`, document, headers, editorAgent);
            if (saved.status === 200) {
              const { revision } = saved.json() as { revision: number };
              acknowledged.push({ key: page.key, revision, marker });
              document.revision = revision;
              lastAcknowledged = true;
            } else {
              // 502 for a save in flight on the instance that died; 409 after a save whose answer was lost.
              noteUnacknowledged(`${saveCall} ${saved.status}`);
              document = null;
              lastAcknowledged = false;
            }
          } catch (error) {
            noteUnacknowledged(`${saveCall}: ${(error as Error).message}`);
            document = null;
            lastAcknowledged = false;
          }
        }
      };

      const load = Promise.all([
        ...Array.from({ length: VISITORS }, (_, i) => visitor(i * 2)),
        ...EDITED.map((_, i) => editor(i)),
      ]);
      let savedBeforeRestart: number;
      let accessLogAtRestart: number;
      try {
        await sleep(3000);
        // kill -9 of instance A in the middle of visits and saves.
        const killed = new Promise((resolve) => a.child.once('exit', resolve));
        a.child.kill('SIGKILL');
        await killed;
        savedBeforeRestart = acknowledged.length;
        await sleep(3000);
        a = await startInstance(a.port, database!.url, {
          dataDir: a.dataDir,
          adminPassword: ADMIN_PASSWORD,
          publicBaseUrl: `${site}/`,
        });
        accessLogAtRestart = fs.statSync(proxy.accessLog!).size;
        // nginx rests a failed instance for fail_timeout (5 s in deploy/nginx/folio.conf), then sends to it again.
        await sleep(7000);
      } finally {
        loading = false;
        await load;
        visitorAgent.destroy();
        editorAgent.destroy();
      }

      // No visitor saw an error: nginx took every GET that failed on A to B.
      expect(visits.socketErrors, nginxErrors()).toEqual([]);
      expect(visits.refused, nginxErrors()).toEqual([]);
      expect(visits.ok).toBeGreaterThan(100);
      // nginx sent visitors to the restarted instance again.
      const afterRestart = fs.readFileSync(proxy.accessLog!).subarray(accessLogAtRestart).toString();
      expect(afterRestart).toContain(`upstream 127.0.0.1:${a.port} 200`);

      // Every save answered 200, before and after the kill, is in the database with what was saved.
      expect(savedBeforeRestart).toBeGreaterThan(0);
      expect(acknowledged.length).toBeGreaterThan(savedBeforeRestart);
      const client = new pg.Client({ connectionString: database!.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ routing: string; revision: number; document: string }>(
          'select p.routing, r.revision, r.document from page_revisions r join pages p on p.id = r.page_id where p.routing = any($1)',
          [EDITED.map((page) => contentPageByKey(page.key).routing)],
        );
        const stored = new Map(rows.map((row) => [`${row.routing}#${row.revision}`, row.document]));
        const missing = acknowledged.filter(({ key, revision, marker }) => {
          const page = EDITED.find((edited) => edited.key === key)!;
          const document = stored.get(`${contentPageByKey(key).routing}#${revision}`);
          return !document || !String(JSON.parse(document)[page.list][0][page.field]).includes(marker);
        });
        expect(
          missing,
          `acknowledged saves not in the database (of ${acknowledged.length}; not acknowledged: ${JSON.stringify([...unacknowledged])})`,
        ).toEqual([]);

        // The last acknowledged save of each page is its newest revision, and both instances serve it.
        for (const page of EDITED) {
          const { routing, publicPath } = contentPageByKey(page.key);
          const last = acknowledged.filter((save) => save.key === page.key).at(-1)!;
          const newest = Math.max(...rows.filter((row) => row.routing === routing).map((row) => row.revision));
          expect(newest, `${routing}: the newest revision is the last one acknowledged`).toBe(last.revision);
          for (const instance of [a, b]) {
            await waitFor(
              async () => (await rawGet(`${instance.base}${publicPath}`)).body.toString().includes(last.marker),
              `${instance.base}${publicPath} to show "${last.marker}"`,
            );
          }
        }
      } finally {
        await client.end();
      }
    }, 180_000);

    it('serves an image uploaded through one instance from the other, byte for byte', async () => {
      const token = await signIn(a.base, ADMIN_PASSWORD);
      const upload = multipartBody(
        { page: 'about' },
        { name: 'team.png', type: 'image/png', data: await testImage(64, 48, 'png') },
      );
      const answer = await send(`${a.base}/api/master/uploadImage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType },
        body: upload.payload,
      });
      expect(answer.status, answer.body.toString()).toBe(200);
      const { filename } = answer.json() as { filename: string };
      const fromA = await rawGet(`${a.base}/uploads/photos/about/${filename}`);
      const fromB = await rawGet(`${b.base}/uploads/photos/about/${filename}`);
      expect(fromA.status).toBe(200);
      expect(fromA.headers['content-type']).toBe('image/png');
      expect(fromB.status, `instance B answered ${fromB.status} for an image uploaded through A`).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/png');
      expect(fromB.body.equals(fromA.body)).toBe(true);
    }, 60_000);

    it('honours a session made on one instance on the other (cookie and XSRF token)', async () => {
      const login = await postJson(`${a.base}/api/auth/signin`, { username: 'admin', password: ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      const cookies = new Map(
        (login.headers['set-cookie'] ?? []).map((line) => {
          const [pair] = line.split(';') as [string];
          const at = pair.indexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1)];
        }),
      );
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const xsrf = decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
      expect(cookies.get('folio_session')).toBeTruthy();

      const session = await send(`${b.base}/api/auth/session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(session.json()).toMatchObject({ authenticated: true, user: { username: 'admin' } });
      // A call that needs the Home editor's screen in the caller's menu.
      const history = await send(`${b.base}/api/master/history/Home`, { headers: { cookie } });
      expect(history.status).toBe(200);
      // A change made with the cookie needs the XSRF token of the session made on A.
      const menu = await postJson(`${b.base}/api/menu/menuofUserforjosn`, {}, { cookie, 'x-xsrf-token': xsrf });
      const publicMenu = await postJson(`${b.base}/api/menu/menuofUserforjosn`, {});
      expect(menu.status).toBe(200);
      expect(menu.json()).not.toEqual(publicMenu.json());
      expect(menu.json()).toEqual(
        (await postJson(`${a.base}/api/menu/menuofUserforjosn`, {}, { cookie, 'x-xsrf-token': xsrf })).json(),
      );
    }, 60_000);

    // Last of the four: it locks admin for 15 minutes.
    it('locks the account on one instance after five wrong passwords through the other', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await postJson(`${a.base}/api/auth/signin`, {
          username: 'admin',
          password: `wrong-password-${attempt}`,
        });
        expect(wrong.status).toBe(401);
      }
      const refused = await postJson(`${b.base}/api/auth/signin`, { username: 'admin', password: ADMIN_PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.json().message).toBe(LOCKOUT_MESSAGE);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }, 60_000);

    it('prints the same first-run setup code on every instance of an empty database', async () => {
      const empty = await createTemporaryDatabase(adminUrl, 'folio_instances_setup');
      const started: Instance[] = [];
      try {
        // One after the other, as docs/operations.md says: the first start migrates and seeds the empty database.
        for (let i = 0; i < 2; i += 1)
          started.push(await startInstance(await freePort(), empty.url, { publicBaseUrl: `${site}/` }));
        const codes = started.map((instance) => SETUP_CODE.exec(instance.log.join(''))?.[1]);
        expect(codes[0], 'the first instance printed no setup code').toBeTruthy();
        expect(codes[1], 'the second instance printed another setup code than the first').toBe(codes[0]);
      } finally {
        await Promise.all(started.map((instance) => stop(instance.child)));
        await empty.drop();
      }
    }, 120_000);
  },
);
