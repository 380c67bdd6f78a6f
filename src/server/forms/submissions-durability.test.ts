// Forms made without code (docs/design.md §30, issue 46) on real servers: the built server (dist/server/main.js)
// started as a process, its database a real SQLite file or a real PostgreSQL database, visitors posting over HTTP
// as the form's island does (the call and the time token read from the published page), and a real SMTP server,
// everything on 127.0.0.1 and stopped at the end.
// Needs `npm run build` (npm test builds first). The PostgreSQL parts run when TEST_DATABASE_URL is set.
// Each post comes from an address of its own as the server sees it behind a proxy (TRUST_PROXY=true and
// X-Forwarded-For, as deployed behind nginx): five a minute from one address is a flood (429), and the same text
// from the same address a duplicate; each post also sends texts of its own.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormInput } from '../../core/schemas/forms';
import { signIn } from '../../../scripts/bench-load';
import {
  cleanUp,
  createTemporaryDatabase,
  freePort,
  rawGet,
  sleep,
  startFolio,
  temporaryFolder,
} from '../../../scripts/bench-servers';
import { TestSmtpServer, type ReceivedMail } from '../test-support/smtp';

const ADMIN_PASSWORD = 'durability-admin-password';
const PAGE = 'Quote';
/** One post every 50 ms: about 20 a second. */
const POST_EVERY_MS = 50;
/** Acknowledged submissions before the kill, and again after the restart. */
const ACKNOWLEDGED_EACH_SIDE = 30;
/** The kill waits for an answer that comes while another post is on its way, up to this many acknowledged. */
const KILL_BY = 60;
const SALES = 'sales@example.com';

type Dialect = 'sqlite' | 'postgres';
/** As testDialects() of test-support/test-app, which this file does not import: it runs built servers, not the app. */
const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const QUOTE_FORM: FormInput = {
  name: 'Quote request',
  fields: [
    { key: 'name', label: 'Your name', kind: 'text', required: true },
    { key: 'email', label: 'Email', kind: 'email', required: true },
    { key: 'message', label: 'Message', kind: 'textarea', required: true },
  ],
  recipients: [SALES],
  confirmation: { enabled: true, subject: 'Thank you, {{name}}', body: 'We received your request: {{message}}' },
  successMessage: 'Thank you: we will write within a day.',
  retentionDays: 365,
};

interface Server {
  port: number;
  base: string;
  child: ChildProcess;
  /** Its stdout: pino's JSON lines. */
  log: string[];
}

/** What the published page gives a visitor's browser: where the island posts, and the form's time token. */
interface ShownForm {
  id: number;
  endpoint: string;
  token: string;
}

/** A server's answer to a post, or the socket error a visitor would see. */
type Posted = { status: number; body: string } | { error: string };

/** Waits for `check` to hold; `what` says what was awaited (a function: with what was seen by then). */
async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string | (() => string),
  ms = 15_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`waited ${ms / 1000} s for ${typeof what === 'string' ? what : what()}`);
}

async function startServer(
  port: number,
  options: { dataDir: string; databaseUrl?: string; env?: Record<string, string> },
): Promise<Server> {
  const log: string[] = [];
  const child = await startFolio({
    dataDir: options.dataDir,
    port,
    adminPassword: ADMIN_PASSWORD,
    env: {
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      TRUST_PROXY: 'true',
      // The servers and the test share the machine's cores: no extra listening sockets (decision 014).
      ACCEPT_COPIES: '0',
      ...options.env,
    },
    onOutput: (text) => log.push(text),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await rawGet(`${base}/api/ready`)).status === 200, `${base}/api/ready to answer 200`);
  return { port, base, child, log };
}

/** A JSON post over its own request (node:http); its socket errors are the visitor's. */
function postJson(url: string, payload: unknown, headers: Record<string, string>, agent?: http.Agent): Promise<Posted> {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: agent ?? false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ error: error.message }));
    request.end(body);
  });
}

/** A staff call with the administrator's bearer token; its JSON answer, or an error naming the call. */
async function staffCall(base: string, token: string, call: string, payload: unknown): Promise<any> {
  const answer = await postJson(`${base}/api/master/${call}`, payload, { authorization: `Bearer ${token}` });
  if (!('status' in answer) || answer.status !== 200) throw new Error(`${call} answered ${JSON.stringify(answer)}`);
  return JSON.parse(answer.body);
}

