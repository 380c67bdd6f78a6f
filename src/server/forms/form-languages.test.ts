import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_APPLICATION } from '../../core/forms/job-application.fixture';
import type { TranslationDocument, TranslationsOverview } from '../../core/schemas/locale';
import { parseXliff } from '../pages/languages/xliff';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { TestSmtpServer } from '../test-support/smtp';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createForm } from '../test-support/forms';
import { createPageWithParameters, multipartBody } from '../test-support/uploads';
import { createUser } from '../users/users.service';

/**
 * A form made without code in another language (docs/design.md §30): its texts are site texts to translate (the
 * translations screen's and the XLIFF file's), the German page shows them with the forms' words, refuses in German,
 * and a flood of posts without JavaScript is answered with the page (429) with what was typed kept.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDialects())('forms in several languages on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: LoggedIn;
  let formId: number;
  let address = 0;
  const key = (rest: string) => `form.${formId}.${rest}`;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...admin.headers, ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
  const visit = (url: string) => t.app.inject({ method: 'GET', url });
  const document = (html: string) => new JSDOM(html).window.document;
  const tokenOf = (html: string) =>
    (document(html).querySelector('input[name="_token"]') as HTMLInputElement | null)?.value ?? '';
  /** A post without JavaScript from one address (`from`), form-encoded as a browser sends it. */
  const post = (url: string, fields: Record<string, string | string[]>, from: string) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: from,
    });
  };
  const siteTexts = async (locale = 'de'): Promise<TranslationDocument> => {
    const response = await inject('GET', `/api/master/sitetexts?locale=${locale}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const germanStatus = async () =>
    ((await inject('GET', '/api/master/translations')).json() as TranslationsOverview).siteTexts.find(
      (entry) => entry.locale === 'de',
    );
  const labelOf = (page: Document, name: string) => {
    const control = page.querySelector(`[name="${name}"]`)!;
    return page.querySelector(`label[for="${control.id}"]`)?.textContent;
  };
  /** The exported file with a target written after a unit's source (its id is its key: keys here are XML names). */
  const withTarget = (xml: string, unit: string, target: string) => {
    const at = xml.indexOf(`<unit id="${unit}"`);
    expect(at, unit).toBeGreaterThan(0);
    const end = xml.indexOf('</source>', at) + '</source>'.length;
    const escaped = target.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return `${xml.slice(0, end)}<target>${escaped}</target>${xml.slice(end)}`;
  };

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    const languages = await inject('POST', '/api/master/locales', {
      defaultLocale: 'en-IN',
      locales: [
        { code: 'en-IN', name: 'English', enabled: true },
        { code: 'de', name: 'Deutsch', enabled: true },
      ],
      revision: 0,
    });
    expect(languages.statusCode, languages.body).toBe(200);
    formId = await createForm(t.app, admin, {
      ...JOB_APPLICATION,
      fields: JOB_APPLICATION.fields.map((field) =>
        field.key === 'name' ? { ...field, help: 'As on your passport.' } : field,
      ),
      confirmation: { enabled: true, subject: 'Thank you, {{name}}', body: 'We read every application.\nAll of it.' },
    });
    await createPageWithParameters(t.app, admin, { filename: 'Careers', dspname: 'Careers' }, [
      {
        parameterName: 'Introduction',
        sequence: 1,
        type: 'Textarea',
        unittype: 'Character',
        pagecreationtype: 'Header',
      },
      { parameterName: 'application', sequence: 2, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
    ]);
    const saved = await inject('POST', '/api/master/savepagecontent', {
      commonrouting: 'Careers',
      document: { header: { Introduction: 'Join us.', application: formId }, rows: [], revision: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The page in German, so that /de/Careers1 is served (its form is translated by the site texts, below).
    const translated = await inject('POST', '/api/master/translate/Careers', {
      locale: 'de',
      revision: 0,
      texts: { 'header.Introduction': 'Werden Sie Teil unseres Teams.' },
    });
    expect(translated.statusCode, translated.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('lists a form’s texts to translate by its id and each field’s key, beside the forms’ own words', async () => {
    const doc = await siteTexts();
    const unit = (path: string) => doc.units.find((u) => u.path === path);
    expect(unit(key('field.name.label'))).toMatchObject({ source: 'Your name', target: '' });
    expect(unit(key('field.name.label'))!.label).toBe('Form “Job application”: the label of Your name');
    expect(unit(key('field.name.help'))).toMatchObject({ source: 'As on your passport.', kind: 'textarea' });
    // A choice's label translates; its value, which is stored, names the unit and stays.
    expect(unit(key('field.position.option.dev'))).toMatchObject({ source: 'Developer' });
    expect(unit(key('field.heard.option.other'))).toMatchObject({ source: 'Other' });
    expect(unit(key('successMessage'))).toMatchObject({ source: 'Thank you: we will write within a week.' });
    expect(unit(key('confirmation.subject'))).toMatchObject({ source: 'Thank you, {{name}}' });
    expect(unit(key('confirmation.body'))).toMatchObject({
      source: 'We read every application.\nAll of it.',
      kind: 'textarea',
      max: 5000,
    });
    // The fixed words of every form are site words, the firm's own in the default language too.
    expect(unit('form.send')).toMatchObject({ source: 'Send' });
    expect(unit('form.tooMany')).toMatchObject({
      source: 'Too many requests. Please wait a few minutes and try again.',
    });
    expect((await siteTexts('en-IN')).units.map((u) => u.path)).toEqual(
      expect.arrayContaining(['form.send', 'form.required']),
    );
    expect((await siteTexts('en-IN')).units.some((u) => u.path.startsWith(`form.${formId}.`))).toBe(false);
    expect(await germanStatus()).toMatchObject({ status: 'missing', translated: 0 });
  });

  it('carries the form’s texts in the XLIFF file and takes back a translated one: the German page shows them', async () => {
    const exported = await inject('GET', '/api/master/xliff/de');
    expect(exported.statusCode).toBe(200);
    const file = await parseXliff(exported.body);
    const units = file.pages.find((p) => p.routing === 'folio-site-texts')!.units;
    expect(units.find((u) => u.key === key('field.position.option.qa'))?.source.text).toBe('Tester');
    expect(units.find((u) => u.key === key('confirmation.body'))?.source.text).toBe(
      'We read every application.\nAll of it.',
    );

    let xml = exported.body;
    const german: Record<string, string> = {
      [key('field.name.label')]: 'Ihr Name',
      [key('field.name.help')]: 'Wie im Reisepass.',
      [key('field.position.label')]: 'Stelle',
      [key('field.position.option.dev')]: 'Entwicklerin',
      [key('field.heard.label')]: 'Wie haben Sie von uns erfahren?',
      [key('field.heard.option.other')]: 'Anders',
      [key('successMessage')]: 'Danke: Wir schreiben Ihnen binnen einer Woche.',
      [key('confirmation.body')]: 'Wir lesen jede Bewerbung.\nJede ganz.',
      'form.send': 'Senden',
      'form.required': '{label} fehlt noch.',
      'form.tooMany': 'Zu viele Anfragen. Bitte warten Sie einige Minuten.',
    };
    for (const [unit, text] of Object.entries(german)) xml = withTarget(xml, unit, text);
    // A unit the site does not have, and one whose source changed since the export: reported, nothing else touched.
    xml = xml.replace(
      `<unit id="${key('field.cv.label')}"`,
      `<unit id="${key('field.gone.label')}"><segment><source>Gone</source><target>Weg</target></segment></unit><unit id="${key('field.cv.label')}"`,
    );
    const email = xml.indexOf(`<unit id="${key('field.email.label')}"`);
    xml = `${xml.slice(0, email)}${xml.slice(email).replace('<source>Email</source>', '<source>E-mail address</source>')}`;
    xml = withTarget(xml, key('field.email.label'), 'E-Mail');
    const imported = await inject('POST', '/api/master/xliff/de', xml, { 'content-type': 'application/xliff+xml' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      pages: [{ routing: 'folio-site-texts', changed: Object.keys(german).length }],
      unknownUnits: [`folio-site-texts/${key('field.gone.label')}`],
      changedSources: [`folio-site-texts/${key('field.email.label')}`],
    });
    const doc = await siteTexts();
    expect(doc.units.find((u) => u.path === key('confirmation.body'))?.target).toBe(
      'Wir lesen jede Bewerbung.\nJede ganz.',
    );
    expect(doc.units.find((u) => u.path === key('field.email.label'))?.target).toBe('');
    expect(await germanStatus()).toMatchObject({ status: 'current', translated: Object.keys(german).length });

    const page = document((await visit('/de/Careers1')).body);
    const form = page.querySelector(`form#form-${formId}`)!;
    expect(form.getAttribute('action')).toBe('/de/Careers1');
    expect(labelOf(page, 'name')).toBe('Ihr Name');
    expect(form.textContent).toContain('Wie im Reisepass.');
    // Not translated: the default language's.
    expect(labelOf(page, 'email')).toBe('Email');
    const position = form.querySelector('[data-field="position"] legend')!;
    expect(position.textContent).toBe('Stelle*');
    expect(form.querySelector('input[name="position"][value="dev"]')!.nextElementSibling?.textContent).toBe(
      'Entwicklerin',
    );
    expect(form.querySelector('[data-field="heard_other"]')?.textContent).toContain(
      'Only if you answered “Anders” to “Wie haben Sie von uns erfahren?”.',
    );
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Senden');
    // The island is handed the forms' words that differ, and the page's language, which it sends with the form.
    expect(JSON.parse(form.getAttribute('data-words')!)).toMatchObject({ 'form.send': 'Senden' });
    expect(form.getAttribute('data-language')).toBe('de');
    expect(form.getAttribute('data-success')).toBe('Danke: Wir schreiben Ihnen binnen einer Woche.');
    expect((form.querySelector('input[name="_language"]') as HTMLInputElement).value).toBe('de');

    // The page in the default language is the form's own.
    const english = document((await visit('/Careers1')).body);
    expect(labelOf(english, 'name')).toBe('Your name');
    expect(english.querySelector('button[type="submit"]')?.textContent).toBe('Send');
    expect(english.querySelector(`form#form-${formId}`)!.hasAttribute('data-words')).toBe(false);
  });

  it('refuses in German on the German page, without JavaScript and through the island’s call', async () => {
    const html = (await visit('/de/Careers1')).body;
    const refused = await post(
      '/de/Careers1',
      { _form: String(formId), _token: tokenOf(html), name: '', email: 'asha@example.com', position: 'dev' },
      `10.9.0.${(address += 1)}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="de"');
    const page = document(refused.body);
    const name = page.querySelector('[name="name"]')!;
    expect(page.querySelector(`#${name.id}-error`)?.textContent).toBe('Ihr Name fehlt noch.');

    const called = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload: { values: { email: 'asha@example.com' }, token: tokenOf(html), language: 'de' },
      remoteAddress: `10.9.0.${(address += 1)}`,
    });
    expect(called.statusCode).toBe(400);
    expect(called.json()).toEqual({ message: 'Ihr Name fehlt noch.', field: 'name' });
    // A language the site does not have reads as the default one.
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload: { values: { email: 'asha@example.com' }, token: tokenOf(html), language: 'xx' },
      remoteAddress: `10.9.0.${(address += 1)}`,
    });
    expect(unknown.json()).toEqual({ message: 'Your name is required.', field: 'name' });
  });

  it('keeps a German submission with its language, and mails its confirmation as translated', async () => {
    const html = (await visit('/de/Careers1')).body;
    const { payload, contentType } = multipartBody(
      {
        _form: String(formId),
        _token: tokenOf(html),
        _language: 'de',
        name: 'Asha Rao',
        email: 'asha@example.com',
        position: 'dev',
        consent: 'yes',
      },
      { name: 'cv.pdf', data: PDF, type: 'application/pdf' },
      'cv',
    );
    const before = smtp.received.length;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/de/Careers1',
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: `10.9.0.${(address += 1)}`,
    });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`/de/Careers1?sent=1#form-${formId}`);
    const thanks = document((await visit('/de/Careers1?sent=1')).body);
    expect(thanks.querySelector('[role="status"]')?.textContent).toBe('Danke: Wir schreiben Ihnen binnen einer Woche.');
    const stored = await t.app.tenants.default.db
      .selectFrom('form_submissions')
      .select(['locale', 'status'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ locale: 'de', status: 'inbox' });
    await t.app.jobs.tick();
    const confirmation = smtp.received.slice(before).find((mail) => mail.envelopeTo.includes('asha@example.com'))!;
    // The text as translated; the subject, not translated, as the form has it.
    expect(confirmation.parsed.text?.trim()).toBe('Wir lesen jede Bewerbung.\nJede ganz.');
    expect(confirmation.parsed.subject).toBe('Thank you, Asha Rao');
    await t.app.tenants.default.db.deleteFrom('form_submissions').execute();
  });

  it('shows a translation as outdated once the form’s label changes', async () => {
    const form = (await inject('GET', `/api/master/forms/${formId}`)).json();
    const saved = await inject('POST', '/api/master/forms', {
      ...form,
      builtIn: undefined,
      fields: form.fields.map((f: { key: string }) => (f.key === 'name' ? { ...f, label: 'Full name' } : f)),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await germanStatus()).toMatchObject({ status: 'outdated' });
    const unit = (await siteTexts()).units.find((u) => u.path === key('field.name.label'));
    expect(unit).toMatchObject({ source: 'Full name', target: 'Ihr Name' });
    // Its translation shows until it is translated again; the English page has the new label.
    expect(labelOf(document((await visit('/Careers1')).body), 'name')).toBe('Full name');
  });

  it('answers the sixth post of a minute without JavaScript with the page again (429), every value kept', async () => {
    const from = `10.9.1.${(address += 1)}`;
    const html = (await visit('/de/Careers1')).body;
    const fields = {
      _form: String(formId),
      _token: tokenOf(html),
      name: 'Asha Rao',
      email: 'not an address',
      position: 'dev',
      heard: 'other',
      heard_other: 'Auf einer Messe',
    };
    for (let sent = 1; sent <= 5; sent += 1) expect((await post('/de/Careers1', fields, from)).statusCode).toBe(400);
    const flooded = await post('/de/Careers1', fields, from);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.headers['content-type']).toMatch(/^text\/html/);
    expect(flooded.headers['cache-control']).toBe('no-store');
    expect(flooded.headers['retry-after']).toBeDefined();
    const page = document(flooded.body);
    const form = page.querySelector(`form#form-${formId}`)!;
    expect(form.querySelector('[role="alert"]')?.textContent).toBe(
      'Zu viele Anfragen. Bitte warten Sie einige Minuten.',
    );
    expect(form.querySelector('[name="name"]')?.getAttribute('value')).toBe('Asha Rao');
    expect(form.querySelector('[name="email"]')?.getAttribute('value')).toBe('not an address');
    expect(form.querySelector('[name="heard_other"]')?.getAttribute('value')).toBe('Auf einer Messe');
    expect(
      (form.querySelector('input[name="position"][value="dev"]') as HTMLInputElement).hasAttribute('checked'),
    ).toBe(true);
    // The island's call from that address shares the count, and stays JSON.
    const called = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload: { values: {}, token: tokenOf(html) },
      remoteAddress: from,
    });
    expect(called.statusCode).toBe(429);
    expect(called.json()).toEqual({ message: 'Too many requests. Please wait a few minutes and try again.' });
  });

  it('counts the island’s calls too: a browser’s multipart post after five of them is the English page again', async () => {
    const from = `10.9.2.${(address += 1)}`;
    const html = (await visit('/Careers1')).body;
    for (let sent = 1; sent <= 5; sent += 1) {
      const called = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}`,
        payload: { values: {}, token: tokenOf(html) },
        remoteAddress: from,
      });
      expect(called.statusCode).toBe(400);
    }
    const { payload, contentType } = multipartBody(
      { _form: String(formId), _token: tokenOf(html), name: 'Asha Rao', email: 'asha@example.com' },
      { name: 'cv.pdf', data: PDF, type: 'application/pdf' },
      'cv',
    );
    const flooded = await t.app.inject({
      method: 'POST',
      url: '/Careers1',
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: from,
    });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.body).toContain('<html lang="en-IN"');
    const form = document(flooded.body).querySelector(`form#form-${formId}`)!;
    expect(form.querySelector('[role="alert"]')?.textContent).toBe(
      'Too many requests. Please wait a few minutes and try again.',
    );
    expect(form.querySelector('[name="name"]')?.getAttribute('value')).toBe('Asha Rao');
    expect(form.querySelector('[name="email"]')?.getAttribute('value')).toBe('asha@example.com');
    // Any other refusal of these routes is the one error handler's, as before.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/Careers1',
      payload: 'name=Asha',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: `10.9.2.${(address += 1)}`,
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toEqual({ message: expect.stringMatching(/^This call accepts JSON only/) });
    // Nothing of the flood was kept.
    const kept = await t.app.tenants.default.db
      .selectFrom('form_submissions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(0);
  });
});
