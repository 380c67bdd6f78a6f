// Part 7 of `npm run bench` (BENCH_ONLY=preview): the editor's preview pane (docs/design.md §26, issue 36), against the
// budgets of the issue:
//  1. typing to the updated preview, as a user sees it: the system Chromium at 1440 × 900 on the built server's Home
//     editor, 20 edits of the Skills title, each from the last keystroke to the animation frame that paints the
//     frame showing the typed text (the pane's pause included). Budget p95 ≤ 300 ms;
//  2. the render's server time, from the Server-Timing header the route sends (the request's arrival to its answer,
//     reply.elapsedTime): the pane's renders of (1) and 200 more POSTs of the Home document over HTTP with a session
//     of their own. Budget p99 ≤ 50 ms;
//  3. public pages carry no preview marks (`data-folio-field`, the pane's `folio-pane` data), and the previews leave
//     their bytes as they were.
// The public hot path's ratio to nginx is the throughput part's (BENCH_ONLY=throughput), not measured again here.
import fs from 'node:fs';
import http from 'node:http';
import { chromium, type Page } from 'playwright-core';
import { CONTENT_PAGES } from '../src/core/pages';
import type { BenchReport } from './bench-backup';
import { percentiles, signIn } from './bench-load';
import { freePort, rawGet, sleep, startFolio, stop, temporaryFolder } from './bench-servers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args';

const EDITS = Number(process.env.BENCH_PREVIEW_EDITS ?? 20);
const DIRECT_RENDERS = 200;
/** One POST every 60 ms: under the route's 20 renders a second per session. */
const DIRECT_PACE_MS = 60;
/** Between two keystrokes: a fast typist, well under the pane's pause (150 ms). */
const KEY_DELAY_MS = 60;
const VIEWPORT = { width: 1440, height: 900 };
const FRAME = 'iframe[title="Preview of the page"]';
const FIELD = '[data-field-path="skillhead"] input';
const PREVIEW_MARKS = ['data-folio-field', 'folio-pane'];

interface Timed {
  /** Server time from the Server-Timing header, ms. */
  server: number;
  /** The request's time as the bench's client saw it over loopback, ms (direct POSTs only). */
  response?: number;
}

export async function benchPreview(report: BenchReport, adminPassword: string): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    report.notes.push(
      `preview pane not measured: no Chromium at ${CHROMIUM_PATH} (install with  sudo apt-get update && sudo apt-get install -y chromium, or set CHROMIUM_PATH).`,
    );
    return;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const folio = await startFolio({ dataDir: temporaryFolder('folio-bench-preview-'), port, adminPassword });
  try {
    const before = await publicPages(base);
    const typing = await typeInTheEditor(base, adminPassword);
    const direct = await postPreviews(base, adminPassword);
    const after = await publicPages(base);
    reportTyping(report, typing.edits);
    reportServerTimes(report, typing.renders, direct);
    const marked = [...after]
      .filter(([, html]) => PREVIEW_MARKS.some((mark) => html.includes(mark)))
      .map(([path]) => path);
    const changed = [...after].filter(([path, html]) => before.get(path) !== html).map(([path]) => path);
    report.row(
      'public pages with preview marks',
      `${marked.length} of ${after.size}${marked.length ? ` (${marked.join(', ')})` : ''}`,
      '0',
      marked.length === 0,
    );
    report.row(
      'public pages changed by the previews',
      `${changed.length} of ${after.size}${changed.length ? ` (${changed.join(', ')})` : ''}`,
      '0',
      changed.length === 0,
    );
    report.source(
      `preview, typing: the system Chromium (headless) at ${VIEWPORT.width}×${VIEWPORT.height} on the built server's /Home editor (fresh SQLite), ${EDITS} edits of the Skills title ` +
        `(select all, then a distinct text of 15 characters typed ${KEY_DELAY_MS} ms apart); each from the page's last input event to the first animation frame after the frame on show said the ` +
        `render holding the typed text is in place (its \`rendered\` message; in the editor's clock; the pane's pause (150 ms) is part of it). Each edit is checked afterwards in the frame. ` +
        "Its steps: the pane's request started (after the pause), its answer fully in (Resource Timing), the render on show. " +
        `With ${EDITS} edits, p95 is the ${ordinal(rank(EDITS, 0.95))} of ${EDITS} (nearest rank).`,
    );
    report.source(
      `preview, server time: Server-Timing (render;dur, reply.elapsedTime at onSend: from the request's arrival to its answer) of the pane's ${typing.renders.length} renders (its first included) and of ` +
        `${DIRECT_RENDERS} POSTs of the Home document (GET /api/master/edit/Home, the Skills title changed each time) over HTTP from the bench's process (node:http, keep-alive, one every ${DIRECT_PACE_MS} ms, a session of their own); ` +
        '"response time over loopback": the same POSTs as the bench saw them.',
    );
    report.source(
      `public pages: the ${after.size} public pages (GET, as a browser without gzip) before and after all the previews, searched for ${PREVIEW_MARKS.join(' and ')}.`,
    );
  } finally {
    await stop(folio);
  }
}

