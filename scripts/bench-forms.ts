// Part 8 of `npm run bench` (BENCH_ONLY=forms): a submission of a form made without code with a 5 MB PDF
// (docs/design.md §30, issue 46), on the built server with a fresh SQLite database.
// The form (name, email, and a file field taking PDF up to 10 MB) is made and placed on a page made without code
// through the staff API, as an administrator makes it; the bench reads the published page as a visitor does and
// takes from it what the island takes: the call's address (data-endpoint) and the form's time token (the hidden
// `_token`, the same for every visitor of the cached page). Each submission is a multipart post as the browser's
// FormData sends the form, carrying a valid 5 MB PDF (one page showing a picture of noise, so that nothing
// compresses it), over real HTTP from the bench's process (node:http, keep-alive). Three runs, each
// BENCH_FORM_SUBMISSIONS long (default 200), after a warm-up:
//  0. after a quiet minute: BENCH_FORM_QUIET submissions (default 3), each sent once the checkpoint worker has left
//     (src/server/db/wal-checkpoints.ts: after a minute of little writing), as a site with a few applications an
//     hour gets them: each one wakes the worker;
//  1. now and then: one at a time, PACE_MS after the last one's answer (the worker, woken by the first, stays);
//  2. one after another, as fast as they are answered;
//  3. four at once.
// Budget (docs/design.md §30): p99 ≤ 150 ms.
// Each submission is from an address of its own, as the server sees it behind a proxy (TRUST_PROXY=true and
// X-Forwarded-For, as deployed behind nginx): five a minute from one address is a flood (429), and the same text
// from the same address a duplicate; neither is what is measured. Each sends other texts (its own name and email).
// At the end every submission must be in the inbox with its file (rows counted in the database, one file
// downloaded as staff and compared): otherwise the figures would mean nothing, and the part fails.
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { BenchReport } from './bench-backup';
import { signIn } from './bench-load';
import { freePort, rawGet, removeFolder, rssMb, sleep, startFolio, stop, temporaryFolder } from './bench-servers';

const SUBMISSIONS = Number(process.env.BENCH_FORM_SUBMISSIONS ?? 200);
/** Submissions each sent once the checkpoint worker has left (about 70 s apart). */
const QUIET = Number(process.env.BENCH_FORM_QUIET ?? 3);
const WARM_UP = 20;
const AT_ONCE = 4;
/** Between one submission's answer and the next, now and then. */
const PACE_MS = 300;
const BUDGET_MS = 150;
/** The checkpoint worker leaves after a minute of little writing; a little longer is allowed for. */
const WORKER_LEAVES_WITHIN_MS = 90_000;
/** 5 MB as the form's limits count it (a field's maxMb, FORM_MAX_MB). */
const PDF_BYTES = 5 * 1024 * 1024;
const PAGE = 'Apply';

const APPLICATION_FORM = {
  name: 'Bench application',
  fields: [
    { key: 'name', label: 'Your name', kind: 'text', required: true },
    { key: 'email', label: 'Email', kind: 'email', required: true },
    { key: 'cv', label: 'CV', kind: 'file', required: true, accept: ['pdf'], maxMb: 10 },
  ],
  recipients: ['jobs@example.com'],
  confirmation: { enabled: true, subject: 'Thank you, {{name}}', body: 'We read every application.' },
  successMessage: 'Thank you: we will write within a week.',
  retentionDays: 365,
};

/** What the published page gives a visitor's browser: where the island posts, and the form's hidden fields. */
interface ShownForm {
  id: number;
  endpoint: string;
  token: string;
}

interface Sent {
  ms: number;
  id: number;
}

/** A run's submissions and its wall time. */
interface Run {
  sent: Sent[];
  seconds: number;
  paced: boolean;
}

/** One tree's server measured: its runs by name, in order, and what was checked. */
interface Measured {
  runs: Map<string, Run>;
  rss: number;
  submissions: number;
  endpoint: string;
}

