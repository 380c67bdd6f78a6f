import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_APPLICATION } from '../../core/forms/job-application.fixture';
import type { FormInput } from '../../core/schemas/forms';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createForm as createFormThroughApi } from '../test-support/forms';
import { multipartBody, testImage } from '../test-support/uploads';
import { createUser } from '../users/users.service';
import { issueSubmissionToken } from './form-spam';

/** The smallest file a PDF reader and a sniffer take for a PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** What visitors send with forms (docs/design.md §30) through the real API, on each database. */
describe.each(testDialects())('form submissions on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let formId: number;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { FORM_MAX_MB: '1' });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    formId = await createForm({ ...JOB_APPLICATION, fields: JOB_APPLICATION.fields.filter((f) => f.key !== 'phone') });
  });
  afterAll(async () => t?.close());

  const tenant = () => t.app.tenants.default;
  const createForm = (form: FormInput) => createFormThroughApi(t.app, admin, form);
  /** A token as the form was shown `ago` ms before. */
  const token = (ago = 60_000, id = formId) => issueSubmissionToken(tenant(), id, Date.now() - ago);
  /** Each post from an address of its own (five a minute from one address is a flood), unless one is given. */
  const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const send = (body: object, options: { id?: number; from?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/forms/${options.id ?? formId}`,
      payload: body,
      remoteAddress: options.from ?? nextAddress(),
    });
  const sendFile = async (
    fields: Record<string, string>,
    file: { name: string; data: Buffer; type: string },
    from?: string,
  ) => {
    const { payload, contentType } = multipartBody(fields, file, 'cv');
    return t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: from ?? nextAddress(),
    });
  };
  const staff = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const good = { name: 'Asha Rao', email: 'asha@example.com', position: 'dev', consent: 'yes' };
  const stored = async (id: number) => (await staff(`/api/master/submissions/${id}`)).json();

  it('keeps a multipart application with its PDF, and staff download the file as an attachment', async () => {
    const response = await sendFile(
      { ...good, heard: 'other', heard_other: 'A meetup in Pune', _token: await token() },
      { name: 'Asha CV.pdf', data: PDF, type: 'application/pdf' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json();
    const submission = await stored(id);
    expect(submission).toMatchObject({
      status: 'inbox',
      spamReason: null,
      form: { id: formId, name: 'Job application' },
    });
    expect(submission.values).toEqual([
      { key: 'name', label: 'Your name', value: 'Asha Rao' },
      { key: 'email', label: 'Email', value: 'asha@example.com' },
      { key: 'position', label: 'Position', value: 'Developer' },
      { key: 'cv', label: 'CV', value: 'Asha CV.pdf' },
      { key: 'heard', label: 'How did you hear of us?', value: 'Other' },
      { key: 'heard_other', label: 'Where?', value: 'A meetup in Pune' },
      { key: 'consent', label: 'I agree to the privacy notice', value: 'yes' },
    ]);
    expect(submission.files).toEqual([
      { id: expect.any(Number), name: 'Asha CV.pdf', type: 'application/pdf', bytes: PDF.length },
    ]);
    const file = await staff(`/api/master/submissions/${id}/files/${submission.files[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Asha CV.pdf"; filename*=UTF-8''Asha%20CV.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('application/pdf');
    // Nobody else: no public address, no visitor.
    const visitor = await t.app.inject({
      method: 'GET',
      url: `/api/master/submissions/${id}/files/${submission.files[0].id}`,
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a PNG renamed .pdf at its field with a sentence, and keeps nothing', async () => {
    const before = await countSubmissions();
    const response = await sendFile(
      { ...good, _token: await token() },
      { name: 'cv.pdf', data: await testImage(20, 20, 'png'), type: 'application/pdf' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'CV must be PDF, at most 5 MB: this file is a PNG file.', field: 'cv' });
    expect(await countSubmissions()).toBe(before);
  });

  it('refuses a file over its field’s limit at the field, and files over FORM_MAX_MB with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]);
    const over = await sendFile(
      { ...good, _token: await token() },
      { name: 'cv.pdf', data: big, type: 'application/pdf' },
    );
    // This form's field takes 5 MB, the server's submission 1 MB (FORM_MAX_MB=1 here).
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The files together are larger than 1 MB: send smaller ones.');
    const small = await createForm({
      ...JOB_APPLICATION,
      name: 'Small files',
      fields: [{ key: 'cv', label: 'CV', kind: 'file', required: true, accept: ['pdf'], maxMb: 0.5 }],
      confirmation: { enabled: false, subject: '', body: '' },
    });
    const { payload, contentType } = multipartBody(
      { _token: await token(60_000, small) },
      { name: 'cv.pdf', data: Buffer.concat([PDF, Buffer.alloc(600 * 1024)]), type: 'application/pdf' },
      'cv',
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${small}`,
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'CV is larger than 0.5 MB: choose a smaller file.', field: 'cv' });
  });

  it('names the refused field, and stores no hidden field whatever was posted for it', async () => {
    const missing = await send({ values: { ...good, name: ' ' }, token: await token() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Your name is required.', field: 'name' });
    const noFile = await send({ values: good, token: await token() });
    expect(noFile.json()).toEqual({ message: 'Choose a file: CV.', field: 'cv' });
    const optional = await createForm({
      ...JOB_APPLICATION,
      name: 'No CV',
      fields: JOB_APPLICATION.fields.filter((f) => f.kind !== 'file' && f.key !== 'phone'),
    });
    const other = await send(
      { values: { ...good, heard: 'other' }, token: await token(60_000, optional) },
      { id: optional },
    );
    expect(other.json()).toEqual({ message: 'Where? is required.', field: 'heard_other' });
    const hidden = await send(
      { values: { ...good, heard: 'friend', heard_other: 'smuggled in' }, token: await token(60_000, optional) },
      { id: optional },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const keys = (await stored(hidden.json().id)).values.map((v: { key: string }) => v.key);
    expect(keys).toContain('heard');
    expect(keys).not.toContain('heard_other');
  });

  it('answers 404 for a form that is not there and for the contact form, which has its own call', async () => {
    expect((await send({ values: good }, { id: 999_999 })).statusCode).toBe(404);
    const contact = await t.app.tenants.default.db
      .selectFrom('forms')
      .select('id')
      .where('built_in', '=', 'contact')
      .executeTakeFirstOrThrow();
    expect((await send({ values: good }, { id: contact.id })).statusCode).toBe(404);
  });

  describe('spam, kept in Spam with its reason', () => {
    let noCv: number;
    beforeAll(async () => {
      noCv = await createForm({
        ...JOB_APPLICATION,
        name: 'Quote request',
        fields: [
          { key: 'name', label: 'Your name', kind: 'text', required: true },
          { key: 'message', label: 'Message', kind: 'textarea', required: true },
        ],
        confirmation: { enabled: false, subject: '', body: '' },
      });
    });
    const sendQuote = async (message: string, extra: object = {}, from?: string) => {
      const response = await send(
        { values: { name: 'Ravi', message }, token: await token(60_000, noCv), ...extra },
        { id: noCv, ...(from ? { from } : {}) },
      );
      expect(response.statusCode, response.body).toBe(200);
      return stored(response.json().id);
    };

    it('catches the hidden field, a missing, forged or day-old token, more than 3 links, a duplicate, speed with a link', async () => {
      expect(await sendQuote('Hello', { honeypot: 'http://spam.example' })).toMatchObject({
        status: 'spam',
        spamReason: 'honeypot',
      });
      expect(await sendQuote('Hello there', { token: undefined })).toMatchObject({
        status: 'spam',
        spamReason: 'no-token',
      });
      const real = await token(60_000, noCv);
      const forged = `${real.slice(0, 14)}${'A'.repeat(43)}`;
      expect(await sendQuote('Hello again', { token: forged })).toMatchObject({
        status: 'spam',
        spamReason: 'bad-token',
      });
      const otherForm = await token(60_000, formId);
      expect(await sendQuote('Hello once more', { token: otherForm })).toMatchObject({ spamReason: 'bad-token' });
      const old = await token(25 * 60 * 60_000, noCv);
      expect(await sendQuote('An old page', { token: old })).toMatchObject({ status: 'spam', spamReason: 'too-old' });
      const links = 'See https://a.example https://b.example www.c.example and http://d.example';
      expect(await sendQuote(links)).toMatchObject({ status: 'spam', spamReason: 'links' });
      expect(await sendQuote('Three are fine: https://a.example https://b.example https://c.example')).toMatchObject({
        status: 'inbox',
      });
      expect(await sendQuote('We need 40 licences', {}, '10.9.9.9')).toMatchObject({ status: 'inbox' });
      expect(await sendQuote('We need 40 licences', {}, '10.9.9.9')).toMatchObject({
        status: 'spam',
        spamReason: 'duplicate',
      });
      expect(await sendQuote('We need 40 licences', {}, '10.9.9.8')).toMatchObject({ status: 'inbox' });
      const fast = await token(500, noCv);
      expect(await sendQuote('Visit https://cheap.example', { token: fast })).toMatchObject({
        status: 'spam',
        spamReason: 'too-fast-with-link',
      });
      // A person's autofill is as fast: speed alone never quarantines.
      expect(await sendQuote('Call me back please', { token: fast })).toMatchObject({ status: 'inbox' });
    });

    it('lists Spam apart; "Not spam" moves one to the inbox, audited', async () => {
      const caught = await sendQuote('Hi', { honeypot: 'x' });
      const spam = (await staff(`/api/master/submissions?status=spam&form=${noCv}`)).json();
      expect(spam.items.map((item: { id: number }) => item.id)).toContain(caught.id);
      const inbox = (await staff(`/api/master/submissions?form=${noCv}`)).json();
      expect(inbox.items.map((item: { id: number }) => item.id)).not.toContain(caught.id);
      const moved = await staff(`/api/master/submissions/${caught.id}/status`, 'POST', { status: 'inbox' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ status: 'inbox', spamReason: null });
      const entry = await t.app.tenants.default.db
        .selectFrom('audit_log')
        .select('summary')
        .where('action', '=', 'submission.status')
        .where('target_id', '=', String(caught.id))
        .executeTakeFirst();
      expect(entry?.summary).toBe(`Moved submission ${caught.id} of Quote request from spam to inbox`);
    });

    it('answers the sixth post of a minute from one address with 429 and a sentence', async () => {
      const from = '10.8.8.8';
      for (let i = 0; i < 5; i += 1) await sendQuote(`Question ${i}`, {}, from);
      const sixth = await send(
        { values: { name: 'Ravi', message: 'One more' }, token: await token(60_000, noCv) },
        { id: noCv, from },
      );
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/\w+ \w+/);
    });
  });

  it('pages the inbox by 20 with a cursor, refuses a forged one, and exports CSV with formula cells neutralised', async () => {
    const formula = await createForm({
      ...JOB_APPLICATION,
      name: '=HYPERLINK("http://evil.example")',
      fields: [{ key: 'name', label: 'Your name', kind: 'text', required: true }],
      confirmation: { enabled: false, subject: '', body: '' },
    });
    for (let i = 0; i < 21; i += 1) {
      const response = await send(
        { values: { name: `Person ${i}` }, token: await token(60_000, formula) },
        { id: formula },
      );
      expect(response.statusCode).toBe(200);
    }
    const first = (await staff(`/api/master/submissions?form=${formula}`)).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0].summary).toBe('Person 20');
    const second = (await staff(`/api/master/submissions?form=${formula}&after=${first.next}`)).json();
    expect(second.items.map((item: { summary: string }) => item.summary)).toEqual(['Person 0']);
    expect(second.next).toBeNull();
    for (const forged of ['WzIxNDc0ODM2NDhd', 'WyJ4Il0', 'not-a-cursor', 'W10']) {
      const response = await staff(`/api/master/submissions?after=${forged}`);
      expect(response.statusCode, forged).toBe(400);
      expect(response.json().message).toBe('This page link is out of date: go back to the first page.');
    }
    const csv = await staff(`/api/master/submissions.csv?form=${formula}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.body).toContain('"Your name: Person 3"');
  });

  async function countSubmissions(): Promise<number> {
    const rows = await t.app.tenants.default.db.selectFrom('form_submissions').select('id').execute();
    return rows.length;
  }
});
