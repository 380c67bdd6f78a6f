import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import { MENU_MESSAGES } from '../../core/schemas/menu-item';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';

/**
 * docs/design.md §25: a refusal about one field carries it, `{message, field}`, the field a dotted path into the body
 * sent, so that a form marks it without comparing sentences. On SQLite and PostgreSQL.
 */
describe.each(testDialects())('refusals name their field on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let editorId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    editorId = await createEditor(t.app, 'editor');
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, who: LoggedIn) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  it('names the password a password change refuses, whether the schema or the service refuses it', async () => {
    const wrong = await post(
      '/api/auth/password',
      { current: 'not-my-password', password: 'a-much-better-password' },
      editor,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongCurrent, field: 'current' });

    const same = await post('/api/auth/password', { current: EDITOR_PASSWORD, password: EDITOR_PASSWORD }, editor);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: ACCOUNT_MESSAGES.samePassword, field: 'password' });

    const short = await post('/api/auth/password', { current: EDITOR_PASSWORD, password: 'short' }, editor);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password' });
    expect(short.json().message).toMatch(/\S/);
  });

  it("names a list entry's field by its path when a page save is refused, the sentence in the editor's words", async () => {
    const home = (await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    home.skillList[2].skillName = 'x'.repeat(301);
    const refused = await post('/api/master/saveHome', home, editor);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Skill 3: the skill name must be at most 300 characters.',
      field: 'skillList.2.skillName',
    });
  });

  it('names the entry and field of a menu item the service refuses', async () => {
    const saved = await post(
      '/api/menu/savemenubyuserforjson',
      { jsonsavelist: [{ modulename: 'Admin', sequence: 1, isSubMenu: 'Y', userId: editorId }] },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await post(
      '/api/menu/savemenubyuserforjson',
      {
        jsonsavelist: [
          { modulename: 'Reports', sequence: 2, isSubMenu: 'Y', userId: editorId },
          { modulename: 'Tools', sequence: 0, isSubMenu: 'Y', userId: editorId },
        ],
      },
      admin,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: MENU_MESSAGES.sequence, field: 'jsonsavelist.1.sequence' });
  });

  it("gives no field for a refusal about no one field, and keeps the spec's refusal shapes as they are", async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { ...editor.headers, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The request body is not valid JSON.' });
    // The spec words its refusal bodies ({status:'NO', message}): a schema refusal keeps that shape.
    const group = await post('/api/menu/SaveUserGroup', { groupname: 'x'.repeat(500) }, admin);
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({ status: 'NO' });
    expect(group.json()).not.toHaveProperty('field');
  });

  it('declares the field in the error answers of the API document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = document.paths['/api/auth/password'].post.responses['400'].content['application/json'].schema;
    // `confirm`: a refusal that is a question (a redirect to where nothing is: save it anyway?), docs/design.md §34.
    expect(Object.keys(answer.properties)).toEqual(['message', 'field', 'confirm']);
    expect(answer.required).toEqual(['message']);
  });
});
