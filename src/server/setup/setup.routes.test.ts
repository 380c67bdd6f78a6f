import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDocument as CONTACT_DEMO_DOCUMENT } from '../../core/content/contact';
import { COMPANY_MESSAGES } from '../../core/schemas/company';
import { captureLogs } from '../test-support/logs';
import { pendingSetupCode } from './setup.service';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { logIn } from '../test-support/sessions';
import { multipartBody, testImage } from '../test-support/uploads';

const company = {
  companyCode: 'ACME01',
  companyName: 'Acme Systems',
  address: '12 FC Road, Pune',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411004',
  country: 'India',
  websiteUrl: 'https://acme.example.in',
  contact: '9822012345',
  email: 'Office@Acme.Example.IN',
};

describe.each(testDialects())('first-run setup on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const setup = (payload: unknown, address = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload: payload as object, remoteAddress: address });
  const code = async () => (await pendingSetupCode(t.app.tenants.default)) ?? '';
  const sendLogo = async (setupCode: string) => {
    const body = multipartBody(
      { setupCode },
      { name: 'acme-logo.png', type: 'image/png', data: await testImage(400, 120, 'png') },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/setup/logo',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: '10.0.0.5',
    });
  };
  const companyImages = () =>
    t.app.tenants.default.db.selectFrom('media').selectAll().where('folder', '=', 'company').execute();
  let logo = '';

  it('is pending on an empty database without ADMIN_PASSWORD, with a code in the log', async () => {
    expect(await code()).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const info = (await t.app.inject({ method: 'GET', url: '/api/auth/session' })).json();
    expect(info).toMatchObject({ authenticated: false, setupPending: true });
  });

  it('refuses a wrong setup code and creates nobody', async () => {
    const response = await setup({
      company,
      username: 'boss',
      password: 'long-enough-password',
      setupCode: 'AAAA-BBBB-CCCC',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The setup code is not correct.');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { username: 'boss', password: 'long-enough-password' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it.each([
    [{ ...company, companyCode: 'AB' }, COMPANY_MESSAGES.companyCode],
    [{ ...company, companyName: 'x'.repeat(31) }, COMPANY_MESSAGES.companyName],
    [{ ...company, address: 'abc' }, COMPANY_MESSAGES.address],
    [{ ...company, pincode: '41a004' }, COMPANY_MESSAGES.pincode],
    [{ ...company, contact: '12345' }, COMPANY_MESSAGES.contact],
    [{ ...company, email: 'nope' }, COMPANY_MESSAGES.email],
    [{ ...company, city: 'Pu' }, COMPANY_MESSAGES.optional20],
    [{ ...company, websiteUrl: 'javascript:alert(1)' }, COMPANY_MESSAGES.websiteUrl],
  ])('refuses invalid company details with the spec message (%#)', async (details, message) => {
    const response = await setup({
      company: details,
      username: 'boss',
      password: 'long-enough-password',
      setupCode: await code(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('limits setup attempts per address (429 after 30 in 15 minutes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await setup({ company, username: 'x', password: 'y', setupCode: 'z' }, '10.0.0.9')).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a short password', async () => {
    const response = await setup({ company, username: 'boss', password: 'short', setupCode: await code() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('at least 12 characters');
  });

  it("takes the firm's logo before anyone can sign in, with the setup code only (docs/design.md §34)", async () => {
    const wrong = await sendLogo('AAAA-BBBB-CCCC');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'The setup code is not correct.', field: 'setupCode' });
    expect(await companyImages()).toEqual([]);
    const right = await sendLogo(await code());
    expect(right.statusCode, right.body).toBe(200);
    logo = right.json().url;
    expect(logo).toMatch(/^\/uploads\/photos\/company\/[0-9a-f]{24}_400x120\.png$/);
    // In the media library under the file's name, uploaded by nobody yet; the audit log says it was the setup.
    expect((await companyImages()).map((row) => [row.title, row.uploaded_by])).toEqual([['acme-logo', null]]);
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
    const entry = await t.app.tenants.default.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'image.upload')
      .executeTakeFirstOrThrow();
    expect([entry.user_name, entry.summary]).toEqual([
      'setup',
      `Uploaded image ${logo.split('/').pop()} for the first-run setup`,
    ]);
  });

  it('creates the company details and the first administrator, who can then log in', async () => {
    const response = await setup(
      {
        company: { ...company, logo },
        username: 'boss',
        password: 'long-enough-password',
        setupCode: (await code()).toLowerCase(),
      },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success' });
    const admin = await logIn(t.app, 'boss', 'long-enough-password');
    expect(admin.body).toMatchObject({ usergroupid: 1, companyName: 'Acme Systems', companyCode: 'ACME01' });
    const details = (
      await t.app.inject({ method: 'POST', url: '/api/master/getCompanyDetails', headers: admin.headers, payload: {} })
    ).json();
    expect(details.email).toBe('office@acme.example.in');
    const home = (await t.app.inject({ method: 'GET', url: '/Home1' })).body;
    expect(home).toContain('Acme Systems');
    // The logo uploaded at setup is the public header's.
    expect(home).toMatch(
      new RegExp(
        `<img[^>]*class="brand__logo"[^>]*src="${logo.replace(/\./g, '\\.')}"|<img[^>]*src="${logo.replace(/\./g, '\\.')}"[^>]*class="brand__logo"`,
      ),
    );
    // The audit log (docs/design.md §21) names the first administrator and the address, never the password or the code.
    const audited = await t.app.tenants.default.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['company.update', 'user.create'])
      .orderBy('id')
      .execute();
    expect(audited.map((e) => [e.action, e.target_id, e.user_name, e.ip])).toEqual([
      ['company.update', 'ACME01', 'boss', '10.0.0.2'],
      ['user.create', 'boss', 'boss', '10.0.0.2'],
    ]);
    expect(JSON.stringify(audited)).not.toMatch(/long-enough-password|[0-9A-F]{4}-[0-9A-F]{4}/i);
  });

  it("fills the Contact page's demo address, e-mail and phone from the company details, as a published revision (docs/design.md §24)", async () => {
    const contact = (await t.app.inject({ method: 'GET', url: '/api/pages/Contact1' })).json();
    expect(contact).toMatchObject({
      revision: 2,
      address: 'Acme Systems\n12 FC Road, Pune\nPune 411004\nMaharashtra, India',
      email: 'office@acme.example.in',
      phone: '+91 98220 12345',
      // What the company form does not hold stays.
      maplink: CONTACT_DEMO_DOCUMENT.maplink,
      lead: CONTACT_DEMO_DOCUMENT.lead,
    });
    const html = (await t.app.inject({ method: 'GET', url: '/Contact1' })).body;
    for (const text of ['12 FC Road, Pune', 'office@acme.example.in', '+91 98220 12345']) expect(html).toContain(text);
    for (const demo of ['Sahyog Chambers', CONTACT_DEMO_DOCUMENT.email, CONTACT_DEMO_DOCUMENT.phone])
      expect(html).not.toContain(demo);
    // Audited as a publication by the first administrator, and in the page's history.
    const entry = await t.app.tenants.default.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'page.publish')
      .where('target_id', '=', 'Contact')
      .executeTakeFirstOrThrow();
    expect([entry.user_name, entry.summary]).toEqual([
      'boss',
      "Published Contact (revision 2) with the company's address, e-mail, phone (first-run setup)",
    ]);
    const admin = await logIn(t.app, 'boss', 'long-enough-password');
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/master/history/Contact', headers: admin.headers })
    ).json();
    expect(history).toMatchObject({
      published: 2,
      revisions: [{ revision: 2, savedBy: 'boss', status: 'published' }, { revision: 1 }],
    });
  });

  it("gives the Contact editor the company's details as the Contact page shows them", async () => {
    const admin = await logIn(t.app, 'boss', 'long-enough-password');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/master/getCompanyContact',
      headers: admin.headers,
      payload: {},
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      address: 'Acme Systems\n12 FC Road, Pune\nPune 411004\nMaharashtra, India',
      email: 'office@acme.example.in',
      phone: '+91 98220 12345',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/master/getCompanyContact', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('cannot be run twice', async () => {
    const response = await setup(
      { company, username: 'intruder', password: 'long-enough-password', setupCode: 'AAAA-BBBB-CCCC' },
      '10.0.0.3',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already set up/);
    expect((await sendLogo('AAAA-BBBB-CCCC')).statusCode).toBe(409);
    const info = (await t.app.inject({ method: 'GET', url: '/api/auth/session' })).json();
    expect(info.setupPending).toBe(false);
  });
});

/** docs/design.md §18: the setup code lives in the database; every instance on one empty database prints the same one. */
describe.each(testDialects())('the setup code across instances (%s)', (dialect) => {
  const logged: string[] = [];
  const logStream = () => captureLogs(logged).stream;
  const codesIn = (lines: string[]) =>
    [...lines.join('').matchAll(/"setupCode":"([0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4})"/g)].map((m) => m[1]!);
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(dialect, { LOG_LEVEL: 'warn' }, { logStream: logStream() });
    b = await createTestApp(dialect, { LOG_LEVEL: 'warn' }, { logStream: logStream(), sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('prints one code on both; setup through one with it is done for both; a later start prints none', async () => {
    const codes = codesIn(logged);
    expect(codes).toHaveLength(2);
    expect(codes[0]).toBe(codes[1]);
    const code = codes[0]!;
    const done = await b.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { company, username: 'boss', password: 'long-enough-password', setupCode: code },
      remoteAddress: '10.0.1.1',
    });
    expect(done.statusCode).toBe(200);
    const again = await a.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { company, username: 'other', password: 'long-enough-password', setupCode: code },
      remoteAddress: '10.0.1.2',
    });
    expect(again.statusCode).toBe(409);
    expect((await logIn(a.app, 'boss', 'long-enough-password')).body).toMatchObject({ usergroupid: 1 });
    logged.length = 0;
    const c = await createTestApp(dialect, { LOG_LEVEL: 'warn' }, { logStream: logStream(), sameDatabaseAs: a });
    await c.close();
    expect(codesIn(logged)).toEqual([]);
  });
});

