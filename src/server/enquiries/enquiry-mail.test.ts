import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { freePort, TestSmtpServer } from '../test-support/smtp';
import { testImage, uploadImage } from '../test-support/uploads';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { TenantCache } from '../tenants/tenant-cache';
import type { Tenant } from '../tenants/tenants';
import { createUser } from '../users/users.service';
import { JobRunner } from '../jobs/job-runner';
import { MailOutbox } from './mail-outbox';
import { FORM_COOKIE, issueFormToken } from './spam-guard';

const RECIPIENT = 'sales@innovo.example';
const enquiry = (n = 1) => ({
  organization: `Deccan Tools ${n} Pvt. Ltd.`,
  name: `Priya Patil ${n}`,
  email: `priya.${n}@example.in`,
  mobile: '9876543210',
  requirements: `We need a CRM for ${n} service engineers. <script>alert(1)</script> & more`,
});
const MINUTE = 60_000;
const later = (ms: number) => () => new Date(Date.now() + ms);

/** Posts the contact form's JSON call as a visitor who opened the page `age` ms ago (the spam guard's cookie). */
async function submit(t: TestApp, body: object, options: { age?: number | null; address?: string } = {}) {
  const age = options.age === undefined ? 10_000 : options.age;
  const cookie =
    age === null ? undefined : `${FORM_COOKIE}=${await issueFormToken(t.app.tenants.default, Date.now() - age)}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/master/savecont2',
    remoteAddress: options.address ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

async function adminOf(t: TestApp): Promise<LoggedIn> {
  await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
  return logIn(t.app, 'boss', ADMIN_PASSWORD);
}

const list = async (t: TestApp, admin: LoggedIn, body: object = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/master/getenquiries',
    headers: admin.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: Array<{
      id: number;
      name: string;
      status: string;
      mail: { state: string; lastError: string | null; attempts: number };
    }>;
    totalItems: number;
    mailConfigured: boolean;
  };
};
const call = (t: TestApp, admin: LoggedIn, name: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: admin.headers, payload });

describe.each(testDialects())('enquiry mail through a real SMTP server on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url, CONTACT_RECIPIENT: RECIPIENT });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  afterEach(() => {
    smtp.refuse = null;
  });

  it('mails an enquiry to the configured recipient only, Reply-To the enquirer, every field escaped', async () => {
    const before = smtp.received.length;
    const response = await submit(t, { ...enquiry(1), recepientmail: 'victim@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success' });
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo).toEqual([RECIPIENT]);
    expect(JSON.stringify(mail.parsed.to)).not.toContain('victim');
    expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Priya Patil 1', address: 'priya.1@example.in' }]);
    expect(mail.parsed.subject).toBe('Enquiry from Deccan Tools 1 Pvt. Ltd. (Priya Patil 1)');
    for (const value of [
      'Deccan Tools 1 Pvt. Ltd.',
      'Priya Patil 1',
      'priya.1@example.in',
      '9876543210',
      'We need a CRM for 1 service engineers. <script>alert(1)</script> & more',
    ]) {
      expect(mail.parsed.text).toContain(value);
    }
    expect(mail.parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail.parsed.html).not.toContain('<script>');
    const shown = (await list(t, admin, { searchText: 'Priya Patil 1' })).items[0]!;
    expect(shown.mail).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    // Sent once: another pass sends nothing again.
    await t.app.jobs.tick(later(2 * 24 * 60 * MINUTE));
    expect(smtp.received).toHaveLength(before + 1);
  });

  it.each([
    ['the name', { name: 'Priya\r\nBcc: everyone@example.com' }],
    ['the e-mail', { email: 'priya@example.in\nBcc: everyone@example.com' }],
    ['the organisation', { organization: 'Deccan\rTools' }],
  ])('refuses a line break in %s with 400, storing and mailing nothing', async (_what, change) => {
    const before = (await list(t, admin, { status: 'New' })).totalItems;
    const response = await submit(t, { ...enquiry(2), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/one line|Valid email is required/);
    expect((await list(t, admin, { status: 'New' })).totalItems).toBe(before);
  });

  it.each([
    ['the honeypot is filled in', { website: 'http://cheap-pills.example' }, 10_000],
    ['the page was not opened (no cookie)', {}, null],
    [
      'it comes within the minimum fill time with a link in it',
      { requirements: 'Cheap backlinks: https://seo.example/offer' },
      1_000,
    ],
    ['the page was opened more than a day ago', {}, 25 * 60 * MINUTE],
  ])('stores an enquiry as Spam, unmailed, with the same answer, when %s', async (_what, extra, age) => {
    const sent = smtp.received.length;
    const name = `Spammy ${Math.random()}`;
    const response = await submit(t, { ...enquiry(3), name, ...extra }, { age });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success' });
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(sent);
    expect((await list(t, admin, { searchText: name })).items).toEqual([]);
    const spam = (await list(t, admin, { searchText: name, status: 'Spam' })).items;
    expect(spam).toHaveLength(1);
    expect(spam[0]!.mail.state).toBe('none');
  });

  // Autofill sends a real person's enquiry within a second (docs/design.md §34): speed alone never quarantines.
  it.each([
    ['sent within the minimum fill time without a link (autofill)', 'Please call me about the CRM.', 200],
    ['with a link, sent after the minimum fill time', 'Our site is https://deccan.example', 10_000],
  ])('mails an enquiry %s', async (_what, requirements, age) => {
    const sent = smtp.received.length;
    const name = `Quick ${Math.random()}`;
    expect((await submit(t, { ...enquiry(6), name, requirements }, { age })).json()).toEqual({ message: 'Success' });
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(sent + 1);
    expect((await list(t, admin, { searchText: name })).items.map((item) => item.status)).toEqual(['New']);
  });

  it('refuses a forged cookie as spam', async () => {
    const name = `Forged ${Math.random()}`;
    const forged = `${Date.now() - 60_000}.${'A'.repeat(43)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/master/savecont2',
      remoteAddress: '10.8.0.1',
      headers: { 'content-type': 'application/json', cookie: `${FORM_COOKIE}=${forged}` },
      payload: JSON.stringify({ ...enquiry(4), name }),
    });
    expect(response.json()).toEqual({ message: 'Success' });
    expect((await list(t, admin, { searchText: name, status: 'Spam' })).totalItems).toBe(1);
  });

  it('marks a mail refused with 550 as failed with that answer; Resend sends it once the server takes it', async () => {
    smtp.refuse = { code: 550, message: 'Mailbox unavailable' };
    const sent = smtp.received.length;
    await submit(t, enquiry(5));
    await t.app.jobs.tick();
    const [failed] = (await list(t, admin, { searchText: 'Priya Patil 5' })).items;
    expect(failed!.mail.state).toBe('failed');
    expect(failed!.mail.lastError).toMatch(/550.*Mailbox unavailable/);
    expect((await list(t, admin, { mailState: 'failed' })).items.map((i) => i.id)).toContain(failed!.id);
    // A permanent refusal is not retried by itself.
    await t.app.jobs.tick(later(10 * MINUTE));
    expect(smtp.received).toHaveLength(sent);

    smtp.refuse = null;
    const resend = await call(t, admin, 'resendEnquiry', { id: failed!.id });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toEqual({ message: 'The mail will be sent again now.' });
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(sent + 1);
    expect(smtp.received.at(-1)!.parsed.subject).toContain('Priya Patil 5');
    expect((await list(t, admin, { searchText: 'Priya Patil 5' })).items[0]!.mail.state).toBe('sent');
    const again = await call(t, admin, 'resendEnquiry', { id: failed!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The mail of this enquiry was sent already.');
  });

  it("starts with the firm's name until it has a logo of its own, then with the logo at its PUBLIC_BASE_URL address, named by the firm (docs/design.md §34)", async () => {
    const mailOf = async (n: number) => {
      const sent = smtp.received.length;
      expect((await submit(t, enquiry(n))).statusCode).toBe(200);
      await t.app.jobs.tick();
      expect(smtp.received).toHaveLength(sent + 1);
      return smtp.received.at(-1)!.parsed;
    };
    // The demo company's logo field is its sharing picture, no logo of a firm: the name, in bold, and no image.
    const demo = await mailOf(6);
    expect(demo.html).toMatch(/^<p style="[^"]*font-weight:bold">Innovo Software Pvt\. Ltd\.<\/p>/);
    expect(demo.html).not.toContain('<img');

    const upload = await uploadImage(
      t.app,
      { page: 'company' },
      { name: 'logo.png', type: 'image/png', data: await testImage(600, 150, 'png') },
      admin,
    );
    const logo = (upload.json() as { url: string }).url;
    const company = (await call(t, admin, 'getCompanyDetails', {})).json();
    expect((await call(t, admin, 'saveCompanyDetails', { ...company, logo })).statusCode).toBe(200);
    try {
      const mail = await mailOf(7);
      const address = `${t.config.publicBaseUrl}${logo.slice(1)}`;
      expect(address).toMatch(/^http:\/\/[^/]+\/uploads\/photos\/company\/[0-9a-f]{24}_600x150\.png$/);
      // Its own shape within 240 × 48, at the top of the HTML; the text names the firm in its first line, as before.
      expect(mail.html).toMatch(
        new RegExp(
          `^<p style="margin:0 0 16px"><img src="${address.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" alt="Innovo Software Pvt\\. Ltd\\." width="192" height="48" `,
        ),
      );
      expect(mail.text).toMatch(/^A new enquiry from the contact form of Innovo Software Pvt\. Ltd\./);
      expect((await t.app.inject({ method: 'GET', url: new URL(address).pathname })).headers['content-type']).toBe(
        'image/png',
      );
    } finally {
      expect((await call(t, admin, 'saveCompanyDetails', company)).statusCode).toBe(200);
    }
  });
});

