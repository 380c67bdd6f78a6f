import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * More than one accept per turn of the event loop (decisions 012 and 014). Since libuv 1.45 (Node.js 20, and
 * still Node.js 26) a listening socket takes one new connection per turn of the loop. A busy server's turn
 * serves every open connection, so a burst of new ones waits in the kernel's queue for as many turns as there
 * are connections: 200 visitors arriving at once while the server is busy wait up to seconds for their first
 * byte (`npm run bench`; nodejs/node#57364).
 *
 * Folio listens with SO_REUSEPORT (Node's `reusePort`, public since 22.12) and opens `count` more sockets on the
 * same address and port: the kernel spreads new connections over them, and libuv polls each, so each turn
 * takes a connection from each. The extra sockets hand their connections to the HTTP server through its
 * documented `connection` event (timeouts, keep-alive and closing as for any connection). Linux only: elsewhere
 * SO_REUSEPORT does not spread connections.
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

  /** Whether the server is to listen with SO_REUSEPORT and accept on copies. */
  get enabled(): boolean {
    return this.count > 0 && process.platform === 'linux';
  }

  /**
   * Adds the copies to an HTTP server that listens with `reusePort: true`; resolves with how many it holds (0
   * when it cannot: then the server keeps accepting on its one socket).
   */
  async start(server: http.Server, log: CopiesLog): Promise<number> {
    const address = server.address();
    if (!this.enabled || this.closed || !address || typeof address === 'string') return 0;
    try {
      for (let i = 0; i < this.count; i += 1) {
        const extra = net.createServer();
        extra.on('connection', (socket) => server.emit('connection', socket));
        await listen(extra, { host: address.address, port: address.port, reusePort: true });
        extra.on('error', (error) => log.error({ err: error }, 'a copy of the listening socket failed'));
        this.servers.push(extra);
        if (this.closed) extra.close();
      }
      log.info({ copies: this.servers.length }, 'accepting new connections on copies of the listening socket');
    } catch (error) {
      for (const extra of this.servers.splice(0)) extra.close();
      log.warn(
        { err: error },
        'could not open copies of the listening socket (it must listen with reusePort); accepting on the one socket',
      );
    }
    return this.servers.length;
  }

  /** Stops accepting on the copies (before the server itself closes, so that no connection arrives after). */
  close(): void {
    this.closed = true;
    for (const extra of this.servers) extra.close();
  }
}

/**
 * Refuses a port that something already listens on, before anything else starts, with one sentence. With the
 * copies it matters twice: SO_REUSEPORT would let a second Folio started on the same port by mistake join the
 * first one silently and take part of its visitors.
 */
export async function ensurePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await listen(probe, { host, port, exclusive: true });
  await new Promise((resolve) => probe.close(resolve));
}

/** The port in use gets one sentence an operator can act on. */
export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(
      `Port ${port} on ${host} is already in use: is Folio (or another server) running there? Stop it, or set PORT to another port.`,
    );
  }
}

function listen(server: net.Server, options: net.ListenOptions): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.host ?? '', options.port ?? 0) : error);
    server.once('error', failed);
    server.listen(options, () => {
      server.off('error', failed);
      resolve(server.address() as AddressInfo);
    });
  });
}
