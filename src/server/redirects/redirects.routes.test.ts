import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_LOG_SIZE, REDIRECT_MESSAGES } from '../../core/schemas/redirect';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { addNotFoundHits, trimNotFound } from './redirects.repository';

interface Saved {
  id: number;
  from: string;
  to: string;
  status: number;
  hits: number;
  lastHit: string | null;
}

/** Redirects and the 404 log (docs/design.md §27) through the real API, the 404 handler and page creation. */
describe.each(testDialects())('redirects and the 404 log on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;

  beforeAll(async () => {
    // Counts are written when the tests flush them, never by the 10 s timer in the middle of a test.
    t = await createTestApp(dialect, {}, { flushVisitsEveryMs: 0 });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    await createEditor(t.app, 'ravi');
    editor = await logIn(t.app, 'ravi', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.tenants.default.db;
  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: LoggedIn | null = admin,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who?.headers ?? {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  // Saved as after the person said yes to a target where nothing is (the question has its own test).
  const save = async (from: string, to: string, status = 301, id?: number): Promise<Saved> => {
    const response = await inject('POST', '/api/master/redirects', admin, {
      ...(id !== undefined ? { id } : {}),
      from,
      to,
      status,
      confirmed: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const refused = async (body: object) => {
    const response = await inject('POST', '/api/master/redirects', admin, body);
    expect(response.statusCode, response.body).toBe(400);
    return response.json() as { message: string; field?: string };
  };
  const list = async () => ((await inject('GET', '/api/master/redirects')).json() as { items: Saved[] }).items;
  const targetOf = async (from: string) => (await list()).find((redirect) => redirect.from === from)?.to;
  const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('creates, lists, changes and deletes a redirect, each audited', async () => {
    const created = await save('/old-services', '/Consulting1');
    expect(created).toEqual({
      id: expect.any(Number),
      from: '/old-services',
      to: '/Consulting1',
      status: 301,
      hits: 0,
      lastHit: null,
    });
    expect(await list()).toContainEqual(created);

    const changed = await save('/old-services', 'https://partner.example/services?ref=folio', 302, created.id);
    expect(changed).toMatchObject({
      id: created.id,
      from: '/old-services',
      to: 'https://partner.example/services?ref=folio',
      status: 302,
    });

    const deleted = await inject('DELETE', `/api/master/redirects/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, from: '/old-services' });
    expect((await list()).some((redirect) => redirect.id === created.id)).toBe(false);
    const again = await inject('DELETE', `/api/master/redirects/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REDIRECT_MESSAGES.notFound);
    const unknown = await inject('POST', '/api/master/redirects', admin, {
      id: 999_999,
      from: '/x',
      to: '/News1',
      status: 301,
    });
    expect(unknown.statusCode).toBe(404);

    const entries = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'summary', 'user_name'])
      .where('target_type', '=', 'redirect')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        action: 'redirect.create',
        target_type: 'redirect',
        target_id: '/old-services',
        summary: 'Redirected /old-services to /Consulting1',
        user_name: 'boss',
      },
      {
        action: 'redirect.update',
        target_type: 'redirect',
        target_id: '/old-services',
        summary: 'Changed the redirect /old-services to https://partner.example/services?ref=folio',
        user_name: 'boss',
      },
      {
        action: 'redirect.delete',
        target_type: 'redirect',
        target_id: '/old-services',
        summary: 'Deleted the redirect from /old-services',
        user_name: 'boss',
      },
    ]);
  });

  it('answers 401 without a session and 403 to an editor, on every call', async () => {
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/master/redirects'],
      ['POST', '/api/master/redirects', { from: '/a', to: '/News1', status: 301 }],
      ['DELETE', '/api/master/redirects/1'],
      ['GET', '/api/master/redirects.csv'],
      ['GET', '/api/master/notfound'],
    ];
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, editor, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const csv = { 'content-type': 'text/csv' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/redirects.csv',
          headers: csv,
          payload: 'from,to\n/a,/News1\n',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/master/redirects.csv',
          headers: { ...editor.headers, ...csv },
          payload: 'from,to\n/a,/News1\n',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a from with a host, a bad to, a bad status, a live page’s address and Folio’s own addresses, each with a sentence', async () => {
    for (const from of ['https://elsewhere.example/page', '//elsewhere.example/page', 'elsewhere.example/page']) {
      expect(await refused({ from, to: '/News1', status: 301 }), from).toEqual({
        message: REDIRECT_MESSAGES.fromHost,
        field: 'from',
      });
    }
    for (const from of ['old-page', '/with space', '/query?x=1', '/frag#x', `/${'a'.repeat(300)}`, '/tab\there']) {
      expect(await refused({ from, to: '/News1', status: 301 }), from).toEqual({
        message: REDIRECT_MESSAGES.from,
        field: 'from',
      });
    }
    for (const to of [
      'http://insecure.example/',
      'ftp://files.example/',
      'javascript:alert(1)',
      'News1',
      '//elsewhere.example/x',
      '/a b',
      `https://x.example/${'a'.repeat(2000)}`,
      'https://user:pw@x.example/',
    ]) {
      expect(await refused({ from: '/somewhere', to, status: 301 }), to).toEqual({
        message: REDIRECT_MESSAGES.to,
        field: 'to',
      });
    }
    expect(await refused({ from: '/somewhere', to: '/News1', status: 307 })).toEqual({
      message: REDIRECT_MESSAGES.status,
      field: 'status',
    });
    expect(await refused({ from: '/Home1', to: '/News1', status: 301 })).toEqual({
      message: REDIRECT_MESSAGES.livePage('/Home1', 'Home'),
      field: 'from',
    });
    expect((await refused({ from: '/home1', to: '/News1', status: 301 })).message).toBe(
      '/home1 is the address of the live page Home: visitors reach the page there, so it cannot redirect.',
    );
    for (const from of ['/login', '/api/master/redirects', '/assets/x.js', '/hom', '/', '/user/12', '/robots.txt']) {
      expect(await refused({ from, to: '/News1', status: 301 }), from).toEqual({
        message: REDIRECT_MESSAGES.reserved(from),
        field: 'from',
      });
    }
    expect(await refused({ from: '/same', to: '/same', status: 301 })).toEqual({
      message: REDIRECT_MESSAGES.same,
      field: 'to',
    });
  });

  it('refuses a loop, and a from that has a redirect already (409)', async () => {
    await save('/loop-a', '/loop-b');
    expect(await refused({ from: '/loop-b', to: '/loop-a', status: 301 })).toEqual({
      message: REDIRECT_MESSAGES.loop('/loop-b', '/loop-a'),
      field: 'to',
    });
    expect((await refused({ from: '/loop-b', to: '/loop-a?x=1', status: 301 })).message).toBe(
      REDIRECT_MESSAGES.loop('/loop-b', '/loop-a?x=1'),
    );
    const taken = await inject('POST', '/api/master/redirects', admin, { from: '/loop-a', to: '/News1', status: 301 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(REDIRECT_MESSAGES.taken('/loop-a'));
  });

  it('compares addresses in one spelling before its rules: case, percent-encoding and a trailing slash (docs/design.md §34)', async () => {
    // A live page's address in another spelling is still the live page's.
    for (const from of ['/About1/', '/%41bout1', '/about1', '/%61bout1//']) {
      expect((await refused({ from, to: '/News1', status: 301 })).message, from).toBe(
        REDIRECT_MESSAGES.livePage(from, 'About us'),
      );
    }
    expect((await refused({ from: '/%6Cogin', to: '/News1', status: 301 })).message).toBe(
      REDIRECT_MESSAGES.reserved('/%6Cogin'),
    );
    // A loop through another spelling is a loop.
    await save('/Spell-A', '/spell-b');
    expect(await refused({ from: '/%73pell-b', to: '/spell-a/', status: 301 })).toEqual({
      message: REDIRECT_MESSAGES.loop('/spell-b', '/spell-a'),
      field: 'to',
    });
    expect((await refused({ from: '/SPELL-B/', to: '/%53pell-A', status: 301 })).message).toBe(
      REDIRECT_MESSAGES.loop('/SPELL-B', '/Spell-A'),
    );
    expect(await refused({ from: '/same-x/', to: '/SAME-%58', status: 301 })).toEqual({
      message: REDIRECT_MESSAGES.same,
      field: 'to',
    });
    // One redirect an address, in any spelling; stored decoded and without the slash; a live page's target in its own spelling.
    const taken = await inject('POST', '/api/master/redirects', admin, {
      from: '/spell-a/',
      to: '/News1',
      status: 301,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(REDIRECT_MESSAGES.taken('/Spell-A'));
    expect(await save('/%C3%9Cber-Alt/', '/about1/')).toMatchObject({ from: '/Über-Alt', to: '/About1' });
    expect(await save('/a%2fb%20c', '/News1')).toMatchObject({ from: '/a%2Fb%20c' });

    // Visitors reach a redirect in any spelling, as they reach live pages.
    await save('/About-Us-Old', '/About1');
    for (const path of ['/about-us-old', '/ABOUT-US-OLD/', '/%61bout-us-old', '/about-us-old?x=1']) {
      const answer = await visit(path);
      expect(answer.statusCode, path).toBe(301);
      expect(answer.headers.location, path).toBe(path.endsWith('?x=1') ? '/About1?x=1' : '/About1');
    }
    expect((await visit('/%C3%BCber-alt')).headers.location).toBe('/About1');
    expect((await visit('/A%2FB%20C')).headers.location).toBe('/News1');
    // A chain through another spelling flattens too.
    expect((await save('/spell-c', '/SPELL-A/')).to).toBe('/spell-b');
  });

  it('asks first before redirecting to an address on this site where nothing is (409 with confirm), and saves once confirmed', async () => {
    const body = { from: '/asks-first', to: '/Abuot1', status: 301 };
    const asked = await inject('POST', '/api/master/redirects', admin, body);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({ message: REDIRECT_MESSAGES.missingTarget('/Abuot1'), confirm: true, field: 'to' });
    expect(await targetOf('/asks-first')).toBeUndefined();
    const saved = await inject('POST', '/api/master/redirects', admin, { ...body, confirmed: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await targetOf('/asks-first')).toBe('/Abuot1');
    // Where something answers, nothing is asked: a page in any spelling, a redirect, Folio's own address, elsewhere.
    for (const [from, to] of [
      ['/asks-2', '/news1/'],
      ['/asks-3', '/asks-first'],
      ['/asks-4', '/login'],
      ['/asks-5', 'https://elsewhere.example/x'],
      ['/asks-6', '/Contact1?topic=jobs'],
    ]) {
      const response = await inject('POST', '/api/master/redirects', admin, { from, to, status: 301 });
      expect(response.statusCode, `${to}: ${response.body}`).toBe(200);
    }
    expect(await targetOf('/asks-2')).toBe('/News1');
    // A refusal comes before the question: a loop is refused, not asked about.
    expect((await refused({ from: '/Abuot1', to: '/asks-first', status: 301 })).message).toBe(
      REDIRECT_MESSAGES.loop('/Abuot1', '/asks-first'),
    );
  });

  it('stores a chain as its end, both ways: A→B with B→C is A→C; X→A becomes X→C', async () => {
    await save('/chain-b', '/chain-c');
    const a = await save('/chain-a', '/chain-b');
    expect(a.to).toBe('/chain-c');
    await save('/chain-x', '/chain-a?from=x');
    await save('/chain-c', '/News1');
    expect(await targetOf('/chain-a')).toBe('/News1');
    expect(await targetOf('/chain-b')).toBe('/News1');
    expect(await targetOf('/chain-x')).toBe('/News1?from=x');
    const audited = await db()
      .selectFrom('audit_log')
      .select(['summary', 'details'])
      .where('target_id', '=', '/chain-a')
      .where('action', '=', 'redirect.create')
      .executeTakeFirstOrThrow();
    expect(audited.summary).toBe('Redirected /chain-a to /chain-c (the end of the chain /chain-b led to)');
  });

  it('answers a redirect with its status, location and cache header, the query carried over when the target has none', async () => {
    await save('/moved-for-good', '/News1');
    await save('/moved-for-now', '/Contact1?topic=jobs', 302);
    const permanent = await visit('/moved-for-good?utm_source=mail');
    expect(permanent.statusCode).toBe(301);
    expect(permanent.headers.location).toBe('/News1?utm_source=mail');
    expect(permanent.headers['cache-control']).toBe('public, max-age=3600');
    expect(permanent.headers['content-security-policy']).toBeDefined();
    expect(permanent.body.length).toBeLessThan(40);
    const temporary = await visit('/moved-for-now?utm_source=mail');
    expect(temporary.statusCode).toBe(302);
    expect(temporary.headers.location).toBe('/Contact1?topic=jobs');
    expect(temporary.headers['cache-control']).toBe('no-cache');
    // An address as typed with letters outside ASCII is answered as browsers send it.
    await save('/über-uns', '/About1');
    expect((await visit('/%C3%BCber-uns')).headers.location).toBe('/About1');
    // The old short routes and the pages' own spellings win as before.
    expect((await visit('/hom')).headers.location).toBe('/Home1');
  });

  it('counts a redirect’s hits in memory and writes them at the flush, not per request', async () => {
    const counted = await save('/counted', '/News1');
    for (let i = 0; i < 3; i += 1) expect((await visit('/counted')).statusCode).toBe(301);
    expect((await list()).find((redirect) => redirect.id === counted.id)).toMatchObject({ hits: 0, lastHit: null });
    await t.app.visitCounts.flush();
    const after = (await list()).find((redirect) => redirect.id === counted.id)!;
    expect(after.hits).toBe(3);
    expect(Date.now() - Date.parse(after.lastHit!)).toBeLessThan(60_000);
    await visit('/counted');
    await t.app.visitCounts.flush();
    expect((await list()).find((redirect) => redirect.id === counted.id)!.hits).toBe(4);
  });

  it('exports the CSV and imports it again unchanged (round trip)', async () => {
    await save('/csv-one', '/About1');
    await save('/csv-two', 'https://partner.example/a,b?x="1"', 302);
    const exported = await inject('GET', '/api/master/redirects.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = exported.body;
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('"from","to","status"');
    expect(text).toContain('"/csv-two","https://partner.example/a,b?x=""1""","302"');
    const before = await list();

    for (const redirect of before)
      expect((await inject('DELETE', `/api/master/redirects/${redirect.id}`)).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    const imported = await inject('POST', '/api/master/redirects.csv', admin, text, { 'content-type': 'text/csv' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: before.length, errors: [] });
    const strip = (items: Saved[]) => items.map(({ from, to, status }) => ({ from, to, status }));
    expect(strip(await list())).toEqual(strip(before));
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('action', '=', 'redirect.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe(
      `Imported ${before.length} redirects from a CSV (${before.length} new, 0 changed, 0 lines refused)`,
    );
  });

  it('imports the good lines of a CSV and lists each bad one with its line and a sentence; a bad line writes nothing', async () => {
    await save('/csv-loop-b', '/csv-loop-a');
    const csv = [
      'from,to,status',
      '/csv-good,/News1,301',
      'https://elsewhere.example/x,/News1,301',
      '/csv-no-status,/About1',
      '/csv-bad-to,http://insecure.example/,301',
      '',
      '/csv-bad-status,/News1,303',
      '/csv-loop-a,/csv-loop-b,301',
      '/Home1,/News1,301',
      '/csv-chain,/csv-good,302',
      '/csv-columns',
      '"/csv-quoted, with comma",/News1,301',
    ].join('\n');
    const response = await inject('POST', '/api/master/redirects.csv', admin, csv, {
      'content-type': 'text/csv; charset=utf-8',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: 3,
      errors: [
        { line: 3, message: REDIRECT_MESSAGES.fromHost },
        { line: 5, message: REDIRECT_MESSAGES.to },
        { line: 7, message: REDIRECT_MESSAGES.status },
        { line: 8, message: REDIRECT_MESSAGES.loop('/csv-loop-a', '/csv-loop-b') },
        { line: 9, message: REDIRECT_MESSAGES.livePage('/Home1', 'Home') },
        { line: 11, message: REDIRECT_MESSAGES.csvColumns },
        { line: 12, message: REDIRECT_MESSAGES.from },
      ],
    });
    expect(await targetOf('/csv-good')).toBe('/News1');
    expect(await targetOf('/csv-no-status')).toBe('/About1');
    expect(await targetOf('/csv-chain')).toBe('/News1');
    expect((await list()).find((redirect) => redirect.from === '/csv-no-status')?.status).toBe(301);
    for (const from of ['/csv-bad-to', '/csv-bad-status', '/csv-loop-a', '/Home1'])
      expect(await targetOf(from), from).toBeUndefined();

    const empty = await inject('POST', '/api/master/redirects.csv', admin, 'from,to,status\n', {
      'content-type': 'text/csv',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(REDIRECT_MESSAGES.csvEmpty);
    const broken = await inject('POST', '/api/master/redirects.csv', admin, 'from,to\n"/unclosed,/News1\n', {
      'content-type': 'text/csv',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The CSV cannot be read: /);
    const json = await inject('POST', '/api/master/redirects.csv', admin, { from: '/a', to: '/b' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(REDIRECT_MESSAGES.csvType);
  });

  it('renaming a page made without code redirects its old public address to the new one (301), audited; a chain to it follows', async () => {
    const master = (name: string, payload: object) => inject('POST', `/api/master/${name}`, admin, payload);
    const created = await master('savePageCreation', {
      filename: 'Vacancies',
      dspname: 'Vacancies',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    await save('/jobs', '/Vacancies1');
    // Renaming to a name whose address had a redirect: the page answers there now, and the redirect goes.
    await save('/Careers1', '/News1');
    const renamed = await master('savePageCreation', {
      id,
      filename: 'Careers',
      dspname: 'Careers',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await targetOf('/Vacancies1')).toBe('/Careers1');
    expect(await targetOf('/jobs')).toBe('/Careers1');
    expect(await targetOf('/Careers1')).toBeUndefined();
    expect((await list()).find((redirect) => redirect.from === '/Vacancies1')?.status).toBe(301);
    const moved = await visit('/Vacancies1');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/Careers1');
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target_id', '=', '/Vacancies1')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: 'redirect.create',
      summary: 'Redirected /Vacancies1 to /Careers1 (page Careers renamed)',
    });
    // Renaming back: the old address is the page's again, and the redirect from the other one leads there.
    const back = await master('savePageCreation', {
      id,
      filename: 'Vacancies',
      dspname: 'Vacancies',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await targetOf('/Vacancies1')).toBeUndefined();
    expect(await targetOf('/Careers1')).toBe('/Vacancies1');
    expect(await targetOf('/jobs')).toBe('/Vacancies1');
    expect((await visit('/Vacancies1')).statusCode).toBe(200);
  });

  it('counts 404s by path with the last referrer at the flush; Folio’s files and known probes are kept out', async () => {
    await visit('/missing-page', { referer: 'https://search.example/?q=firm' });
    await visit('/missing-page');
    await visit('/missing-page', { referer: `  https://blog.example/post${'x'.repeat(600)}  ` });
    await visit('/another-missing');
    for (const probe of [
      '/wp-admin/setup.php',
      '/wp-login.php',
      '/xmlrpc.php',
      '/.env',
      '/.git/config',
      '/phpmyadmin/',
      '/cgi-bin/luci',
      '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
      '/backup.sql',
    ])
      expect((await visit(probe)).statusCode, probe).toBe(404);
    expect((await visit('/assets/missing.js')).statusCode).toBe(404);
    expect((await visit('/api/master/nothing-here')).statusCode).toBe(404);
    await t.app.inject({ method: 'HEAD', url: '/head-only' });
    expect(
      ((await inject('GET', '/api/master/notfound')).json() as { items: unknown[] }).items.some((item) =>
        JSON.stringify(item).includes('missing-page'),
      ),
    ).toBe(false);

    await t.app.visitCounts.flush();
    const { items } = (await inject('GET', '/api/master/notfound')).json() as {
      items: Array<{ path: string; hits: number; lastSeen: string; referrer: string | null }>;
    };
    expect(items[0]).toEqual({
      path: '/missing-page',
      hits: 3,
      lastSeen: expect.any(String),
      referrer: `https://blog.example/post${'x'.repeat(475)}`,
    });
    expect(items.find((item) => item.path === '/another-missing')).toEqual({
      path: '/another-missing',
      hits: 1,
      lastSeen: expect.any(String),
      referrer: null,
    });
    expect(
      items
        .map((item) => item.path)
        .filter((path) =>
          /wp-|xmlrpc|\.env|\.git|phpmyadmin|cgi-bin|phpunit|\.sql|assets|\/api\/|head-only/.test(path),
        ),
    ).toEqual([]);

    // Creating a redirect from a logged address takes it off the log.
    await save('/another-missing', '/News1');
    expect(
      ((await inject('GET', '/api/master/notfound')).json() as { items: Array<{ path: string }> }).items.some(
        (item) => item.path === '/another-missing',
      ),
    ).toBe(false);
  });

  it('keeps the 404 log to the 1,000 paths asked for most: the fewest hits, the oldest of those, go', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    await db().deleteFrom('not_found').execute();
    for (let i = 0; i < NOT_FOUND_LOG_SIZE + 50; i += 1) {
      await addNotFoundHits(db(), {
        path: `/gone-${i}`,
        hits: i < 50 ? 1 : 2,
        last_seen: new Date(base + i * 1000).toISOString(),
        referrer: null,
      });
    }
    await addNotFoundHits(db(), {
      path: '/gone-fresh',
      hits: 1,
      last_seen: new Date(base + 10_000_000).toISOString(),
      referrer: null,
    });
    expect(await trimNotFound(db(), NOT_FOUND_LOG_SIZE)).toBe(51);
    const kept = await db().selectFrom('not_found').select('path').execute();
    expect(kept).toHaveLength(NOT_FOUND_LOG_SIZE);
    expect(kept.some((row) => row.path === '/gone-49')).toBe(false);
    expect(kept.some((row) => row.path === '/gone-50')).toBe(true);

    // Through the site: a flush of new 404s trims the log the same way.
    await visit('/brand-new-missing');
    await visit('/brand-new-missing');
    await visit('/brand-new-missing');
    await t.app.visitCounts.flush();
    const listed = (
      (await inject('GET', '/api/master/notfound')).json() as { items: Array<{ path: string; hits: number }> }
    ).items;
    expect(listed).toHaveLength(NOT_FOUND_LOG_SIZE);
    expect(listed[0]).toMatchObject({ path: '/brand-new-missing', hits: 3 });
    expect(
      await db().selectFrom('not_found').select('path').where('path', '=', '/gone-fresh').executeTakeFirst(),
    ).toBeUndefined();
  });
});