describe.each(testDialects())('enquiry mail while the SMTP server is down on %s', (dialect) => {
  let port: number;
  let t: TestApp;
  let admin: LoggedIn;
  let smtp: TestSmtpServer | null = null;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_RECIPIENT: RECIPIENT });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('accepts 5 enquiries while it is down, retries, and delivers each exactly once when it is back', async () => {
    for (let n = 1; n <= 5; n += 1) expect((await submit(t, enquiry(n))).statusCode).toBe(200);
    await t.app.jobs.tick();
    const waiting = await list(t, admin);
    expect(waiting.items.map((i) => i.mail.state)).toEqual(Array(5).fill('retrying'));
    expect(waiting.items[0]!.mail.lastError).toMatch(/ECONNREFUSED/);
    // Not due yet: nothing is tried before the planned time.
    await t.app.jobs.tick();
    expect((await list(t, admin)).items.every((i) => i.mail.attempts === 1)).toBe(true);

    smtp = await new TestSmtpServer().start(port);
    await t.app.jobs.tick(later(5 * MINUTE));
    await t.app.jobs.tick(later(60 * MINUTE));
    expect(smtp.received).toHaveLength(5);
    const ids = smtp.received.map((m) => m.parsed.headers.get('x-folio-enquiry'));
    expect(new Set(ids).size).toBe(5);
    expect((await list(t, admin)).items.map((i) => i.mail.state)).toEqual(Array(5).fill('sent'));
  });

  it('gives up a day after the enquiry, with the last error shown', async () => {
    await smtp!.stop();
    await submit(t, enquiry(9));
    await t.app.jobs.tick();
    await t.app.jobs.tick(later(25 * 60 * MINUTE));
    const [row] = (await list(t, admin, { searchText: 'Priya Patil 9' })).items;
    expect(row!.mail.state).toBe('failed');
    expect(row!.mail.lastError).toMatch(/ECONNREFUSED/);
  });
});