/** The quote form made, placed on a page made without code and published, as an administrator does it. */
async function publishForm(base: string, token: string): Promise<number> {
  const { id } = await staffCall(base, token, 'forms', QUOTE_FORM);
  const page = await staffCall(base, token, 'savePageCreation', {
    filename: PAGE,
    dspname: PAGE,
    module: 1,
    type: 'Autowired',
    homepage: 'Y',
  });
  await staffCall(base, token, 'saveParameters', {
    id: page.id,
    parameters: [
      { parameterName: 'quote', sequence: 1, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
    ],
  });
  await staffCall(base, token, 'savepagecontent', {
    commonrouting: PAGE,
    document: { header: { quote: id }, rows: [], revision: 0 },
  });
  return id as number;
}

/** The form as its public page shows it to a visitor: the island's call and the hidden time token. */
async function shownForm(base: string, id: number): Promise<ShownForm> {
  const shown = await rawGet(`${base}/${PAGE}1`);
  expect(shown.status).toBe(200);
  const html = shown.body.toString('utf8');
  const tag = new RegExp(`<form\\b[^>]*\\bid="form-${id}"[^>]*>`).exec(html)?.[0];
  const endpoint = tag && /\bdata-endpoint="([^"]+)"/.exec(tag)?.[1];
  const hidden = /<input\b[^>]*\bname="_token"[^>]*>/.exec(html)?.[0];
  const token = hidden && /\bvalue="([^"]+)"/.exec(hidden)?.[1];
  if (!endpoint || !token) throw new Error(`/${PAGE}1 does not show form ${id} with its call and time token`);
  return { id, endpoint, token };
}