/**
 * The part, on this tree's built server and, with `baseline` (the bench's --baseline), on the other checkout's
 * beside it: then each is measured twice, alternating, on a fresh database each time, and the p99s are compared.
 */
export async function benchForms(report: BenchReport, adminPassword: string, baseline?: string): Promise<void> {
  const trees = [{ name: 'Folio', root: undefined as string | undefined }];
  if (baseline) trees.push({ name: 'baseline', root: baseline });
  const measured = new Map(trees.map((tree) => [tree.name, [] as Measured[]]));
  const rounds = baseline ? 2 : 1;
  for (let round = 1; round <= rounds; round += 1)
    for (const tree of round % 2 === 1 ? trees : [...trees].reverse())
      measured.get(tree.name)!.push(await measureTree(report, adminPassword, tree.root));
  const p99s = new Map<string, Map<string, number>>();
  for (const { name } of trees) {
    const all = measured.get(name)!;
    const prefix = baseline ? `${name}: ` : '';
    p99s.set(name, reportRuns(report, prefix, all));
    report.row(
      `${prefix}memory of the server after the submissions (RSS)`,
      all.map((m) => `${m.rss.toFixed(0)} MB`).join(', '),
      '',
    );
  }
  if (baseline)
    for (const [how, p99] of p99s.get('Folio')!)
      report.row(`submission p99, ${how}: Folio / baseline`, (p99 / p99s.get('baseline')!.get(how)!).toFixed(2), '');
  const first = measured.get('Folio')![0]!;
  report.source(
    `form submissions: the built server on a fresh SQLite database (TRUST_PROXY=true; mail not set up, so each submission's two mails are queued in its transaction and wait); ` +
      `a form of name, email and a PDF (at most 10 MB) on a page made without code, its call and time token read from the published page; ` +
      `${WARM_UP} submissions to warm up, then ${QUIET} after a quiet minute (each once the checkpoint worker had left: the server's threads as many as idle), ${SUBMISSIONS} now and then (each ${PACE_MS} ms after the last one's answer), ${SUBMISSIONS} one after another and ${SUBMISSIONS} ${AT_ONCE} at once, ` +
      `each a multipart POST ${first.endpoint} of ${(PDF_BYTES / 1024 / 1024).toFixed(1)} MB (a valid one-page PDF) from its own X-Forwarded-For address with its own name and email, ` +
      `over HTTP from the bench's process (node:http, keep-alive), timed from the request's start to the answer's end; ` +
      `afterwards all ${first.submissions} found in the inbox with their file (rows counted, one file downloaded as staff and compared).` +
      (baseline
        ? ` With --baseline: each tree twice, alternating (Folio, baseline, baseline, Folio), the figures of both rounds together.`
        : ''),
  );
}

/** The runs on one built server (this tree's, or the checkout at `root`), on a database of its own. */
async function measureTree(report: BenchReport, adminPassword: string, root: string | undefined): Promise<Measured> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = temporaryFolder('folio-bench-forms-');
  // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE;
  const folio = await startFolio({
    dataDir,
    port,
    root,
    adminPassword,
    env: { TRUST_PROXY: 'true' },
    nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });
  try {
    const idleThreads = threadsOf(folio.pid!);
    const staff = { authorization: `Bearer ${await signIn(base, adminPassword)}` };
    const visitors = new Visitors(agent, base, await publishForm(base, staff), benchPdf(PDF_BYTES));
    await visitors.paced(WARM_UP);
    const runs = new Map<string, Run>();
    // The warm-up woke the checkpoint worker; each of these begins once it has left again, as on a quiet day.
    runs.set('after a quiet minute', await visitors.eachAfter(QUIET, () => workerGone(folio.pid!, idleThreads)));
    runs.set(`now and then (${PACE_MS} ms apart)`, await visitors.paced(SUBMISSIONS));
    runs.set('one after another', await visitors.oneAfterAnother(SUBMISSIONS));
    runs.set(`${AT_ONCE} at once`, await visitors.atOnce(SUBMISSIONS));
    const rss = rssMb(folio.pid!);
    await checkInbox(path.join(dataDir, 'folio.sqlite'), visitors.form.id, visitors.count, PDF_BYTES);
    await checkDownload(base, staff, [...runs.values()].at(-1)!.sent.at(-1)!.id, visitors.pdf);
    if (profile)
      report.source(`form submissions: CPU profile of process ${folio.pid}${root ? ` (${root})` : ''} in ${profile}.`);
    return { runs, rss, submissions: visitors.count, endpoint: visitors.form.endpoint };
  } finally {
    agent.destroy();
    await stop(folio);
    removeFolder(dataDir);
  }
}