describe.each(testDialects())('without SMTP configured on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await adminOf(t);
  });
  afterAll(async () => t?.close());

  it('stores and lists enquiries, says mail is not configured, and keeps the mail waiting', async () => {
    expect((await submit(t, enquiry(1))).statusCode).toBe(200);
    await t.app.jobs.tick();
    const answer = await list(t, admin);
    expect(answer.mailConfigured).toBe(false);
    expect(answer.items[0]!.mail.state).toBe('queued');
  });
});

// Two instances on one PostgreSQL database: each job is claimed by one worker (FOR UPDATE SKIP LOCKED).
describe.runIf(testDialects().includes('postgres'))('two workers on one PostgreSQL database', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let second: Tenant;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp('postgres', { SMTP_URL: smtp.url, CONTACT_RECIPIENT: RECIPIENT });
    const handle = openDatabase({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
      sqliteFile: 'unused.sqlite',
    });
    second = { name: 'default', db: handle.db, dialect: handle.dialect, cache: new TenantCache() };
  });
  afterAll(async () => {
    await second?.db.destroy();
    await t?.close();
    await smtp?.stop();
  });

  it('never sends the same job twice', async () => {
    for (let n = 1; n <= 30; n += 1) expect((await submit(t, enquiry(n))).statusCode).toBe(200);
    const other = new JobRunner(() => [second], t.app.log);
    new MailOutbox(t.config, t.app.log, other);
    await Promise.all([t.app.jobs.tick(), other.tick(), t.app.jobs.tick(), other.tick()]);
    await other.stop();
    const ids = smtp.received.map((m) => m.parsed.headers.get('x-folio-enquiry'));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
