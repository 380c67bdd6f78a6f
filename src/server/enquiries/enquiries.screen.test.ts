import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPageByKey } from '../../core/pages';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { FORM_COOKIE, issueFormToken } from './spam-guard';

/** The enquiries screen's calls (docs/design.md §15) and the contact form without JavaScript. */
describe.each(testDialects())('the enquiries screen on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let outsider: LoggedIn;
  let reader: LoggedIn;
  const db = () => t.app.tenants.default.db;

  /** An enquiry stored as the form stores it, `minutesAgo` old. */
  const store = async (
    values: Partial<{
      name: string;
      organization: string;
      email: string;
      requirements: string;
      status: 'New' | 'Handled' | 'Spam';
    }>,
    minutesAgo = 0,
  ) => {
    const row = await db()
      .insertInto('enquiries')
      .values({
        organization: values.organization ?? 'Acme',
        name: values.name ?? 'Someone',
        email: values.email ?? 'someone@example.in',
        mobile: '9876543210',
        requirements: values.requirements ?? 'A CRM, please.',
        created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        status: values.status ?? 'New',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(db(), { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    await createEditor(t.app, 'outsider');
    outsider = await logIn(t.app, 'outsider', EDITOR_PASSWORD);
    // A user whose own menu holds the enquiries screen only.
    const readerId = await createEditor(t.app, 'reader');
    await db()
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: readerId,
        parent_id: null,
        page_id: 24,
        label: 'Enquiries',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    reader = await logIn(t.app, 'reader', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const post = (name: string, payload: object, who: LoggedIn | null = admin) =>
    t.app.inject({ method: 'POST', url: `/api/master/${name}`, headers: who?.headers ?? {}, payload });
  const list = async (payload: object = {}, who: LoggedIn = admin) => {
    const response = await post('getenquiries', payload, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: Array<{ id: number; name: string; status: string; createdAt: string }>;
      totalItems: number;
      mailConfigured: boolean;
    };
  };

  it('lists newest first, 10 a page, New and Handled unless Spam is asked for', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await store({ name: `Pager ${i}` }, 100 - i));
    const spam = await store({ name: 'Pager spam', status: 'Spam' }, 1);
    const first = await list({ pageno: 1, searchText: 'Pager' });
    expect(first.totalItems).toBe(12);
    expect(first.items.map((i) => i.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Pager ${11 - i}`));
    expect((await list({ pageno: 2, searchText: 'Pager' })).items.map((i) => i.name)).toEqual(['Pager 1', 'Pager 0']);
    expect((await list({ searchText: 'Pager', status: 'Spam' })).items.map((i) => i.id)).toEqual([spam]);
    expect(first.mailConfigured).toBe(false);
  });

  it('searches the words of name, organisation, e-mail and text; % and _ are never wildcards', async () => {
    await store({
      name: 'Meera Joshi',
      organization: 'Kolhapur Sugar',
      email: 'meera@sugar.example',
      requirements: 'Need 100% uptime_now',
    });
    for (const text of ['meera joshi', 'KOLHAPUR', 'sugar.example', '100%', 'uptime_now']) {
      expect(
        (await list({ searchText: text })).items.map((i) => i.name),
        text,
      ).toEqual(['Meera Joshi']);
    }
    expect((await list({ searchText: '1000%' })).items).toEqual([]);
    // Words are searched (full text): '_' alone is no word and finds nothing; it is never a wildcard.
    expect((await list({ searchText: '_' })).items).toEqual([]);
  });

  it('changes the status, deletes, and answers 404 for an enquiry that is gone', async () => {
    const id = await store({ name: 'Status walker' });
    const handled = await post('changeEnquiryStatus', { id, status: 'Handled' });
    expect(handled.json()).toEqual({ message: 'The enquiry is marked Handled.' });
    expect((await list({ searchText: 'Status walker', status: 'Handled' })).items.map((i) => i.id)).toEqual([id]);
    expect((await post('changeEnquiryStatus', { id, status: 'Closed' })).statusCode).toBe(400);
    const deleted = await post('deleteEnquiry', { id });
    expect(deleted.json()).toEqual({ message: 'The enquiry was deleted.' });
    expect((await list({ searchText: 'Status walker', status: 'Handled' })).items).toEqual([]);
    const gone = await post('deleteEnquiry', { id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('There is no enquiry with this id (it may have been deleted).');
    expect((await post('changeEnquiryStatus', { id, status: 'New' })).statusCode).toBe(404);
  });

  it('queues a mail on Resend for an enquiry without one, and refuses Resend for spam', async () => {
    const old = await store({ name: 'Before mail existed' });
    const resend = await post('resendEnquiry', { id: old });
    expect(resend.json()).toEqual({
      message: 'The mail is queued: it is sent once mail is configured (SMTP_URL and CONTACT_RECIPIENT).',
    });
    const job = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'enquiry-mail')
      .where('key', '=', String(old))
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('queued');
    const onItsWay = await post('resendEnquiry', { id: old });
    expect(onItsWay.statusCode).toBe(409);
    const spam = await store({ name: 'Spam resend', status: 'Spam' });
    const refused = await post('resendEnquiry', { id: spam });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A spam enquiry is not mailed: mark it New first, then send it.');
    // Deleting an enquiry deletes its mail job.
    await post('deleteEnquiry', { id: old });
    expect(
      await db()
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', 'enquiry-mail')
        .where('key', '=', String(old))
        .execute(),
    ).toEqual([]);
  });

  it('lets in only staff whose menu holds the screen: 401 without a session, 403 outside the menu, nothing changed', async () => {
    const id = await store({ name: 'Guarded' });
    for (const [name, payload] of [
      ['getenquiries', {}],
      ['changeEnquiryStatus', { id, status: 'Handled' }],
      ['resendEnquiry', { id }],
      ['deleteEnquiry', { id }],
    ] as const) {
      expect((await post(name, payload, null)).statusCode, name).toBe(401);
      expect((await post(name, payload, outsider)).statusCode, name).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/master/enquiries.csv' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/master/enquiries.csv', headers: outsider.headers })).statusCode,
    ).toBe(403);
    expect((await list({ searchText: 'Guarded' }, reader)).items.map((i) => i.status)).toEqual(['New']);
  });

  it('exports the current filter as CSV: BOM, CRLF, every field quoted, formulas neutralised', async () => {
    await store({
      name: '=HYPERLINK("http://evil.example","click")',
      organization: '+Plus Ltd',
      email: '@at@example.in',
      requirements: 'Line one\nline "two"',
    });
    await store({ name: 'CSV other', organization: 'Other' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/master/enquiries.csv?searchText=HYPERLINK&status=&mailState=',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const records = body.slice(1).split('\r\n');
    expect(records[0]).toBe(
      '"Received","Status","Organization","Contact Person","Email","Mobile","Requirements","Mail","Mail detail"',
    );
    expect(records[1]).toMatch(
      /^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC","New","'\+Plus Ltd","'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)","'@at@example\.in","9876543210","Line one\nline ""two""","Not mailed",""$/,
    );
    expect(records.slice(2)).toEqual(['']);
    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/master/enquiries.csv?status=Closed',
      headers: admin.headers,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('streams an export of 10,000 enquiries in chunks, every one of them once', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      organization: 'Bulk',
      name: `Bulk ${i}`,
      email: `bulk${i}@example.in`,
      mobile: '9876543210',
      requirements: 'x'.repeat(200),
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
      status: 'New' as const,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('enquiries')
        .values(rows.slice(i, i + 500))
        .execute();
    // Over real HTTP: the answer arrives in chunks (no Content-Length: it is not built in memory first).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, text } = await new Promise<{ headers: http.IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/master/enquiries.csv?searchText=Bulk',
              headers: { cookie: admin.headers.cookie! },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
              res.on('error', reject);
            },
          )
          .on('error', reject);
      },
    );
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(10_001);
    const names = new Set(lines.slice(1).map((line) => /^"[^"]*","New","Bulk","(Bulk \d+)"/.exec(line)?.[1]));
    expect(names.size).toBe(10_000);
    expect(lines[1]).toContain('"Bulk 9999"');
  });
});

describe.each(testDialects())('the contact form without JavaScript on %s', (dialect) => {
  let t: TestApp;
  const contact = contentPageByKey('contact').publicPath;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const formPost = async (fields: Record<string, string>, cookieAge: number | null = 10_000) =>
    t.app.inject({
      method: 'POST',
      url: contact,
      remoteAddress: `10.7.0.${Math.floor(Math.random() * 250)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookieAge === null
          ? {}
          : { cookie: `${FORM_COOKIE}=${await issueFormToken(t.app.tenants.default, Date.now() - cookieAge)}` }),
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const valid = {
    organization: 'Nashik Grapes',
    name: 'Anil Pawar',
    email: 'anil@grapes.example',
    mobile: '9822012345',
    requirements: 'An export tracker.',
    website: '',
  };
  const stored = (name: string) =>
    t.app.tenants.default.db.selectFrom('enquiries').selectAll().where('name', '=', name).execute();

  it('sets a signed, HttpOnly fill-time cookie on every view of the contact page, keeping the page private to the browser', async () => {
    const page = await t.app.inject({ method: 'GET', url: contact });
    expect(page.statusCode).toBe(200);
    const cookie = page.cookies.find((c) => c.name === FORM_COOKIE)!;
    expect(cookie.value).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86400 });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    // The form posts to the page itself, with its honeypot hidden from people and screen readers.
    const form = /<form[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/Contact1#contact-form"');
    expect(page.body).toMatch(/<div class="contact-form__trap" aria-hidden="true">/);
    expect(page.body).toMatch(/<input[^>]*id="contact-website"[^>]*tabindex="-1"/i);
    expect((await t.app.inject({ method: 'GET', url: '/Home1' })).cookies).toEqual([]);
  });

  it('stores a posted enquiry and answers with the page and the success message', async () => {
    const response = await formPost(valid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Thank you. Your enquiry has reached us, and we will reply soon.');
    expect(await stored('Anil Pawar')).toMatchObject([{ status: 'New', email: 'anil@grapes.example' }]);
  });

  it('answers bad input with the page again: what was typed and a sentence per field, nothing stored', async () => {
    const response = await formPost({ ...valid, name: 'Sunita <b>Kale</b>', email: 'not-an-email', mobile: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Valid email is required.');
    expect(response.body).toContain('Enter a valid 10-digit mobile number.');
    expect(response.body).toContain('value="Sunita &lt;b&gt;Kale&lt;/b&gt;"');
    expect(response.body).not.toContain('<b>Kale</b>');
    expect(await stored('Sunita <b>Kale</b>')).toEqual([]);
  });

  it('keeps a posted enquiry with the honeypot filled, or without the cookie, as Spam, with the same answer', async () => {
    const trapped = await formPost({ ...valid, name: 'Bot One', website: 'http://spam.example' });
    const cookieless = await formPost({ ...valid, name: 'Bot Two' }, null);
    for (const response of [trapped, cookieless]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Thank you. Your enquiry has reached us, and we will reply soon.');
    }
    expect(await stored('Bot One')).toMatchObject([{ status: 'Spam' }]);
    expect(await stored('Bot Two')).toMatchObject([{ status: 'Spam' }]);
  });
});