/** One set of contact details (docs/design.md §24): setup fills only what is still the demo's, and leaves work in progress. */
describe.each(testDialects())('setup on a site whose Contact page was edited (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));

  /** A fresh site waiting for setup, its Contact page saved once more with `fields`, as `status`. */
  async function siteWithContact(fields: Record<string, string>, status: 'published' | 'draft') {
    const t = await createTestApp(dialect);
    apps.push(t);
    const db = t.app.tenants.default.db;
    const seeded = await db
      .selectFrom('page_revisions')
      .select('document')
      .where('page_id', '=', 11)
      .where('revision', '=', 1)
      .executeTakeFirstOrThrow();
    const document = { ...JSON.parse(seeded.document), ...fields, revision: 2 };
    await db
      .insertInto('page_revisions')
      .values({
        page_id: 11,
        revision: 2,
        document: JSON.stringify(document),
        saved_by: null,
        saved_by_name: 'earlier',
        saved_at: new Date().toISOString(),
        status,
        publish_at: null,
      })
      .execute();
    const code = (await pendingSetupCode(t.app.tenants.default))!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { company, username: 'boss', password: 'long-enough-password', setupCode: code },
    });
    expect(done.statusCode, done.body).toBe(200);
    return {
      t,
      revisions: async () =>
        (await db.selectFrom('page_revisions').select('revision').where('page_id', '=', 11).execute()).length,
    };
  }
  const contactOf = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/pages/Contact1' })).json();

  it("leaves the firm's own details, and fills only what is still the demo's", async () => {
    const own = {
      address: 'Our own office\nBaner Road\nPune 411045',
      email: 'hello@own.example',
      phone: '+91 20 1111 2222',
    };
    const edited = await siteWithContact(own, 'published');
    expect(await edited.revisions()).toBe(2);
    expect(await contactOf(edited.t)).toMatchObject({ revision: 2, ...own });

    const addressOnly = await siteWithContact({ address: own.address }, 'published');
    expect(await contactOf(addressOnly.t)).toMatchObject({
      revision: 3,
      address: own.address,
      email: 'office@acme.example.in',
      phone: '+91 98220 12345',
    });
  });

  it('leaves the page alone while a draft waits on top of what is published', async () => {
    const drafted = await siteWithContact({ lead: 'A draft in progress.' }, 'draft');
    expect(await drafted.revisions()).toBe(2);
    expect(await contactOf(drafted.t)).toMatchObject({ revision: 1, address: CONTACT_DEMO_DOCUMENT.address });
  });
});
