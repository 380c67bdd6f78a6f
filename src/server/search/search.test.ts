import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT } from '../../core/schemas/search';
import { insertEnquiry } from '../enquiries/enquiries.repository';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

type Item = { kind: string; label: string; href: string };

/** Search in the top bar (docs/design.md §23): what the caller may open, at most 20, any text taken as text. */
describe.each(testDialects())('search on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let ashaId: number;
  let enquiryId: number;
  const db = () => t.app.tenants.default.db;
  const search = async (q: unknown, who: LoggedIn | null = admin) =>
    t.app.inject({ method: 'POST', url: '/api/master/search', headers: who?.headers ?? {}, payload: { q } });
  const items = async (q: string, who: LoggedIn = admin) => {
    const response = await search(q, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as Item[];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    ashaId = await createUser(db(), { username: 'asha.rao', password: EDITOR_PASSWORD, groupId: 3, firstName: 'Asha' });
    enquiryId = await insertEnquiry(db(), {
      organization: 'Kolhapur Sugar',
      name: 'Meera Joshi',
      email: 'meera@sugar.example',
      mobile: '9876543210',
      requirements: 'Asha told us about you.',
      created_at: new Date().toISOString(),
      status: 'New',
    });
    for (let i = 0; i < 30; i += 1) {
      await insertEnquiry(db(), {
        organization: 'Bulk',
        name: `Crowd ${i}`,
        email: `crowd${i}@example.in`,
        mobile: '9876543210',
        requirements: 'Crowded',
        created_at: new Date().toISOString(),
        status: 'New',
      });
    }
  });
  afterAll(async () => t?.close());

  it('finds users, enquiries, groups, master values and pages, each with the screen that opens it', async () => {
    const asha = await items('asha');
    expect(asha).toContainEqual({ kind: 'user', label: 'Asha (asha.rao)', href: `/user/${ashaId}` });
    expect(asha).toContainEqual({
      kind: 'enquiry',
      label: expect.stringMatching(/^Meera Joshi, Kolhapur Sugar \(\d{4}-\d{2}-\d{2}\)$/),
      href: `/enquiries?open=${enquiryId}`,
    });
    expect(await items('sugar.example')).toEqual([
      expect.objectContaining({ kind: 'enquiry', href: `/enquiries?open=${enquiryId}` }),
    ]);
    expect(await items('edit')).toContainEqual({ kind: 'group', label: 'Editors', href: '/bmstree?id=3&from=group' });
    const pune = await items('pune');
    expect(pune).toContainEqual(
      expect.objectContaining({
        kind: 'master',
        label: 'Pune (City)',
        href: expect.stringMatching(/^\/commonMaster\?edit=\d+$/),
      }),
    );
    expect(await items('pharma')).toContainEqual({
      kind: 'page',
      label: 'Relationware CRM – Pharma',
      href: '/RelationwareCRM-Pharma',
    });
    expect(await items('hom')).toContainEqual({ kind: 'page', label: 'Home', href: '/Home' });
  });

  it('finds images of the media library by name and by alt text, for the media screen only (docs/design.md §27)', async () => {
    const at = new Date().toISOString();
    const name = 'abcdef0123456789abcdef01_640x480.jpg';
    const { id } = await db()
      .insertInto('media')
      .values({
        folder: 'about',
        name,
        alt: 'Kolhapur office, front desk',
        width: 640,
        height: 480,
        bytes: 1000,
        uploaded_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const found = { kind: 'image', label: `Kolhapur office, front desk (${name})`, href: `/media?open=${id}` };
    expect(await items('front desk')).toContainEqual(found);
    expect(await items('0123456789abcdef01_640')).toContainEqual(found);
    expect(await items('office')).toContainEqual(found);
    expect((await items('front desk', editor)).filter((item) => item.kind === 'image')).toEqual([]);
    // By its title too, and called by it (docs/design.md §34).
    await db().updateTable('media').set({ title: 'reception_2024' }).where('id', '=', id).execute();
    expect(await items('ception_20')).toContainEqual({ ...found, label: `reception_2024 (${name})` });
  });

  it('gives at most 20, shared between the kinds that found something', async () => {
    const crowd = await items('crowd');
    expect(crowd).toHaveLength(SEARCH_LIMIT);
    expect(new Set(crowd.map((item) => item.kind))).toEqual(new Set(['enquiry']));
    // Newest first.
    expect(crowd[0]!.label).toMatch(/^Crowd 29,/);
  });

  it('finds for an editor only what their menu opens: pages, no users, no enquiries', async () => {
    const found = await items('asha', editor);
    expect(found.filter((item) => item.kind !== 'page')).toEqual([]);
    expect(await items('home', editor)).toEqual([{ kind: 'page', label: 'Home', href: '/Home' }]);
    expect(await items('pune', editor)).toEqual([]);
  });

  it('takes any text as text: quotes, FTS and SQL syntax, a thousand characters; never an error', async () => {
    for (const q of [
      '"',
      '*',
      'NEAR',
      'OR',
      'a OR b',
      'NEAR(asha meera)',
      '"asha',
      'asha*',
      '%',
      '_',
      '%asha%',
      "' or 1=1 --",
      'x'.repeat(1000),
      `${'asha '.repeat(300)}`,
      'a'.repeat(5000),
      '-asha',
      'asha:*',
      '!()&|',
    ]) {
      const response = await search(q);
      expect(response.statusCode, `${q.slice(0, 40)}: ${response.body}`).toBe(200);
      expect(Array.isArray(response.json().items)).toBe(true);
    }
    expect(await items('NEAR')).toEqual([]);
    expect(await items('%')).toEqual([]);
    // Words only: "OR" between two words is a word that no one wrote, not an operator.
    expect(await items('asha OR nobody')).toEqual([]);
    expect(await items('"asha"')).toContainEqual(expect.objectContaining({ kind: 'user' }));
    expect((await search(42)).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await search('asha', null)).statusCode).toBe(401);
  });
});