/** The threads of a process, from /proc: the checkpoint worker is one of them while it runs. */
const threadsOf = (pid: number) =>
  Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/**
 * Waits until the server has no more threads than it had idle before the form was made: the checkpoint worker
 * leaves after a minute of little writing (src/server/db/wal-checkpoints.ts).
 */
async function workerGone(pid: number, idleThreads: number): Promise<void> {
  const deadline = Date.now() + WORKER_LEAVES_WITHIN_MS;
  while (threadsOf(pid) > idleThreads) {
    if (Date.now() > deadline)
      throw new Error(
        `the server kept ${threadsOf(pid)} threads (${idleThreads} idle) for ${WORKER_LEAVES_WITHIN_MS / 1000} s: did the checkpoint worker not leave?`,
      );
    await sleep(500);
  }
}

/** The form made, placed on a page made without code and published; what its public page gives a browser. */
async function publishForm(base: string, staff: Record<string, string>): Promise<ShownForm> {
  const call = async (url: string, body: unknown) => {
    const response = await fetch(`${base}/api/master/${url}`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const { id } = await call('forms', APPLICATION_FORM);
  const page = await call('savePageCreation', {
    filename: PAGE,
    dspname: PAGE,
    module: 1,
    type: 'Autowired',
    homepage: 'Y',
  });
  await call('saveParameters', {
    id: page.id,
    parameters: [
      { parameterName: 'application', sequence: 1, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
    ],
  });
  await call('savepagecontent', {
    commonrouting: PAGE,
    document: { header: { application: id }, rows: [], revision: 0 },
  });
  const shown = await rawGet(`${base}/${PAGE}1`);
  if (shown.status !== 200) throw new Error(`/${PAGE}1 answered ${shown.status}`);
  return shownForm(shown.body.toString('utf8'), id);
}

/** The form's call and token as the page renders them (the island reads the same attributes). */
function shownForm(html: string, id: number): ShownForm {
  const tag = new RegExp(`<form\\b[^>]*\\bid="form-${id}"[^>]*>`).exec(html)?.[0];
  const endpoint = tag && /\bdata-endpoint="([^"]+)"/.exec(tag)?.[1];
  const hidden = /<input\b[^>]*\bname="_token"[^>]*>/.exec(html)?.[0];
  const token = hidden && /\bvalue="([^"]+)"/.exec(hidden)?.[1];
  if (!endpoint || !token) throw new Error(`/${PAGE}1 does not show form ${id} with its call and time token`);
  return { id, endpoint: endpoint.replace(/&amp;/g, '&'), token };
}

/**
 * A valid PDF of exactly `size` bytes: one page showing an RGB picture of noise (an uncompressed image stream, so
 * that nothing along the way compresses it), then a comment line that pads it to the size, the cross-reference
 * table and the trailer. Always the same bytes (the noise is seeded).
 */
