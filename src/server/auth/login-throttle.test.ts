import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/**
 * docs/design.md §18: login failures are counted in the database, not in one instance's memory. Two instances on one
 * database (one SQLite folder, or one PostgreSQL database): what one counts, the other refuses; a restart keeps it.
 */
describe.each(testDialects())('login lockouts across instances (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(dialect, { ADMIN_PASSWORD });
    b = await createTestApp(dialect, { ADMIN_PASSWORD }, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const signin = (t: TestApp, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password }, remoteAddress });

  it('five wrong passwords through one instance lock the account on the other, and a third started later', async () => {
    expect((await signin(b, ADMIN_PASSWORD, '10.9.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await signin(a, 'wrong-password-123', `10.9.1.${i}`)).statusCode).toBe(401);
    const onB = await signin(b, ADMIN_PASSWORD, '10.9.2.1');
    expect(onB.statusCode).toBe(429);
    expect(onB.json().message).toMatch(/Too many failed attempts/);
    const c = await createTestApp(dialect, { ADMIN_PASSWORD }, { sameDatabaseAs: a });
    try {
      expect((await signin(c, ADMIN_PASSWORD, '10.9.2.2')).statusCode).toBe(429);
    } finally {
      await c.close();
    }
  });

  it('counts the failures of an address on every instance together', async () => {
    const address = '10.9.3.1';
    // Twenty failures for twenty different (unknown) accounts, split over both instances.
    for (let i = 0; i < 20; i += 1) {
      const t = i % 2 === 0 ? a : b;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: `nobody-${i}`, password: 'wrong-password-123' },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await b.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'someone', password: 'wrong-password-123' },
      remoteAddress: address,
    });
    expect(blocked.statusCode).toBe(429);
  });
});
