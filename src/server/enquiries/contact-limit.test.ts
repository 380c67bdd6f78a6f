import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

const enquiry = {
  organization: 'Deccan Tools Pvt. Ltd.',
  name: 'Priya Patil',
  email: 'priya.patil@example.in',
  mobile: '9876543210',
  requirements: 'We need a CRM for our service engineers.',
  menupageid: 11,
  commonrouting: 'Contact',
};

/**
 * docs/design.md §18: the contact form's limit (10 enquiries per address in 10 minutes) is counted in the database, so
 * two instances on one database share it, and each tenant counts in its own database.
 */
describe.each(testDialects())('the contact form limit across instances (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(dialect);
    b = await createTestApp(dialect, {}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const post = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/master/savecont2', remoteAddress, headers, payload: enquiry });

  it('ten enquiries from one address split over two instances use up its limit on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await post(i % 2 === 0 ? a : b, '10.7.0.1')).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const onA = await post(a, '10.7.0.1');
    const onB = await post(b, '10.7.0.1');
    expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
    expect(onB.json().message).toBe('Too many requests. Please wait a few minutes and try again.');
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(500);
    // Another address is not limited by it.
    expect((await post(b, '10.7.0.2')).statusCode).toBe(200);
    const row = await a.app.tenants.default.db
      .selectFrom('rate_limits')
      .select(['points'])
      .where('key', '=', 'route:10.7.0.1contact-form')
      .executeTakeFirstOrThrow();
    expect(Number(row.points)).toBe(12);
  });
});

describe.each(testDialects())('the contact form limit per tenant (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { TENANTS: 'default,acme' });
  });
  afterAll(async () => t?.close());

  it("one tenant's visitors do not use up another tenant's limit", async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/master/savecont2',
        remoteAddress: '10.7.1.1',
        headers,
        payload: enquiry,
      });
    for (let i = 0; i < 10; i += 1) expect((await post({})).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(429);
    expect((await post({ dbname: 'acme' })).statusCode).toBe(200);
  });
});
