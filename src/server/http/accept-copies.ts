import { spawn } from 'node:child_process';
import type http from 'node:http';
import net from 'node:net';

/**
 * More than one accept per turn of the event loop (decision 012). Since libuv 1.45 (Node.js 20) a listening
 * socket takes one new connection per turn of the loop. A busy server's turn serves every open connection, so
 * a burst of new ones waits in the kernel's queue for as many turns as there are connections: 200 visitors
 * arriving at once while the server is busy wait up to two seconds for their first byte (measured by `npm run
 * bench`; nodejs/node#57364). Several copies of the listening socket (dup'd descriptors of the same socket, as
 * h2o's and nginx's workers hold them) are each polled: each turn takes a connection from each copy.
 *
 * Node.js has no dup(): a short-lived child process receives the socket over IPC and sends it straight back,
 * and each copy that arrives is a descriptor of its own. The copies hand their connections to the HTTP server
 * (its documented 'connection' event), so timeouts, keep-alive and closing behave as for any connection.
 * Linux only; where anything is missing the server simply keeps its one socket.
 */
/** What the copies tell the log (the app's logger). */
export interface CopiesLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export class AcceptCopies {
  private readonly servers: net.Server[] = [];
  private closed = false;

  constructor(private readonly count: number) {}

  /** Adds the copies to a listening HTTP server; resolves with how many it holds (0 when it cannot). */
  async start(server: http.Server, log: CopiesLog): Promise<number> {
    const handle = (server as unknown as { _handle?: unknown })._handle;
    if (this.count <= 0 || process.platform !== 'linux' || !handle || this.closed) return 0;
    try {
      for (const copy of await copiesOf(handle, this.count)) {
        const extra = net.createServer();
        extra.on('connection', (socket) => server.emit('connection', socket));
        extra.on('error', (error) => log.error({ err: error }, 'a copy of the listening socket failed'));
        await new Promise<void>((resolve) => extra.listen(copy, resolve));
        this.servers.push(extra);
        if (this.closed) extra.close();
      }
      log.info({ copies: this.servers.length }, 'accepting new connections on copies of the listening socket');
    } catch (error) {
      log.warn({ err: error }, 'could not copy the listening socket; accepting on the one socket');
    }
    return this.servers.length;
  }

  /** Stops accepting on the copies (before the server itself closes, so that no connection arrives after). */
  close(): void {
    this.closed = true;
    for (const extra of this.servers) extra.close();
  }
}

/** The child: whatever socket it gets, it sends back at once; the last one sent, it leaves. */
const ECHO = "process.on('message', (m, h) => process.send(m, h, () => { h.close(); if (m.last) process.disconnect(); }));";

/** `count` new descriptors of the socket behind `handle` (a listening TCP handle), via a child process. */
function copiesOf(handle: unknown, count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    // No inherited NODE_OPTIONS (a profiler, a loader): the child only echoes.
    const child = spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: {} });
    const copies: unknown[] = [];
    let settled = false;
    const timer = setTimeout(() => fail(new Error('the copying child did not answer within 5 s')), 5000);
    // Once every copy arrived they are in use: a late error of the child must not close them.
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      for (const copy of copies) (copy as { close(): void }).close();
      reject(error);
    };
    child.on('error', fail);
    child.on('message', (_message, copy) => {
      if (!copy) return fail(new Error('the copying child sent no socket'));
      copies.push(copy);
      if (copies.length === count) {
        settled = true;
        clearTimeout(timer);
        resolve(copies);
      }
    });
    child.on('exit', (code) => {
      if (copies.length < count) fail(new Error(`the copying child ended (${code}) after ${copies.length} of ${count} copies`));
    });
    for (let i = 0; i < count; i += 1) child.send({ last: i === count - 1 }, handle as net.Server);
  });
}
