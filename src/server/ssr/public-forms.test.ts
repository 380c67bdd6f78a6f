import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_APPLICATION } from '../../core/forms/job-application.fixture';
import type { FormInput } from '../../core/schemas/forms';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createForm as createFormThroughApi } from '../test-support/forms';
import { createPageWithParameters, multipartBody, testImage } from '../test-support/uploads';
import { createUser } from '../users/users.service';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A form made without code on a page made without code, as visitors meet it without JavaScript (docs/design.md §30). */
describe.each(testDialects())('a form on a public page, without JavaScript, on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let application: number;
  let quote: number;
  let address = 0;

  const createForm = (form: FormInput) => createFormThroughApi(t.app, admin, form);
  /** A page made without code showing the form, published. */
  const pageWith = async (name: string, formId: number) => {
    await createPageWithParameters(t.app, admin, { filename: name, dspname: name }, [
      {
        parameterName: 'Introduction',
        sequence: 1,
        type: 'Textarea',
        unittype: 'Character',
        pagecreationtype: 'Header',
      },
      { parameterName: 'application', sequence: 2, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
    ]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/savepagecontent',
      headers: admin.headers,
      payload: {
        commonrouting: name,
        document: { header: { Introduction: 'Join us.', application: formId }, rows: [], revision: 0 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    application = await createForm({
      ...JOB_APPLICATION,
      fields: JOB_APPLICATION.fields.filter((f) => f.key !== 'phone'),
    });
    quote = await createForm({
      ...JOB_APPLICATION,
      name: 'Quote request',
      fields: [
        { key: 'name', label: 'Your name', kind: 'text', required: true },
        { key: 'email', label: 'Email', kind: 'email', required: true },
        {
          key: 'topics',
          label: 'Topics',
          kind: 'checkboxes',
          required: false,
          options: [
            { value: 'crm', label: 'CRM' },
            { value: 'erp', label: 'ERP' },
          ],
        },
        { key: 'message', label: 'Message', kind: 'textarea', required: true },
      ],
      confirmation: { enabled: false, subject: '', body: '' },
      successMessage: 'Thank you: we will call you tomorrow.',
    });
    await pageWith('Careers', application);
    await pageWith('Quote', quote);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const document = (html: string) => new JSDOM(html).window.document;
  const tokenOf = (html: string) =>
    (document(html).querySelector('input[name="_token"]') as HTMLInputElement | null)?.value ?? '';
  const post = (url: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(key, one);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: `10.3.0.${(address += 1)}`,
    });
  };

  it('renders the form with its labels, a fieldset per choice, the hidden field, its token, and multipart for a file', async () => {
    const response = await get('/Careers1');
    expect(response.statusCode).toBe(200);
    const page = document(response.body);
    const form = page.querySelector(`form#form-${application}`) as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/Careers1');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    const labelOf = (name: string) => {
      const control = form.querySelector(`[name="${name}"]`) as HTMLElement;
      return page.querySelector(`label[for="${control.id}"]`)?.textContent;
    };
    expect(labelOf('name')).toBe('Your name');
    expect(labelOf('cv')).toBe('CV');
    expect(form.querySelector('[name="cv"]')?.getAttribute('accept')).toBe('.pdf');
    const position = [...form.querySelectorAll('fieldset')].find((set) =>
      set.querySelector('legend')?.textContent?.startsWith('Position'),
    )!;
    expect(
      [...position.querySelectorAll('input[type="radio"]')].map((input) => (input as HTMLInputElement).value),
    ).toEqual(['dev', 'qa']);
    const other = form.querySelector('[data-field="heard_other"]')!;
    expect(JSON.parse(other.getAttribute('data-show-when')!)).toEqual({ field: 'heard', equals: 'other' });
    expect(other.textContent).toContain('Only if you answered “Other” to “How did you hear of us?”.');
    expect(form.querySelector('input[name="_website"]')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(tokenOf(response.body)).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
    // The page says what the form was shown with, and is kept no longer than its token's hour.
    expect(response.body).not.toContain('The contact form');
  });

  it('sends a form-encoded post: 303 to ?sent=1, which shows the success message to this visitor only', async () => {
    const page = (await get('/Quote1')).body;
    const sent = await post('/Quote1', {
      _form: String(quote),
      _token: tokenOf(page),
      name: 'Meera',
      email: 'meera@example.in',
      topics: ['crm', 'erp'],
      message: 'A quote for 40 seats.',
    });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`/Quote1?sent=1#form-${quote}`);
    const thanks = await get('/Quote1?sent=1');
    expect(thanks.statusCode).toBe(200);
    expect(thanks.headers['cache-control']).toBe('no-store');
    expect(document(thanks.body).querySelector('[role="status"]')?.textContent).toBe(
      'Thank you: we will call you tomorrow.',
    );
    expect(document((await get('/Quote1')).body).querySelector('[role="status"]')?.textContent).toBe('');
    const stored = await t.app.tenants.default.db
      .selectFrom('form_submissions')
      .select(['field_values', 'status'])
      .where('form_id', '=', quote)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('inbox');
    expect(JSON.parse(stored.field_values)).toEqual({
      name: 'Meera',
      email: 'meera@example.in',
      topics: ['crm', 'erp'],
      message: 'A quote for 40 seats.',
    });
  });

  it('answers a refused post with the page again: every value kept, a sentence at each field, the focus on the first', async () => {
    const page = (await get('/Quote1')).body;
    const refused = await post('/Quote1', {
      _form: String(quote),
      _token: tokenOf(page),
      name: 'Meera',
      email: 'meera@',
      topics: 'erp',
      message: '',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const form = document(refused.body).querySelector(`form#form-${quote}`)!;
    const email = form.querySelector('[name="email"]') as HTMLInputElement;
    expect(email.getAttribute('value')).toBe('meera@');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(form.querySelector(`#${email.id}-error`)?.textContent).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect(email.hasAttribute('autofocus')).toBe(true);
    expect(form.querySelector(`#${form.querySelector('[name="message"]')!.id}-error`)?.textContent).toBe(
      'Message is required.',
    );
    expect((form.querySelector('[name="name"]') as HTMLInputElement).getAttribute('value')).toBe('Meera');
    expect((form.querySelector('input[name="topics"][value="erp"]') as HTMLInputElement).hasAttribute('checked')).toBe(
      true,
    );
    expect((form.querySelector('input[name="topics"][value="crm"]') as HTMLInputElement).hasAttribute('checked')).toBe(
      false,
    );
  });

  it('takes the CV as a multipart post, and refuses a PNG renamed .pdf at its field', async () => {
    const page = (await get('/Careers1')).body;
    const fields = {
      _form: String(application),
      _token: tokenOf(page),
      name: 'Asha Rao',
      email: 'asha@example.com',
      position: 'qa',
      heard: 'friend',
      consent: 'yes',
    };
    const send = async (file: { name: string; data: Buffer; type: string }) => {
      const { payload, contentType } = multipartBody(fields, file, 'cv');
      return t.app.inject({
        method: 'POST',
        url: '/Careers1',
        payload,
        headers: { 'content-type': contentType },
        remoteAddress: `10.3.1.${(address += 1)}`,
      });
    };
    const kept = await send({ name: 'cv.pdf', data: PDF, type: 'application/pdf' });
    expect(kept.statusCode, kept.body).toBe(303);
    const refused = await send({ name: 'cv.pdf', data: await testImage(20, 20, 'png'), type: 'application/pdf' });
    expect(refused.statusCode).toBe(400);
    const cv = document(refused.body).querySelector('[name="cv"]')!;
    expect(document(refused.body).querySelector(`#${cv.id}-error`)?.textContent).toBe(
      'CV must be PDF, at most 5 MB: this file is a PNG file.',
    );
  });

  it('shows a form’s change on its page at once', async () => {
    const form = (
      await t.app.inject({ method: 'GET', url: `/api/master/forms/${quote}`, headers: admin.headers })
    ).json();
    await get('/Quote1');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/forms',
      headers: admin.headers,
      payload: {
        ...form,
        builtIn: undefined,
        fields: form.fields.map((f: { key: string }) =>
          f.key === 'message' ? { ...f, label: 'What do you need?' } : f,
        ),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = document((await get('/Quote1')).body);
    const message = page.querySelector('[name="message"]')!;
    expect(page.querySelector(`label[for="${message.id}"]`)?.textContent).toBe('What do you need?');
  });
});
