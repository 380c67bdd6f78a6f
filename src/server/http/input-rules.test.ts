import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { storedImages, testImage, uploadImage } from '../test-support/uploads';
import { NUL_CHARACTER_MESSAGE } from '../validation';
import { sendCsv } from './csv';

/**
 * The rules every call shares (docs/design.md §4, §24), checked on calls of each kind: a NUL character in any text is a
 * 400 with one sentence (JSON bodies, field names, query and path parameters, multipart fields, sign-in, search);
 * ids beyond the integer columns' range are a 400 with a sentence; addresses Fastify cannot route answer a
 * sentence too; a body nested deep is refused, not a 500.
 */
describe.each(testDialects())('input rules shared by every call on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, who: LoggedIn | null = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(who?.headers ?? {}), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it.each([
    ['search', '/api/master/search', { q: 'news\u0000' }],
    ['a master value', '/api/master/savecommonmaster', { typeId: 1, code: 'NUL', name: 'Nul\u0000value' }],
    ['a field name', '/api/master/saveCompanyDetails', { companyCode: 'ACME01', 'company\u0000Name': 'x' }],
    [
      'a text inside a list',
      '/api/master/saveParameters',
      { id: 1, parameters: [{ parameterName: 'a\u0000b', sequence: 1, type: 'Textarea', unittype: 'Character' }] },
    ],
  ])('refuses a NUL character in %s with 400 and its sentence', async (_what, url, payload) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NUL_CHARACTER_MESSAGE);
  });

  it('refuses a NUL character at sign-in with the sign-in sentence, and in query and path parameters', async () => {
    const signin = await post('/api/auth/signin', { username: 'admin\u0000', password: ADMIN_PASSWORD }, null);
    expect(signin.statusCode).toBe(400);
    expect(signin.json().message).toBe('Username and password mandatory');
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/master/enquiries.csv?searchText=%00',
      headers: admin.headers,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(NUL_CHARACTER_MESSAGE);
    const path = await t.app.inject({ method: 'GET', url: '/api/master/edit/News%00', headers: admin.headers });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toBe(NUL_CHARACTER_MESSAGE);
  });

  it('refuses a NUL character in a field of a multipart upload, storing nothing', async () => {
    const before = await storedImages(t.app.tenants.default.db);
    const response = await uploadImage(
      t.app,
      { page: 'about\u0000' },
      { name: 'a.png', type: 'image/png', data: await testImage(4, 4, 'png') },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NUL_CHARACTER_MESSAGE);
    expect(await storedImages(t.app.tenants.default.db)).toEqual(before);
  });

  it('refuses ids and revisions beyond the integer columns with 400 and a sentence', async () => {
    const group = await post('/api/menu/cleargroupall', { id: 2 ** 31 });
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe('id must be a whole number from 1 to 2147483647.');
    const restore = await post('/api/master/restore/News', { revision: 2 ** 31 });
    expect(restore.statusCode).toBe(400);
    expect(restore.json().message).toBe('revision must be a whole number from 1 to 2147483647.');
    const compare = await t.app.inject({
      method: 'GET',
      url: '/api/master/compare/News?from=1&to=2147483648',
      headers: admin.headers,
    });
    expect(compare.statusCode).toBe(400);
    expect(compare.json().message).toBe('to must be a revision number.');
  });

  it('answers an address too long or not valid with a sentence, never the address or a code', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/pages/${'x'.repeat(10_000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long.' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/pages/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The address is not valid.' });
  });

  it('refuses a body nested 100,000 deep with a 400, not a 500', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const url of ['/api/master/search', '/api/master/savecont2']) {
      const response = await post(url, deep);
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const document = await post(
      '/api/master/savepagecontent',
      `{"commonrouting":"News","document":{"revision":1,"x":${deep}}}`,
    );
    expect(document.statusCode).toBeLessThan(500);
  });
});

describe('an export that fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // A CSV export whose records fail on the first read, as a query the database refuses would.
    t.app.get('/api/test/failing.csv', { config: { access: { public: true } } }, async (_request, reply) =>
      sendCsv(
        reply,
        'failing',
        ['a'],
        (async function* () {
          await Promise.resolve();
          throw new Error('the database refused the query');
          yield { a: 'never' };
        })(),
      ),
    );
  });
  afterAll(async () => t?.close());

  it('answers JSON with a sentence, not a half-begun CSV file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/failing.csv' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });
});