/** Each public page's HTML by its address. */
async function publicPages(base: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const { publicPath } of CONTENT_PAGES) {
    const answer = await rawGet(`${base}${publicPath}`);
    if (answer.status !== 200) throw new Error(`${publicPath} answered ${answer.status}`);
    pages.set(publicPath, answer.body.toString('utf8'));
  }
  return pages;
}

/** Part 1: the edits in the browser; each one's time (ms) and the server times of the pane's renders. */
async function typeInTheEditor(base: string, password: string): Promise<{ edits: Edit[]; renders: Timed[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT });
    const page = await context.newPage();
    // The pane's renders, as the browser got them (checked once the edits are done: a listener must not throw).
    const answers: { status: number; serverTiming?: string }[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/master/preview/'))
        answers.push({ status: response.status(), serverTiming: response.headers()['server-timing'] });
    });
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/Home');
    await page.frameLocator(FRAME).locator('.preview-bar').waitFor({ timeout: 30_000 });
    await watchInput(page);
    const field = page.locator(FIELD);
    await field.click();
    const edits: Edit[] = [];
    for (let i = 1; i <= EDITS; i += 1) {
      const text = `Skills edit ${String(i).padStart(3, '0')}`;
      await page.keyboard.press('ControlOrMeta+a');
      await page.evaluate(() => performance.clearResourceTimings());
      await page.keyboard.type(text, { delay: KEY_DELAY_MS });
      await page
        .frameLocator(FRAME)
        .locator('[data-folio-field="skillhead"]')
        .filter({ hasText: text })
        .first()
        .waitFor({ timeout: 15_000 });
      // Nothing left pending before the next edit.
      await sleep(300);
      edits.push(await page.evaluate(timesOfEdit));
      const inFrame = (
        await page.frameLocator(FRAME).locator('[data-folio-field="skillhead"]').first().textContent()
      )?.trim();
      if (inFrame !== text) throw new Error(`edit ${i}: the preview shows "${inFrame}" instead of "${text}"`);
    }
    const refused = answers.filter((answer) => answer.status !== 200);
    if (refused.length > 0)
      throw new Error(
        `${refused.length} of the pane's ${answers.length} renders answered ${refused.map((answer) => answer.status).join(', ')}`,
      );
    return { edits, renders: answers.map((answer) => ({ server: serverTime(answer.serverTiming) })) };
  } finally {
    await browser.close();
  }
}

declare global {
  interface Window {
    benchLastInput?: number;
    benchLastShown?: number;
  }
}

/**
 * Records the moment of each input event in the editor (an edit's last keystroke is the last), and the first
 * animation frame after each message from the pane's frame that a render is on show (`rendered` for one put in
 * place, `ready` for a new document).
 */
async function watchInput(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener('input', () => (window.benchLastInput = performance.now()), { capture: true });
    window.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type === 'rendered' || event.data?.type === 'ready')
        requestAnimationFrame(() => (window.benchLastShown = performance.now()));
    });
  });
}

/** One edit, in ms from the last input event: when the pane's request started, when its answer was in, when it showed. */
interface Edit {
  requested: number;
  answered: number;
  shown: number;
}

/**
 * In the editor, once the frame shows an edit's text: its times. The frame is sandboxed without allow-same-origin,
 * so the editor cannot read it; the last render on show is the edit's (the bench waits for its text first, and
 * nothing is typed after it). The request's times come from Resource Timing.
 */
