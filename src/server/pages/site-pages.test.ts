import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createPageWithParameters } from '../test-support/uploads';
import { createUser } from '../users/users.service';

/** The site's pages by title, for the rich-text link dialog's picker (docs/design.md §34). */
describe.each(testDialects())('GET /api/master/sitepages on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let reader: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    // A group whose menu holds no page editor.
    const db = t.app.tenants.default.db;
    const group = await db
      .insertInto('user_groups')
      .values({ name: 'Readers', builtin: 0, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createUser(db, { username: 'reader', password: EDITOR_PASSWORD, groupId: group.id });
    reader = await logIn(t.app, 'reader', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const sitePages = (who: LoggedIn | null) =>
    t.app.inject({ method: 'GET', url: '/api/master/sitepages', headers: who?.headers ?? {} });

  it('lists the pages visitors can open by title with their addresses, a new page made without code too, a deactivated one not', async () => {
    await createPageWithParameters(t.app, admin, { filename: 'Careers', dspname: 'Work with us' }, [
      { parameterName: 'intro', sequence: 1, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header' },
    ]);
    const closedId = await createPageWithParameters(t.app, admin, { filename: 'Closed', dspname: 'Closed page' }, [
      { parameterName: 'intro', sequence: 1, type: 'Textarea', unittype: 'Character', pagecreationtype: 'Header' },
    ]);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/master/activitydelstatus',
      headers: admin.headers,
      payload: { id: closedId, activeStatus: 'N' },
    });
    expect(off.statusCode, off.body).toBe(200);

    const response = await sitePages(editor);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as { items: Array<{ title: string; path: string }> };
    const paths = items.map((item) => item.path);
    expect(paths).toEqual(expect.arrayContaining(['/Home1', '/About1', '/Contact1', '/Careers1']));
    expect(items).toContainEqual({ title: 'Work with us', path: '/Careers1' });
    expect(paths).not.toContain('/Closed1');
    // By title, each page once, in the default language.
    const titles = items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is for whoever edits a page: 401 without a session, 403 for a menu without a page editor', async () => {
    expect((await sitePages(admin)).statusCode).toBe(200);
    expect((await sitePages(null)).statusCode).toBe(401);
    const refused = await sitePages(reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your menu does not include a page editor.');
  });
});
