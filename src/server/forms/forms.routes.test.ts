import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_APPLICATION } from '../../core/forms/job-application.fixture';
import type { FormInput } from '../../core/schemas/forms';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createPageWithParameters } from '../test-support/uploads';
import { createUser } from '../users/users.service';

const APPLICATION: FormInput = { ...JOB_APPLICATION, retentionDays: 180 };

/** The forms screen's calls (docs/design.md §30) through the real API, on each database. */
describe.each(testDialects())('forms made without code on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    await createEditor(t.app, 'ravi');
    editor = await logIn(t.app, 'ravi', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, who: LoggedIn = admin) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const create = async (form: FormInput = APPLICATION) => {
    const response = await call('POST', '/api/master/forms', form);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; revision: number };
  };
  const auditOf = (action: string) =>
    t.app.tenants.default.db
      .selectFrom('audit_log')
      .select(['target_id', 'summary'])
      .where('action', '=', action)
      .execute();

  it('lists the built-in contact form, on the Contact page, that cannot be deleted or given other fields', async () => {
    const list = await call('GET', '/api/master/forms');
    expect(list.statusCode).toBe(200);
    const contact = list.json().items.find((item: { builtIn: string | null }) => item.builtIn === 'contact');
    expect(contact).toMatchObject({ name: 'Contact', submissions: 0, usedOn: [{ routing: 'Contact' }] });
    expect(contact.fields.map((field: { key: string }) => field.key)).toEqual([
      'organization',
      'name',
      'email',
      'mobile',
      'requirements',
    ]);
    const deleted = await call('POST', `/api/master/forms/${contact.id}/delete`, {});
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ usedOn: [{ routing: 'Contact' }] });
    const form = (await call('GET', `/api/master/forms/${contact.id}`)).json();
    const changed = await call('POST', '/api/master/forms', {
      ...form,
      builtIn: undefined,
      fields: form.fields.slice(1),
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ field: 'fields' });
  });

  it('creates a form, reads it back as sent, and saves it again on its revision', async () => {
    const { id, revision } = await create();
    expect(revision).toBe(1);
    const read = await call('GET', `/api/master/forms/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id, revision: 1, builtIn: null, ...APPLICATION });
    const saved = await call('POST', '/api/master/forms', { ...APPLICATION, id, revision: 1, name: 'Jobs' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id, revision: 2 });
    expect((await call('GET', `/api/master/forms/${id}`)).json()).toMatchObject({ name: 'Jobs', revision: 2 });
    expect(await auditOf('form.create')).toContainEqual({
      target_id: String(id),
      summary: 'Created the form Job application',
    });
    expect(await auditOf('form.update')).toContainEqual({
      target_id: String(id),
      summary: 'Saved the form Jobs (revision 2)',
    });
  });

  it('refuses a stale revision with 409 and keeps the newer save', async () => {
    const { id } = await create();
    expect(
      (await call('POST', '/api/master/forms', { ...APPLICATION, id, revision: 1, name: 'First' })).statusCode,
    ).toBe(200);
    const stale = await call('POST', '/api/master/forms', { ...APPLICATION, id, revision: 1, name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone saved this form after you opened it/);
    expect((await call('GET', `/api/master/forms/${id}`)).json()).toMatchObject({ name: 'First', revision: 2 });
  });

  it('refuses unknown kinds, a field shown by one below it, and a confirmation without an email field, naming the field', async () => {
    const refused = async (form: object) => {
      const response = await call('POST', '/api/master/forms', form);
      expect(response.statusCode).toBe(400);
      return response.json() as { message: string; field?: string };
    };
    expect(
      await refused({ ...APPLICATION, fields: [{ key: 'a', label: 'A', kind: 'signature', required: true }] }),
    ).toMatchObject({
      field: 'fields.0.kind',
    });
    const field = (key: string) => APPLICATION.fields.find((f) => f.key === key)!;
    const [name, email, cv, heard, other, consent] = ['name', 'email', 'cv', 'heard', 'heard_other', 'consent'].map(
      field,
    );
    expect(await refused({ ...APPLICATION, fields: [name, email, cv, other, heard, consent] })).toEqual({
      message: 'A field is shown by a field above it: choose one of those.',
      field: 'fields.3.showWhen.field',
    });
    expect(await refused({ ...APPLICATION, fields: [name, cv, consent] })).toEqual({
      message: 'A confirmation is mailed to the sender: give the form an email field first.',
      field: 'confirmation.enabled',
    });
    expect(await refused({ ...APPLICATION, fields: [name, email, { ...cv!, maxMb: 11 }] })).toMatchObject({
      message: 'A file’s limit is at most 10 MB.',
      field: 'fields.2.maxMb',
    });
  });

  it('answers 404 for a form that is not there and 400 for an id out of range', async () => {
    expect((await call('GET', '/api/master/forms/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/master/forms/2147483648')).statusCode).toBe(400);
    expect((await call('GET', '/api/master/forms/-1')).statusCode).toBe(400);
    expect((await call('POST', '/api/master/forms/9007199254740993/delete', {})).statusCode).toBe(400);
    expect((await call('POST', '/api/master/forms', { ...APPLICATION, id: 999999, revision: 1 })).statusCode).toBe(404);
  });

  it('keeps a form a page shows (409 naming the page) and deletes it once the page no longer does', async () => {
    const { id } = await create();
    await createPageWithParameters(t.app, admin, { filename: 'Careers', dspname: 'Careers' }, [
      { parameterName: 'intro', sequence: 1, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header' },
      { parameterName: 'application', sequence: 2, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
    ]);
    const publish = async (header: object, revision: number) => {
      const response = await call('POST', '/api/master/savepagecontent', {
        commonrouting: 'Careers',
        document: { header, rows: [], revision },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().revision as number;
    };
    const first = await publish({ intro: 'Join us', application: id }, 0);
    const used = await call('POST', `/api/master/forms/${id}/delete`, {});
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      message: 'This form is on a page: take it off that page first.',
      usedOn: [{ routing: 'Careers', name: 'Careers' }],
    });
    const listed = (await call('GET', '/api/master/forms')).json().items.find((item: { id: number }) => item.id === id);
    expect(listed.usedOn).toEqual([{ routing: 'Careers', name: 'Careers' }]);
    await publish({ intro: 'Join us' }, first);
    const deleted = await call('POST', `/api/master/forms/${id}/delete`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('GET', `/api/master/forms/${id}`)).statusCode).toBe(404);
    expect(await auditOf('form.delete')).toContainEqual({
      target_id: String(id),
      summary: 'Deleted the form Job application and its submissions',
    });
  });

  it('offers a page’s editor the forms made without code, by name, and no one else', async () => {
    const { id } = await create({ ...APPLICATION, name: 'Quote request' });
    await createPageWithParameters(t.app, admin, { filename: 'Quotes', dspname: 'Quotes' }, [
      { parameterName: 'form', sequence: 1, type: 'Form', unittype: 'Integer', pagecreationtype: 'Header' },
    ]);
    const choices = await call('GET', '/api/master/forms/choices/Quotes');
    expect(choices.statusCode, choices.body).toBe(200);
    const items = choices.json().items as Array<{ id: number; name: string }>;
    expect(items).toContainEqual({ id, name: 'Quote request' });
    // The contact form has its own page: it is not offered.
    expect(items.map((item) => item.name)).not.toContain('Contact');
    expect(items.map((item) => item.name)).toEqual(
      [...items.map((item) => item.name)].sort((a, b) => a.localeCompare(b)),
    );
    // An editor whose menu lacks the page is refused; an unknown page is 404.
    expect((await call('GET', '/api/master/forms/choices/Quotes', undefined, editor)).statusCode).toBe(403);
    expect((await call('GET', '/api/master/forms/choices/NoSuchPage')).statusCode).toBe(404);
  });

  it('refuses a form parameter placed in the page’s entry list', async () => {
    const created = await call('POST', '/api/master/savePageCreation', {
      filename: 'Events',
      dspname: 'Events',
      module: 1,
      type: 'Autowired',
      homepage: 'Y',
    });
    const saved = await call('POST', '/api/master/saveParameters', {
      id: created.json().id,
      parameters: [
        { parameterName: 'signup', sequence: 1, type: 'Form', unittype: 'Integer', pagecreationtype: 'Detail' },
      ],
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain('a form is shown once on a page');
  });

  it('is the forms screen’s: an editor without it is refused', async () => {
    expect((await call('GET', '/api/master/forms', undefined, editor)).statusCode).toBe(403);
    expect((await call('POST', '/api/master/forms', APPLICATION, editor)).statusCode).toBe(403);
    expect((await call('POST', '/api/master/forms/preview', APPLICATION, editor)).statusCode).toBe(403);
  });

  it('previews an unsaved form in the site’s page, its choices read from master data, stored nowhere', async () => {
    const type = await call('POST', '/api/master/savecommonmastertype', { code: 'POSITION', name: 'Positions' });
    expect(type.statusCode, type.body).toBe(200);
    const typeId = (
      (await call('POST', '/api/master/getCommasterTypefordropdown', {})).json() as Array<{ id: number; code: string }>
    ).find((row) => row.code === 'POSITION')!.id;
    for (const [code, name] of [
      ['ARCH', 'Software architect'],
      ['UX', 'Designer <UX>'],
    ])
      expect((await call('POST', '/api/master/savecommonmaster', { typeId, code, name })).statusCode).toBe(200);
    const forms = await t.app.tenants.default.db
      .selectFrom('forms')
      .select(t.app.tenants.default.db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const working: FormInput = {
      ...APPLICATION,
      name: 'Unsaved application',
      fields: APPLICATION.fields.map((field) =>
        field.key === 'position'
          ? { key: 'position', label: 'Position', kind: 'choice', required: true, masterType: typeId }
          : field,
      ),
    };
    const preview = await call('POST', '/api/master/forms/preview', working);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^text\/html/);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    const html = preview.body;
    expect(html).toContain('<meta name="robots" content="noindex');
    // No script: the editor's frame runs none, and the form in it cannot be sent.
    expect(html).not.toMatch(/<script/i);
    // The form as the public page renders it: its labels, the type's values as choices (escaped), the note of a
    // field shown only when another has a value, a file field's form multipart.
    for (const label of ['Your name', 'How did you hear of us?', 'Where?', 'I agree to the privacy notice'])
      expect(html).toContain(label);
    expect(html).toContain('Software architect');
    expect(html).toContain('Designer &lt;UX&gt;');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    // Stored nowhere: no form made, no audit entry.
    expect(
      await t.app.tenants.default.db
        .selectFrom('forms')
        .select(t.app.tenants.default.db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(forms);
    expect(await auditOf('form.create')).not.toContainEqual(
      expect.objectContaining({ summary: 'Created the form Unsaved application' }),
    );
    // Checked as a save is.
    const refused = await call('POST', '/api/master/forms/preview', {
      ...working,
      fields: [{ key: 'x', label: 'X', kind: 'colour', required: false }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: expect.stringMatching(/^fields\.0/) });
  });
});