function timesOfEdit(): Edit {
  const input = window.benchLastInput ?? NaN;
  const request = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/api/master/preview/'))
    .at(-1) as PerformanceResourceTiming | undefined;
  return {
    requested: (request?.startTime ?? NaN) - input,
    answered: (request?.responseEnd ?? NaN) - input,
    shown: (window.benchLastShown ?? NaN) - input,
  };
}

/** Part 2: POSTs of the Home document, paced under the rate limit, through real HTTP. */
async function postPreviews(base: string, password: string): Promise<Timed[]> {
  const token = await signIn(base, password);
  const headers = { authorization: `Bearer ${token}` };
  const edited = await fetch(`${base}/api/master/edit/Home`, { headers });
  if (!edited.ok) throw new Error(`GET /api/master/edit/Home answered ${edited.status}`);
  const document = (await edited.json()) as Record<string, unknown>;
  // node:http with keep-alive, not fetch: undici's fetch adds time of its own (scripts/bench-load.ts).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timed: Timed[] = [];
  try {
    for (let i = 0; i < DIRECT_RENDERS; i += 1) {
      const text = `Skills direct ${i}`;
      document.skillhead = text;
      const started = performance.now();
      const answer = await post(agent, `${base}/api/master/preview/Home`, headers, document);
      const response = performance.now() - started;
      if (answer.status !== 200)
        throw new Error(`preview ${i} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      if (!answer.body.includes(text) || !answer.body.includes('data-folio-field'))
        throw new Error(`preview ${i} does not show the edit with its marks`);
      timed.push({ server: serverTime(answer.serverTiming), response });
      await sleep(Math.max(0, DIRECT_PACE_MS - response));
    }
  } finally {
    agent.destroy();
  }
  return timed;
}

function post(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string; serverTiming?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            serverTiming: String(response.headers['server-timing'] ?? ''),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** `render;dur=12.3` → 12.3; no header is an error: the figure would be missing, not zero. */
function serverTime(header: string | undefined): number {
  const duration = /\brender;dur=([\d.]+)/.exec(header ?? '')?.[1];
  if (duration === undefined)
    throw new Error(
      `the preview sent no Server-Timing render duration (${header ?? 'no header'}): is the build older than the bench?`,
    );
  return Number(duration);
}

function reportTyping(report: BenchReport, edits: readonly Edit[]): void {
  const times = edits.map((edit) => edit.shown);
  const { p50, max } = percentiles(times);
  const p95 = quantile(times, 0.95);
  const median = (pick: (edit: Edit) => number) => percentiles(edits.map(pick)).p50;
  report.row(`typing to updated preview (${times.length} edits), p50`, ms(p50), '');
  report.row(`typing to updated preview (${times.length} edits), p95`, ms(p95), '≤ 300 ms', p95 <= 300);
  report.row(`typing to updated preview (${times.length} edits), max`, ms(max), '');
  report.row(
    'typing to updated preview, its steps (medians)',
    `request sent ${ms(median((e) => e.requested))}, answer in +${ms(median((e) => e.answered - e.requested))}, on show +${ms(median((e) => e.shown - e.answered))}`,
    '',
  );
}

function reportServerTimes(report: BenchReport, pane: readonly Timed[], direct: readonly Timed[]): void {
  const all = [...pane, ...direct].map((t) => t.server);
  const server = percentiles(all);
  const loopback = percentiles(direct.map((t) => t.response!));
  report.row(`preview render, server time (${all.length} renders), p50`, ms(server.p50), '');
  report.row(`preview render, server time (${all.length} renders), p99`, ms(server.p99), '≤ 50 ms', server.p99 <= 50);
  report.row(`preview render, server time (${all.length} renders), max`, ms(server.max), '');
  report.row(
    `preview render, response time over loopback (${direct.length}), p50 / p99`,
    `${ms(loopback.p50)} / ${ms(loopback.p99)}`,
    '',
  );
}

/** The nearest-rank quantile, as percentiles() takes p50 and p99. */
function quantile(times: readonly number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[rank(sorted.length, q) - 1] ?? NaN;
}

/** The 1-based rank of quantile `q` among `count` values, as percentiles() picks it. */
const rank = (count: number, q: number) => Math.min(count, Math.floor(q * count) + 1);

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
