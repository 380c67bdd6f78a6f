import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// A server stops when told (docs/design.md §34): the PID that `./folio start` or `npm start` started with is the
// one an operator (or systemd, or a container runtime) signals. Before, SIGTERM to it ended npm and left the
// server running as an orphan that held the port and the database. No browser here: real processes, real ports.

/** Ports of their own, apart from the suite's server (3210), its mail server (3225) and the setup test (3230). */
const PORTS = { folioTerm: 3241, folioInt: 3242, npmTerm: 3243, npmInt: 3244 } as const;

const CASES = [
  { name: './folio start', command: './folio', args: ['start'], signal: 'SIGTERM', port: PORTS.folioTerm },
  { name: './folio start', command: './folio', args: ['start'], signal: 'SIGINT', port: PORTS.folioInt },
  { name: 'npm start', command: 'npm', args: ['--silent', 'start'], signal: 'SIGTERM', port: PORTS.npmTerm },
  { name: 'npm start', command: 'npm', args: ['--silent', 'start'], signal: 'SIGINT', port: PORTS.npmInt },
] as const;

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(what: string, ms: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test.describe('stopping the server', () => {
  for (const { name, command, args, signal, port } of CASES) {
    test(`${signal} to the PID of ${name} stops the server: the port is free within 10 s and the shutdown is logged`, async () => {
      test.slow();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-stop-'));
      let server: ChildProcess | undefined;
      try {
        server = spawn(command, args, {
          // The built server of this run (`npm run build` came first): the start builds nothing.
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            LOG_LEVEL: 'info',
            LOG_FORMAT: 'json',
            ADMIN_PASSWORD: 'stop-test-password-123',
            ACCEPT_COPIES: '2',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
        await until(`${name} serving on ${port}\n${output}`, 60_000, () => output.includes('Folio is serving'));
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(health.status).toBe(200);

        const signalled = Date.now();
        server.kill(signal);
        await until(`port ${port} free after ${signal}\n${output}`, 10_000, async () => !(await listening(port)));
        expect(Date.now() - signalled).toBeLessThan(10_000);
        // The process the operator signalled has ended, cleanly, after the server's own shutdown (an orphan left
        // behind would still hold the port above).
        expect(await exited).toBe(0);
        expect(output).toContain(`"signal":"${signal}"`);
        expect(output).toContain('shutting down');
        expect(output).toContain('Folio stopped');
      } finally {
        if (server && server.exitCode === null) server.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
