import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook delivery as the test receiver got it: where, the headers (lower-case names) and the exact body. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What the receiver answers on a path. */
export interface ReceiverAnswer {
  status: number;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 that takes webhook deliveries for tests (node:http): it keeps each request and
 * answers 200 "ok", or what `answer(path, …)` set for that path (a 500 with a long body, a redirect…). Test code only.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, ReceiverAnswer & { headers?: Record<string, string> }>();
  private server: http.Server | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, [value ?? ''].flat().join(', ')]),
        );
        this.received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = this.answers.get(path) ?? { status: 200, body: 'ok' };
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** The receiver's address of `path` (http, 127.0.0.1). */
  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Answers `status` with `body` (and `headers`) on `path` from now on; null: the usual 200 again. */
  answer(path: string, answer: (ReceiverAnswer & { headers?: Record<string, string> }) | null): void {
    if (answer) this.answers.set(path, answer);
    else this.answers.delete(path);
  }

  /** What came to `path`, in order. */
  on(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
