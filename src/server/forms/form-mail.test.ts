import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormInput } from '../../core/schemas/forms';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { TestSmtpServer } from '../test-support/smtp';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { issueSubmissionToken } from './form-spam';

/** A quote request that mails two people and confirms to the sender (docs/design.md §30). */
const QUOTE: FormInput = {
  name: 'Quote request',
  fields: [
    { key: 'name', label: 'Your name', kind: 'text', required: true },
    { key: 'email', label: 'Email', kind: 'email', required: true },
    {
      key: 'product',
      label: 'Product',
      kind: 'choice',
      required: true,
      options: [
        { value: 'crm', label: 'Folio CRM' },
        { value: 'erp', label: 'Folio ERP' },
      ],
    },
    { key: 'message', label: 'Message', kind: 'textarea', required: true },
  ],
  recipients: ['sales@example.com', 'boss@example.com'],
  confirmation: { enabled: true, subject: 'Thank you, {{name}}', body: 'We received your request for {{product}}.' },
  successMessage: 'Thank you: we will write within a day.',
  retentionDays: 365,
};

describe.each(testDialects())('form mail through a real SMTP server on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: LoggedIn;
  let formId: number;
  let address = 0;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/master/forms',
      headers: admin.headers,
      payload: QUOTE,
    });
    formId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const send = async (values: Record<string, string>, extra: object = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload: {
        values,
        token: await issueSubmissionToken(t.app.tenants.default, formId, Date.now() - 60_000),
        ...extra,
      },
      remoteAddress: `10.2.0.${(address += 1)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id as number;
  };
  const values = (n: number) => ({
    name: `Meera ${n}`,
    email: `meera.${n}@example.in`,
    product: 'erp',
    message: `We need ERP for ${n} people.`,
  });

  it('mails the recipients, Reply-To the sender, and the sender a confirmation with its placeholders filled', async () => {
    const before = smtp.received.length;
    await send(values(1));
    await t.app.jobs.tick();
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(2);
    const staff = mails.find((mail) => mail.envelopeTo.includes('sales@example.com'))!;
    expect(staff.envelopeTo.sort()).toEqual(['boss@example.com', 'sales@example.com']);
    expect(staff.parsed.replyTo?.value).toEqual([{ name: '', address: 'meera.1@example.in' }]);
    expect(staff.parsed.subject).toContain('Quote request from');
    expect(staff.parsed.text).toContain('Product: Folio ERP');
    expect(staff.parsed.text).toContain('Message: We need ERP for 1 people.');
    const confirmation = mails.find((mail) => mail.envelopeTo.includes('meera.1@example.in'))!;
    expect(confirmation.parsed.subject).toBe('Thank you, Meera 1');
    expect(confirmation.parsed.text?.trim()).toBe('We received your request for erp.');
  });

  it('mails nothing for spam; "Not spam" mails it then, and never twice', async () => {
    const before = smtp.received.length;
    const id = await send(values(2), { honeypot: 'filled' });
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(before);
    const status = (to: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/master/submissions/${id}/status`,
        headers: admin.headers,
        payload: { status: to },
      });
    expect((await status('inbox')).statusCode).toBe(200);
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(before + 2);
    expect((await status('spam')).statusCode).toBe(200);
    expect((await status('inbox')).statusCode).toBe(200);
    await t.app.jobs.tick();
    expect(smtp.received).toHaveLength(before + 2);
  });

  it('keeps a value’s line breaks out of a subject (a header never gains a line)', async () => {
    const form = (
      await t.app.inject({ method: 'GET', url: `/api/master/forms/${formId}`, headers: admin.headers })
    ).json();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/forms',
      headers: admin.headers,
      payload: {
        ...QUOTE,
        id: formId,
        revision: form.revision,
        confirmation: { ...QUOTE.confirmation, subject: 'About {{ message }}' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = smtp.received.length;
    await send({ ...values(3), message: 'Line one\r\nBcc: victim@example.com' });
    await t.app.jobs.tick();
    const confirmation = smtp.received.slice(before).find((mail) => mail.envelopeTo.includes('meera.3@example.in'))!;
    expect(confirmation.parsed.subject).toBe('About Line one Bcc: victim@example.com');
    expect(confirmation.envelopeTo).toEqual(['meera.3@example.in']);
  });
});