function benchPdf(size: number): Buffer {
  const side = Math.floor(Math.sqrt((size - 4096) / 3));
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 46;
  for (let i = 0; i < pixels.length; i += 1) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    pixels[i] = seed & 0xff;
  }
  const drawing = Buffer.from(`q 540 0 0 540 36 126 cm /Im1 Do Q\n`);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    ),
    Buffer.concat([Buffer.from(`<< /Length ${drawing.length} >>\nstream\n`), drawing, Buffer.from('\nendstream')]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
  ];
  const build = (padding: number) => {
    const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = parts[0]!.length;
    const offsets: number[] = [];
    for (const [i, body] of objects.entries()) {
      offsets.push(offset);
      const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
      parts.push(object);
      offset += object.length;
    }
    const pad = Buffer.from(`%${' '.repeat(Math.max(0, padding - 2))}\n`);
    parts.push(pad);
    offset += pad.length;
    const xref = [
      'xref',
      `0 ${objects.length + 1}`,
      '0000000000 65535 f ',
      ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
      'trailer',
      `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
      'startxref',
      String(offset),
      '%%EOF\n',
    ].join('\n');
    parts.push(Buffer.from(xref));
    return Buffer.concat(parts);
  };
  const unpadded = build(2).length - 2;
  const pdf = build(size - unpadded);
  if (pdf.length !== size) throw new Error(`the bench's PDF is ${pdf.length} bytes, not ${size}`);
  return pdf;
}

/** The visitors who send the form, each from an address of its own, with their names and a PDF. */
class Visitors {
  /** How many submissions were sent (and answered 200). */
  count = 0;

  constructor(
    private readonly agent: http.Agent,
    private readonly base: string,
    readonly form: ShownForm,
    readonly pdf: Buffer,
  ) {}

  /** One at a time, PACE_MS after each answer. */
  paced(count: number): Promise<Run> {
    return timed(async (sent) => {
      for (let i = 0; i < count; i += 1) {
        sent.push(await this.submit());
        await sleep(PACE_MS);
      }
    }, true);
  }

  /** One at a time, each once `ready` resolves. */
  eachAfter(count: number, ready: () => Promise<void>): Promise<Run> {
    return timed(async (sent) => {
      for (let i = 0; i < count; i += 1) {
        await ready();
        sent.push(await this.submit());
      }
    }, true);
  }

  oneAfterAnother(count: number): Promise<Run> {
    return timed(async (sent) => {
      for (let i = 0; i < count; i += 1) sent.push(await this.submit());
    });
  }

  /** `count` submissions, AT_ONCE in flight at any time. */
  atOnce(count: number): Promise<Run> {
    let left = count;
    return timed(async (sent) => {
      const sender = async () => {
        while (left > 0) {
          left -= 1;
          sent.push(await this.submit());
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, sender));
    });
  }

  /** One submission as a browser's FormData sends the form: its fields in the page's order, then the hidden ones. */
  private submit(): Promise<Sent> {
    this.count += 1;
    const n = this.count;
    const boundary = `----FolioBenchBoundary${n}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      field('name', `Visitor ${n} of the bench`) +
        field('email', `visitor${n}@example.com`) +
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="CV of visitor ${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(
      `\r\n${field('_form', String(this.form.id))}${field('_token', this.form.token)}${field('_website', '')}--${boundary}--\r\n`,
    );
    const headers = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + this.pdf.length + tail.length,
      // Its own address, as nginx in front says it (TRUST_PROXY=true).
      'x-forwarded-for': `10.46.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
    };
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.base}${this.form.endpoint}`,
        { method: 'POST', agent: this.agent, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const ms = performance.now() - started;
            const body = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode !== 200)
              return reject(new Error(`submission ${n} answered ${response.statusCode}: ${body.slice(0, 200)}`));
            resolve({ ms, id: (JSON.parse(body) as { id: number }).id });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.write(head);
      request.write(this.pdf);
      request.end(tail);
    });
  }
}

async function timed(run: (sent: Sent[]) => Promise<void>, paced = false): Promise<Run> {
  const sent: Sent[] = [];
  const started = performance.now();
  await run(sent);
  return { sent, seconds: (performance.now() - started) / 1000, paced };
}

/** Every submission of the form in the inbox, each with its one PDF of the size sent; else the part fails. */
async function checkInbox(file: string, formId: number, expected: number, size: number): Promise<void> {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    const submissions = sqlite
      .prepare(`select status, count(*) as n from form_submissions where form_id = ? group by status`)
      .all(formId) as { status: string; n: number }[];
    const files = sqlite
      .prepare(
        `select count(*) as n, count(distinct f.submission_id) as submissions, min(f.size) as smallest, max(f.size) as largest,
           min(length(f.bytes)) as stored
         from form_files f join form_submissions s on s.id = f.submission_id
         where s.form_id = ? and f.content_type = 'application/pdf'`,
      )
      .get(formId) as { n: number; submissions: number; smallest: number; largest: number; stored: number };
    const inbox = submissions.find((row) => row.status === 'inbox')?.n ?? 0;
    const all = submissions.reduce((sum, row) => sum + row.n, 0);
    if (inbox !== expected || all !== expected)
      throw new Error(
        `${expected} submissions sent, the database holds ${submissions.map((row) => `${row.n} in ${row.status}`).join(', ') || 'none'}`,
      );
    if (files.n !== expected || files.submissions !== expected || files.smallest !== size || files.largest !== size)
      throw new Error(
        `${expected} PDFs of ${size} bytes sent, the database holds ${files.n} (${files.submissions} submissions, ${files.smallest}–${files.largest} bytes)`,
      );
    if (files.stored !== size) throw new Error(`a stored PDF holds ${files.stored} bytes, not ${size}`);
  } finally {
    sqlite.close();
  }
}

/** The last submission's file, downloaded as staff do it: the bytes sent. */
async function checkDownload(base: string, staff: Record<string, string>, id: number, pdf: Buffer): Promise<void> {
  const response = await fetch(`${base}/api/master/submissions/${id}`, { headers: staff });
  if (response.status !== 200) throw new Error(`submission ${id} answered ${response.status}`);
  const submission = (await response.json()) as { status: string; files: { id: number }[] };
  const file = submission.files[0];
  if (submission.status !== 'inbox' || !file) throw new Error(`submission ${id} is not in the inbox with its file`);
  const download = await rawGet(`${base}/api/master/submissions/${id}/files/${file.id}`, staff);
  if (download.status !== 200 || !download.body.equals(pdf))
    throw new Error(`submission ${id}'s file answered ${download.status} with other bytes than the PDF sent`);
}

/** Each run's rows, its rounds together; each run's p99 by its name. */
function reportRuns(report: BenchReport, prefix: string, rounds: readonly Measured[]): Map<string, number> {
  const p99s = new Map<string, number>();
  for (const how of rounds[0]!.runs.keys()) {
    const runs = rounds.map((round) => round.runs.get(how)!);
    const sorted = runs.flatMap((run) => run.sent.map((sent) => sent.ms)).sort((a, b) => a - b);
    const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
    // As percentiles() of scripts/bench-load.ts takes them.
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const p99 = at(0.99);
    const label = `${prefix}submission with a 5 MB PDF, ${how} (${sorted.length})`;
    report.row(`${label}, p50 / p95`, `${ms(at(0.5))} / ${ms(at(0.95))}`, '');
    report.row(`${label}, p99`, ms(p99), `≤ ${BUDGET_MS} ms (docs/design.md §30)`, p99 <= BUDGET_MS);
    report.row(`${label}, max`, ms(sorted.at(-1) ?? NaN), '');
    // A paced run's rate is its pace.
    if (!runs[0]!.paced) report.row(`${label}, rate`, `${(sorted.length / seconds).toFixed(1)} submissions/s`, '');
    p99s.set(how, p99);
  }
  return p99s;
}
