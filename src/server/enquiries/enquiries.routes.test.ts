import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../core/schemas/contact-enquiry';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { NUL_CHARACTER_MESSAGE } from '../validation';

const valid = {
  organization: 'Deccan Tools Pvt. Ltd.',
  name: 'Priya Patil',
  email: 'Priya.Patil@Example.IN',
  mobile: '9876543210',
  requirements: 'We need a CRM for our service engineers.',
  menupageid: 11,
  commonrouting: 'Contact',
};

describe.each(testDialects())('contact enquiries (savecont2) on %s', (dialect) => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  // Each test posts from its own address so the form's rate limit does not mix tests up.
  beforeEach(() => {
    address += 1;
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/master/savecont2',
      remoteAddress: `10.0.0.${address}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const count = async () =>
    Number(
      (
        await t.app.tenants.default.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a valid enquiry and answers {message: Success}', async () => {
    const before = await count();
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success' });
    expect(await count()).toBe(before + 1);
    const stored = await t.app.tenants.default.db
      .selectFrom('enquiries')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Priya Patil',
      email: 'priya.patil@example.in',
      mobile: '9876543210',
      organization: 'Deccan Tools Pvt. Ltd.',
    });
  });

  it('accepts an enquiry without organisation (optional in the form)', async () => {
    const { organization: _omit, ...rest } = valid;
    expect((await post(rest)).statusCode).toBe(200);
  });

  it('ignores a recipient named by the client', async () => {
    const response = await post({ ...valid, recepientmail: 'victim@example.com' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a missing contact person', { ...valid, name: undefined }, 'name is required.'],
    ['a blank contact person', { ...valid, name: '   ' }, CONTACT_MESSAGES.name],
    ['a missing email', { ...valid, email: undefined }, 'email is required.'],
    ['an invalid email', { ...valid, email: 'not-an-email' }, CONTACT_MESSAGES.email],
    ['a 9-digit mobile', { ...valid, mobile: '987654321' }, CONTACT_MESSAGES.mobile],
    ['a mobile with letters', { ...valid, mobile: '98765abcde' }, CONTACT_MESSAGES.mobile],
    ['missing requirements', { ...valid, requirements: '' }, CONTACT_MESSAGES.requirements],
    ['a number where text belongs', { ...valid, name: 42 }, 'name must be a string.'],
    ['an array where text belongs', { ...valid, requirements: ['a'] }, 'requirements must be a string.'],
    ['unknown fields', { ...valid, isAdmin: true }, 'The request has unknown fields: isAdmin.'],
    [
      'a 1 MB requirements text',
      { ...valid, requirements: 'x'.repeat(1_000_000) },
      'Requirements must be at most 5000 characters.',
    ],
    ['a 1 MB name', { ...valid, name: 'x'.repeat(1_000_000) }, 'Contact Person must be at most 100 characters.'],
    ['a body that is not an object', [1, 2, 3], 'The request body must be an object.'],
    [
      'a NUL character in a text (docs/design.md §24)',
      { ...valid, requirements: 'A CRM\u0000 please' },
      NUL_CHARACTER_MESSAGE,
    ],
    [
      'a page id beyond the integer range (docs/design.md §24)',
      { ...valid, menupageid: 2 ** 31 },
      'menupageid must be a whole number from 1 to 2147483647.',
    ],
  ])('refuses %s with 400 and a clear message, storing nothing', async (_what, payload, message) => {
    const before = await count();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('refuses a NUL character in the form posted without JavaScript, storing nothing (docs/design.md §24)', async () => {
    const before = await count();
    const fields = new URLSearchParams({ ...valid, menupageid: '11', name: 'Priya\u0000Patil' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/Contact1',
      remoteAddress: `10.0.0.${address}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NUL_CHARACTER_MESSAGE);
    expect(await count()).toBe(before);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded']])(
    'refuses %s with 415, storing nothing',
    async (type) => {
      const before = await count();
      const response = await post(type === 'text/plain' ? JSON.stringify(valid) : 'name=x&email=y', {
        'content-type': type,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/JSON/);
      expect(await count()).toBe(before);
    },
  );

  it('limits one address to 10 enquiries in 10 minutes (429 after that)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await post(valid)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await post(valid);
    expect(limited.json().message).toMatch(/Too many requests/);
  });
});
