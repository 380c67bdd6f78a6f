import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { shutDown } from './shutdown';

/** Whether a new connection to the port is taken or refused. */
function connect(port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('waited 1 s in vain');
}

/** docs/design.md §18: /api/ready for the proxy, and a stop that finishes what is in flight. */
describe.each(testDialects())('readiness and a clean stop (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  /** A listening app with a request that stays in flight until the test releases it. */
  async function listeningWithSlowRequest() {
    t = await createTestApp(dialect);
    let entered = () => {};
    const slow = { release: () => {}, entered: new Promise<void>((resolve) => (entered = resolve)) };
    t.app.get('/test/slow', async () => {
      entered();
      await new Promise<void>((resolve) => (slow.release = resolve));
      return { done: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const answer = fetch(`http://127.0.0.1:${port}/test/slow`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    answer.catch(() => undefined); // a test that cuts it off reads the failure itself
    await slow.entered;
    return { port, slow, answer };
  }

  it('answers /api/ready with 200 once started, and 503 with a sentence while draining', async () => {
    t = await createTestApp(dialect);
    expect(t.app.lifecycle.state).toBe('starting');
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // The moment between the signal and the server's close, when the route itself answers.
    t.app.lifecycle.state = 'draining';
    const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ message: 'This instance is shutting down.' });
  });

  it('says 503 on /api/ready as soon as it is told to stop, while a request is still in flight', async () => {
    const { slow, answer } = await listeningWithSlowRequest();
    const closing = shutDown(t.app, 5_000);
    expect(t.app.lifecycle.state).toBe('draining');
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    slow.release();
    expect((await answer).status).toBe(200);
    await closing;
  });

  it('finishes a request in flight, takes no new connection meanwhile, then closes', async () => {
    const { port, slow, answer } = await listeningWithSlowRequest();
    expect(await connect(port)).toBe('connected');
    const closing = shutDown(t.app, 5_000);
    await until(async () => (await connect(port)) === 'ECONNREFUSED');
    slow.release();
    expect(await answer).toEqual({ status: 200, body: { done: true } });
    // Its keep-alive connection, idle once answered, does not hold the stop until the grace period ends.
    const answeredAt = Date.now();
    await closing;
    expect(Date.now() - answeredAt).toBeLessThan(2_000);
  });

  it('closes a connection still busy after the grace period, and stops all the same', async () => {
    const { answer } = await listeningWithSlowRequest();
    const started = Date.now();
    await shutDown(t.app, 300);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(answer).rejects.toThrow();
  });
});
