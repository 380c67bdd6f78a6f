import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { overRealHttp, type Answer } from '../test-support/raw-http';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

/**
 * Decision 010: a GET of a cached public page is answered from the raw request, before Fastify routes it. These
 * tests count what reaches Fastify (an onRequest hook) over real HTTP, and check that the hot path's answers are
 * byte for byte and header for header what Fastify's route answers (app.inject goes through Fastify).
 */
describe.each(testDialects())('the hot path of cached public pages (%s)', (dialect) => {
  let t: TestApp;
  let http: Awaited<ReturnType<typeof overRealHttp>>;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    http = await overRealHttp(t.app);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const master = (name: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });
    const page = await master('savePageCreation', {
      filename: 'Careers',
      dspname: 'Careers',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    expect(page.statusCode, page.body).toBe(200);
    const parameters = await master('saveParameters', {
      id: page.json().id,
      parameters: [
        {
          parameterName: 'title',
          sequence: 1,
          mandatory: 'Y',
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
          maxlength: 80,
        },
      ],
    });
    expect(parameters.statusCode, parameters.body).toBe(200);
    const saved = await master('savepagecontent', {
      commonrouting: 'Careers',
      document: { header: { title: 'Work with us' }, rows: [], revision: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => http.get(path, headers, method);
  const throughFastify = (
    path: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<Answer> => http.throughFastify(path, headers, method);
  /** Requests for `path` that reached Fastify while `work` ran. */
  const fastifyCalls = (path: string, work: () => Promise<unknown>) => http.fastifyCalls(path, work);

  it('answers public pages without Fastify, the first visit (which waits for the render) included', async () => {
    for (const path of ['/Home1', '/News1', '/Careers1']) {
      const visits = async () => {
        const answers = await Promise.all([get(path), get(path), get(path)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      };
      expect(await fastifyCalls(path, visits)).toBe(0);
      expect(await fastifyCalls(path, visits)).toBe(0);
    }
  });

  it.each([
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['no compression', {}],
  ])('sends the bytes and headers Fastify sends (%s)', async (_name, headers) => {
    for (const path of ['/Home1', '/Bespoke1', '/Careers1']) {
      await get(path);
      const hot = await get(path, headers);
      expect(hot.status).toBe(200);
      expect(hot.headers['content-security-policy']).toBeTruthy();
      expect(hot).toEqual(await throughFastify(path, headers));
    }
  });

  it('answers HEAD and a matching If-None-Match as Fastify does', async () => {
    const { headers } = await get('/About1', { 'accept-encoding': 'gzip' });
    const head = await get('/About1', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head).toEqual(await throughFastify('/About1', { 'accept-encoding': 'gzip' }, 'HEAD'));
    const conditional = { 'if-none-match': headers.etag!, 'accept-encoding': 'gzip' };
    const notModified = await get('/About1', conditional);
    expect(notModified.status).toBe(304);
    expect(notModified).toEqual(await throughFastify('/About1', conditional));
  });

  it('leaves every other request to Fastify', async () => {
    await get('/Home1');
    expect(await fastifyCalls('/Home1?utm_source=mail', () => get('/Home1?utm_source=mail'))).toBe(1);
    const misspelt = await get('/home1');
    expect(misspelt.status).toBe(301);
    expect(misspelt.headers.location).toBe('/Home1');
    const twinMisspelt = await get('/careers1');
    expect(twinMisspelt.status).toBe(301);
    expect(twinMisspelt.headers.location).toBe('/Careers1');
    // The contact page carries each visitor's spam-guard cookie: it always goes through its route.
    await get('/Contact1');
    let contact: Answer | undefined;
    expect(await fastifyCalls('/Contact1', async () => (contact = await get('/Contact1')))).toBe(1);
    expect(contact?.headers['set-cookie']).toMatch(/^folio_form=/);
    // An unknown tenant is Fastify's 400, not another tenant's page.
    const unknown = await get('/Home1', { dbname: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(await fastifyCalls('/Home1', () => get('/Home1', {}, 'POST'))).toBe(1);
  });

  it('shows a saved change to the next visitor', async () => {
    await get('/Careers1');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/savepagecontent',
      headers: admin.headers,
      payload: {
        commonrouting: 'Careers',
        document: { header: { title: 'Join the team at Innovo' }, rows: [], revision: 1 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('/Careers1')).body.toString()).toContain('Join the team at Innovo');
    expect(
      await fastifyCalls('/Careers1', async () =>
        expect((await get('/Careers1')).body.toString()).toContain('Join the team at Innovo'),
      ),
    ).toBe(0);
  });

  it('answers a page in another language as it answers the default (docs/design.md §28): redirected before its publication, then served, both without Fastify', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    // Careers was saved twice within the last half second: a third change would make it a busy page, whose visitors
    // get the previous copy for up to 500 ms (RenderedPages). This test reads each change at once, as after a pause.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const languages = {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
    };
    expect((await post('/api/master/locales', languages)).statusCode).toBe(200);
    const before = await get('/de/Careers1');
    expect(before.status).toBe(302);
    expect(before.headers.location).toBe('/Careers1');
    expect(before).toEqual(await throughFastify('/de/Careers1'));
    expect(await fastifyCalls('/de/Careers1', () => get('/de/Careers1'))).toBe(0);

    const saved = await post('/api/master/translate/Careers', {
      locale: 'de',
      revision: 0,
      texts: { 'header.title': 'Arbeiten Sie mit uns' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const encodings: Array<Record<string, string>> = [
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'gzip' },
      {},
    ];
    for (const headers of encodings) {
      const hot = await get('/de/Careers1', headers);
      expect(hot.status).toBe(200);
      expect(hot).toEqual(await throughFastify('/de/Careers1', headers));
    }
    expect(
      await fastifyCalls('/de/Careers1', async () =>
        expect((await get('/de/Careers1')).body.toString()).toContain('Arbeiten Sie mit uns'),
      ),
    ).toBe(0);
    // The source's page now lists its German twin, and a change of the source reaches the German page at once.
    expect((await get('/Careers1')).body.toString()).toContain('hreflang="de"');
    expect(
      (
        await post('/api/master/savepagecontent', {
          commonrouting: 'Careers',
          document: { header: { title: 'Careers at Innovo' }, rows: [{}], revision: 2 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/Careers1')).body.toString()).toContain('Careers at Innovo');
    // An unknown language is the site's 404, from Fastify.
    expect((await get('/xx/Careers1')).status).toBe(404);
  });
});