/** Visitor n: an address of its own (behind the proxy), a name, an email and a message carrying its marker. */
const visitor = (n: number) => ({
  address: `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
  marker: `visitor-${n}-${process.pid}`,
});
const visitorPost = (form: ShownForm, marker: string, extra: object = {}) => ({
  values: { name: `Guest ${marker}`, email: `${marker}@example.com`, message: `A quote please (${marker}).` },
  token: form.token,
  ...extra,
});

/** Where a test's server keeps its data: a SQLite folder, or a PostgreSQL database. */
interface Store {
  dataDir: string;
  databaseUrl?: string;
  drop: () => Promise<void>;
}

async function makeStore(dialect: Dialect, prefix: string): Promise<Store> {
  const dataDir = temporaryFolder(`folio-${prefix}-`);
  if (dialect === 'sqlite') return { dataDir, drop: async () => {} };
  const database = await createTemporaryDatabase(process.env.TEST_DATABASE_URL!, `folio_${prefix}`);
  return { dataDir, databaseUrl: database.url, drop: database.drop };
}

/** Rows of the database itself, read apart from any server (a connection of the test's own). */
async function query<T>(store: Store, text: string, parameters: unknown[] = []): Promise<T[]> {
  if (!store.databaseUrl) {
    const db = new SQLite(path.join(store.dataDir, 'folio.sqlite'), { readonly: true });
    try {
      return db.prepare(text.replace(/\$\d+/g, '?')).all(...parameters) as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, parameters)).rows as T[];
  } finally {
    await client.end();
  }
}

function requireBuild(): void {
  if (!fs.existsSync('dist/server/main.js'))
    throw new Error(
      'dist/server/main.js is missing: run `npm run build` first (npm test builds before it runs the tests).',
    );
}

describe.each(DIALECTS)('form submissions while the server is killed (SIGKILL), on %s', (dialect) => {
  let store: Store | undefined;
  afterEach(async () => {
    await cleanUp();
    await store?.drop();
  }, 30_000);

  it('keeps every submission it answered 200, posted at about 20 a second, across a kill -9 and a restart', async () => {
    requireBuild();
    store = await makeStore(dialect, 'submissions_kill');
    const port = await freePort();
    let server = await startServer(port, store);
    const formId = await publishForm(server.base, await signIn(server.base, ADMIN_PASSWORD));
    const form = await shownForm(server.base, formId);

    const acknowledged: { id: number; marker: string }[] = [];
    const refused: string[] = [];
    const socketErrors: string[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed: Promise<unknown> | null = null;
    const posts: Promise<void>[] = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const post = async (n: number) => {
      const { address, marker } = visitor(n);
      inFlight += 1;
      const answer = await postJson(
        `${server.base}${form.endpoint}`,
        visitorPost(form, marker),
        { 'x-forwarded-for': address },
        agent,
      );
      inFlight -= 1;
      if ('error' in answer) socketErrors.push(`${marker}: ${answer.error}`);
      else if (answer.status !== 200) refused.push(`${marker}: ${answer.status} ${answer.body}`);
      else acknowledged.push({ id: (JSON.parse(answer.body) as { id: number }).id, marker });
      // The kill lands the moment an answer says a submission is kept (a commit that the answer ran ahead of would
      // be lost with it), at best while another submission is on its way.
      const kept = 'status' in answer && answer.status === 200;
      const due = acknowledged.length >= ACKNOWLEDGED_EACH_SIDE && (inFlight > 0 || acknowledged.length >= KILL_BY);
      if (kept && due && killed === null) {
        inFlightAtKill = inFlight;
        const victim = server.child;
        killed = new Promise((resolve) => victim.once('exit', resolve));
        victim.kill('SIGKILL');
      }
    };

    // Post n is due POST_EVERY_MS × n after the start: a late timer sends the ones due at once, so the rate holds.
    let posting = true;
    const started = Date.now();
    const load = (async () => {
      while (posting) {
        const due = Math.floor((Date.now() - started) / POST_EVERY_MS);
        while (posts.length <= due) posts.push(post(posts.length));
        await sleep(5);
      }
    })();
    let beforeKill = 0;
    let downMs: number;
    try {
      await waitFor(() => killed !== null, `${ACKNOWLEDGED_EACH_SIDE} acknowledged and the kill`);
      await killed;
      const killedAt = Date.now();
      beforeKill = acknowledged.length;
      // Started again on the same database while visitors go on posting (their posts fail until it listens).
      server = await startServer(port, store);
      downMs = Date.now() - killedAt;
      await waitFor(
        () => acknowledged.length >= beforeKill + ACKNOWLEDGED_EACH_SIDE,
        `${ACKNOWLEDGED_EACH_SIDE} acknowledged after the restart`,
      );
    } finally {
      posting = false;
      await load;
      await Promise.all(posts);
      agent.destroy();
    }
    const seconds = (Date.now() - started) / 1000;

    const figures =
      `${posts.length} posted in ${seconds.toFixed(1)} s, ${acknowledged.length} acknowledged (${beforeKill} before the kill), ` +
      `${socketErrors.length} socket errors, ${inFlightAtKill} in flight at the kill, down ${(downMs / 1000).toFixed(1)} s`;
    // Only socket errors, while the server was down: no 429 (the flood limit), no 500.
    expect(refused, figures).toEqual([]);
    expect(socketErrors.length, `visitors went on posting while the server was down: ${figures}`).toBeGreaterThan(0);
    expect(posts.length / seconds, figures).toBeGreaterThan(15);

    // Every submission answered 200, before and after the kill, is in the database with its marker, in the inbox.
    const rows = await query<{ id: number; status: string; field_values: string }>(
      store,
      'select id, status, field_values from form_submissions where form_id = $1',
      [formId],
    );
    const stored = new Map(rows.map((row) => [Number(row.id), row]));
    const lost = acknowledged.filter(({ id, marker }) => {
      const row = stored.get(id);
      return !row || row.status !== 'inbox' || !row.field_values.includes(marker);
    });
    expect(lost, `acknowledged submissions not in the inbox (${figures})`).toEqual([]);
    // None kept twice: one row per marker.
    const markers = rows.map((row) => JSON.parse(row.field_values).message as string);
    expect(new Set(markers).size, figures).toBe(markers.length);
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL database mail each submission once',
  () => {
    const SUBMISSIONS = 30;
    let store: Store;
    let smtp: TestSmtpServer;
    let a: Server;
    let b: Server;
    let staffToken: string;
    let form: ShownForm;

    beforeAll(async () => {
      requireBuild();
      smtp = await new TestSmtpServer().start();
      store = await makeStore('postgres', 'form_mail_instances');
      const env = { SMTP_URL: smtp.url, LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
      // One after the other: the first start migrates and seeds the empty database.
      a = await startServer(await freePort(), { ...store, env });
      b = await startServer(await freePort(), { ...store, dataDir: temporaryFolder('folio-instance-b-'), env });
      staffToken = await signIn(a.base, ADMIN_PASSWORD);
      form = await shownForm(b.base, await publishForm(a.base, staffToken));
    }, 60_000);

    afterAll(async () => {
      await cleanUp();
      await store?.drop();
      await smtp?.stop();
    }, 30_000);

    /** The form's mail jobs not yet done (queued, retrying, or failed). */
    const unfinishedJobs = async () =>
      (
        await query<{ key: string; state: string }>(
          store,
          `select key, state from jobs where kind = 'form-mail' and state <> 'done'`,
        )
      ).length;
    const mailsOf = (marker: string) => {
      const staff = smtp.received.filter(
        (mail) => mail.envelopeTo.includes(SALES) && mail.parsed.text?.includes(marker),
      );
      const confirmations = smtp.received.filter((mail) => mail.envelopeTo.includes(`${marker}@example.com`));
      return { staff, confirmations };
    };
    /** Which instance sent which mail job, from their logs ('mail sent' with the job's key). */
    const sentBy = (server: Server) =>
      server.log
        .join('')
        .split('\n')
        .filter((line) => line.includes('"mail sent"'))
        .map((line) => JSON.parse(line) as { key: string; mail: string })
        .filter((line) => line.mail === 'form-mail')
        .map((line) => line.key);
    const describeMails = (mails: ReceivedMail[]) => mails.map((mail) => `${mail.envelopeTo}: ${mail.parsed.subject}`);

    it('sends each submission posted through either instance one recipients’ mail and one confirmation', async () => {
      // All at once, half through each instance: both job runners work through one queue of 60 mails together.
      const markers = Array.from({ length: SUBMISSIONS }, (_, i) => visitor(100_000 + i));
      const answers = await Promise.all(
        markers.map(({ address, marker }, i) =>
          postJson(`${(i % 2 === 0 ? a : b).base}${form.endpoint}`, visitorPost(form, marker), {
            'x-forwarded-for': address,
          }),
        ),
      );
      expect(answers.filter((answer) => !('status' in answer) || answer.status !== 200)).toEqual([]);

      // Each instance logs a mail once it is sent, before its job is done; its log reaches the test a moment later.
      const loggedSends = () => sentBy(a).length + sentBy(b).length;
      let unfinished = -1;
      await waitFor(
        async () =>
          (unfinished = await unfinishedJobs()) === 0 &&
          markers.every(({ marker }) => mailsOf(marker).staff.length > 0 && mailsOf(marker).confirmations.length > 0) &&
          loggedSends() >= 2 * SUBMISSIONS,
        () =>
          `every mail to arrive and the job queue to be empty (${smtp.received.length} mails of ${2 * SUBMISSIONS}, ` +
          `${unfinished} jobs not done, ${loggedSends()} sends logged)`,
      );
      for (const { marker } of markers) {
        const { staff, confirmations } = mailsOf(marker);
        expect(describeMails(staff), `${marker}: the recipients' mail`).toHaveLength(1);
        expect(describeMails(confirmations), `${marker}: the confirmation`).toHaveLength(1);
        expect(confirmations[0]!.parsed.subject).toBe(`Thank you, Guest ${marker}`);
      }
      expect(smtp.received).toHaveLength(2 * SUBMISSIONS);
      // Both instances sent some of them, and none was sent by both.
      const [byA, byB] = [sentBy(a), sentBy(b)];
      const split = `A sent ${byA.length}, B ${byB.length}`;
      expect(byA.length, split).toBeGreaterThan(0);
      expect(byB.length, split).toBeGreaterThan(0);
      expect(
        byA.filter((key) => byB.includes(key)),
        split,
      ).toEqual([]);
      expect(byA.length + byB.length, split).toBe(2 * SUBMISSIONS);
    }, 30_000);

    it('sends the mail of a spam submission once when "Not spam" is said on one instance, and never again', async () => {
      const { address, marker } = visitor(200_000);
      const posted = await postJson(`${b.base}${form.endpoint}`, visitorPost(form, marker, { honeypot: 'filled' }), {
        'x-forwarded-for': address,
      });
      expect('status' in posted && posted.status, JSON.stringify(posted)).toBe(200);
      const { id } = JSON.parse((posted as { body: string }).body) as { id: number };
      const [held] = await query<{ status: string }>(store, 'select status from form_submissions where id = $1', [id]);
      expect(held?.status).toBe('spam');
      const jobsOf = () =>
        query<{ key: string; state: string }>(
          store,
          `select key, state from jobs where kind = 'form-mail' and key like $1`,
          [`${id}:%`],
        );
      expect(await jobsOf()).toEqual([]);

      const status = async (server: Server, to: string) =>
        staffCall(server.base, staffToken, `submissions/${id}/status`, { status: to });
      expect(await status(a, 'inbox')).toMatchObject({ status: 'inbox', spamReason: null });
      const released = () => mailsOf(marker).staff.length > 0 && mailsOf(marker).confirmations.length > 0;
      await waitFor(
        async () => released() && (await unfinishedJobs()) === 0,
        'the released mail to arrive and the job queue to be empty',
      );
      // Back to Spam and "Not spam" again, through the other instance: nothing more is queued, so nothing more is sent.
      expect(await status(b, 'spam')).toMatchObject({ status: 'spam' });
      expect(await status(b, 'inbox')).toMatchObject({ status: 'inbox' });
      await waitFor(async () => (await unfinishedJobs()) === 0, 'the job queue to be empty');
      expect((await jobsOf()).map((job) => `${job.key} ${job.state}`).sort()).toEqual([
        `${id}:confirmation done`,
        `${id}:staff done`,
      ]);
      const { staff, confirmations } = mailsOf(marker);
      expect(describeMails(staff)).toHaveLength(1);
      expect(describeMails(confirmations)).toHaveLength(1);
    }, 30_000);
  },
);
