import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AcceptCopies, ensurePortFree, PortInUseError } from './accept-copies';

/** What the copies tell the log. */
const logged: string[] = [];
const log = {
  info: (_data: object, message: string) => {
    logged.push(message);
  },
  warn: (_data: object, message: string) => {
    logged.push(message);
  },
  error: () => {},
};

/**
 * Decisions 012 and 014. Each turn of the event loop here burns 20 ms (a busy server), and 40 visitors connect at once:
 * the turns in which the server took their connections show how many it accepts per turn.
 */
describe.runIf(process.platform === 'linux')('copies of the listening socket', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function busyServer(copies: number, options: { reusePort?: boolean } = {}) {
    const server = http.createServer((_request, response) => response.end('ok'));
    const accept = new AcceptCopies(copies);
    await new Promise<void>((resolve) =>
      server.listen({ port: 0, host: '127.0.0.1', reusePort: options.reusePort ?? accept.enabled }, resolve),
    );
    const held = await accept.start(server, log);
    let turn = 0;
    let busy = true;
    const burn = () => {
      turn += 1;
      const until = performance.now() + 20;
      while (performance.now() < until);
      if (busy) setImmediate(burn);
    };
    setImmediate(burn);
    const acceptedInTurn = new Map<number, number>();
    server.on('connection', () => acceptedInTurn.set(turn, (acceptedInTurn.get(turn) ?? 0) + 1));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    cleanup.push(() => accept.close());
    cleanup.push(() => void (busy = false));
    return { server, accept, held, acceptedInTurn, port: (server.address() as AddressInfo).port };
  }

  async function visitors(port: number, count: number): Promise<void> {
    const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1'));
    cleanup.push(() => sockets.forEach((socket) => socket.destroy()));
    const answered = sockets.map(
      (socket) =>
        new Promise<void>((resolve, reject) => {
          socket.once('error', reject).once('data', () => resolve());
          socket.write('GET / HTTP/1.1\r\nHost: test\r\n\r\n');
        }),
    );
    await Promise.all(answered);
  }

  it('takes a new connection from every copy in each turn of a busy event loop', async () => {
    const { held, acceptedInTurn, port } = await busyServer(8);
    expect(held).toBe(8);
    expect(logged).toContain('accepting new connections on copies of the listening socket');
    await visitors(port, 40);
    expect([...acceptedInTurn.values()].reduce((a, b) => a + b, 0)).toBe(40);
    // Several per turn, where the one socket takes exactly one (the next test). How many depends on how fast the
    // visitors connect, which a loaded machine slows: the bound is loose on purpose, the contrast is the point.
    expect(Math.max(...acceptedInTurn.values())).toBeGreaterThanOrEqual(3);
    expect(acceptedInTurn.size).toBeLessThanOrEqual(20);
  });

  it('without copies takes one per turn (what Node.js 20 to 26 do, and why the copies exist)', async () => {
    const { held, acceptedInTurn, port } = await busyServer(0);
    expect(held).toBe(0);
    await visitors(port, 12);
    expect(Math.max(...acceptedInTurn.values())).toBe(1);
    expect(acceptedInTurn.size).toBe(12);
  });

  it('refuses to start on a port another server listens on, although the copies share it among themselves', async () => {
    const { port } = await busyServer(2);
    await expect(ensurePortFree('127.0.0.1', port)).rejects.toThrow(PortInUseError);
    await expect(ensurePortFree('127.0.0.1', port)).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
    const free = await busyServer(0);
    await new Promise<void>((resolve) => free.server.close(() => resolve()));
    await expect(ensurePortFree('127.0.0.1', free.port)).resolves.toBeUndefined();
  });

  it('keeps the one socket, and says why, when the server did not listen with reusePort', async () => {
    const { held, acceptedInTurn, port } = await busyServer(4, { reusePort: false });
    expect(held).toBe(0);
    expect(logged).toContain(
      'could not open copies of the listening socket (it must listen with reusePort); accepting on the one socket',
    );
    await visitors(port, 3);
    expect([...acceptedInTurn.values()].reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('stops accepting on the copies when closed, so a closed server takes no connection', async () => {
    const { server, accept, port } = await busyServer(4);
    await visitors(port, 2);
    accept.close();
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve('connected')));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
