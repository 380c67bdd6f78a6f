import http from 'node:http';
// The load that `npm run bench` puts on a running server: wrk (visitors) and editors saving over HTTP.
import path from 'node:path';
import { contentPageByKey, type ContentPageKey } from '../src/core/pages';
import { startChild } from './bench-servers';

export interface WrkResult {
  requests: number;
  seconds: number;
  rate: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Socket errors (connect, read, write, timeout) and answers other than 2xx/3xx (status), as wrk counts them. */
  errors: { connect: number; read: number; write: number; timeout: number; status: number };
}

const WRK_SCRIPT = path.resolve('scripts/bench-wrk.lua');

/**
 * One wrk run: one thread (the other core is the server's), gzip accepted as browsers do, 2 s timeout. With
 * several paths, each request takes the next (scripts/bench-wrk.lua); `url` is the server's address.
 */
export async function runWrk(
  wrk: string,
  url: string,
  options: {
    connections: number;
    seconds: number;
    paths?: readonly string[];
    visitors?: number;
    /** Runs wrk on this CPU only (`taskset -c`). */
    cpu?: number;
  },
): Promise<WrkResult> {
  const paths = options.paths ?? [];
  const target = paths.length > 0 ? `${url}${paths[0]}` : url;
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '2s',
    '-H',
    'Accept-Encoding: gzip',
    '-s',
    WRK_SCRIPT,
    target,
  ];
  const child = startChild(
    options.cpu === undefined ? wrk : 'taskset',
    options.cpu === undefined ? args : ['-c', String(options.cpu), wrk, ...args],
    {
      env: { ...process.env, BENCH_PATHS: paths.join(' '), BENCH_VISITORS: String(options.visitors ?? 0) },
      stdout: 'pipe',
    },
  );
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = /^BENCH-WRK (.*)$/m.exec(output)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk ${target} failed (exit ${code}): ${output}`);
  const field = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(line)?.[1] ?? NaN);
  const seconds = field('duration_us') / 1e6;
  return {
    requests: field('requests'),
    seconds,
    rate: field('requests') / seconds,
    p50Ms: field('p50_us') / 1000,
    p99Ms: field('p99_us') / 1000,
    maxMs: field('max_us') / 1000,
    errors: {
      connect: field('connect'),
      read: field('read'),
      write: field('write'),
      timeout: field('timeout'),
      status: field('status'),
    },
  };
}

export async function signIn(base: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!response.ok) throw new Error(`signin answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A page an editor saves, and the rich-text field of its list's first entry that each save changes. */
export interface EditedPage {
  key: ContentPageKey;
  list: string;
  field: string;
}

export interface SaveStats {
  times: number[];
  /** Answers other than 200 (by status) and failed requests (by message). 409s: the editor reads the page again. */
  refused: Map<string, number>;
}

/**
 * Runs `load` while one editor per page saves it in a loop over HTTP, as the editor's Save button does: each
 * logs in once (bearer token), reads the page with its get call, then saves with one rich-text change per
 * save, taking the revision from each answer. The editors stop when the load ends.
 */
export async function whileEditorsSave<T>(
  base: string,
  password: string,
  pages: readonly EditedPage[],
  load: () => Promise<T>,
): Promise<{ load: T; saves: SaveStats }> {
  const stats: SaveStats = { times: [], refused: new Map() };
  const editors = await Promise.all(pages.map(async (page) => ({ page, token: await signIn(base, password) })));
  let loading = true;
  // node:http with a keep-alive connection per editor, not fetch: undici's fetch added about 10 ms of its own to
  // each save here (save p50 26–29 ms against 18 ms, side by side), and measured the bench rather than Folio.
  const agent = new http.Agent({ keepAlive: true, maxSockets: pages.length });
  const post = (token: string, call: string, body: unknown) =>
    new Promise<{ status: number; json: () => Promise<unknown>; ok: boolean }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(
        `${base}/api/master/${call}`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            const status = response.statusCode ?? 0;
            resolve({ status, ok: status >= 200 && status < 300, json: async () => JSON.parse(text) });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  const read = async (token: string, page: EditedPage) => {
    const response = await post(token, contentPageByKey(page.key).getCall, {});
    if (!response.ok) throw new Error(`${contentPageByKey(page.key).getCall} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const refuse = (reason: string) => stats.refused.set(reason, (stats.refused.get(reason) ?? 0) + 1);
  const saveInALoop = async ({ page, token }: (typeof editors)[number], editor: number) => {
    const { saveCall } = contentPageByKey(page.key);
    let document = await read(token, page);
    for (let i = 0; loading; i += 1) {
      const entry = (document[page.list] as Record<string, unknown>[] | undefined)?.[0];
      if (!entry || !(page.field in entry))
        throw new Error(`${page.key}: the document has no ${page.list}[0].${page.field}`);
      entry[page.field] = `<p>Editor ${editor} saves <strong>${i}</strong> times.</p>`;
      const started = performance.now();
      try {
        const response = await post(token, saveCall, document);
        const answer = (await response.json()) as { revision?: number };
        stats.times.push(performance.now() - started);
        if (response.status === 200) document.revision = answer.revision;
        else {
          refuse(String(response.status));
          document = await read(token, page);
        }
      } catch (error) {
        refuse(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const saving = Promise.all(editors.map(saveInALoop));
  saving.catch(() => undefined); // reported by the await below, once the load has ended
  try {
    return { load: await load(), saves: stats };
  } finally {
    loading = false;
    await saving;
  }
}

/** p50, p99 and max of a list of times (ms). */
export function percentiles(times: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}
