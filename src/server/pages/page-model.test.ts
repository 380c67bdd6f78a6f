import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../core/schemas/account';
import { mayEditPage, type SessionUser } from '../access/access';
import { NotFoundError } from '../errors';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { editDocument, pageHistory, publishedDocument } from './page.service';
import { SOURCE_DOCUMENTS } from './revisions/source-documents';
import { resolvePage } from './resolve-page';

/**
 * The one page model (docs/design.md §25, decision 021): both kinds of page resolve by name, the spec's calls of both
 * answer what the one page service answers, and one rule says who may edit a page.
 */
describe.each(testDialects())('the one page model on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let newsEditor: LoggedIn;
  let careersId: number;
  let newsEditorId: number;
  const tenant = () => t.app.tenants.default;
  const call = (url: string, who: LoggedIn | null, payload?: object, method: 'GET' | 'POST' = 'POST') =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const menuOf = (userId: number, pageIds: number[]) =>
    tenant()
      .db.insertInto('menu_items')
      .values(
        pageIds.map((pageId, index) => ({
          owner_kind: 'user' as const,
          owner_id: userId,
          parent_id: null,
          page_id: pageId,
          label: `Page ${pageId}`,
          sequence: index + 1,
          is_sub_menu: 0,
          land_page: index === 0 ? 1 : 0,
        })),
      )
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(tenant().db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    careersId = (
      await call('/api/master/savePageCreation', admin, {
        filename: 'Careers',
        dspname: 'Careers',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      })
    ).json().id;
    const parameters = await call('/api/master/saveParameters', admin, {
      id: careersId,
      parameters: [
        {
          parameterName: 'title',
          sequence: 1,
          type: 'Textarea',
          unittype: 'Character',
          pagecreationtype: 'Header',
          maxlength: 80,
        },
      ],
    });
    expect(parameters.statusCode, parameters.body).toBe(200);
    const saved = await call('/api/master/savepagecontent', admin, {
      commonrouting: 'Careers',
      document: { header: { title: 'Work with us' }, rows: [], revision: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An editor whose own menu holds News only: neither About nor Careers.
    newsEditorId = await createEditor(t.app, 'news-only');
    await menuOf(newsEditorId, [7]);
    newsEditor = await logIn(t.app, 'news-only', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  describe('resolvePage', () => {
    it('resolves a built-in page, in any case, with its kind, public address and cache key', async () => {
      const page = await resolvePage(tenant(), 'hOmE');
      expect(page).toMatchObject({
        id: 1,
        routing: 'Home',
        active: true,
        onWebsite: true,
        publicPath: '/Home1',
        cacheKey: 'home',
      });
      expect(page.kind.name).toBe('built-in');
      expect(page.kind.emptyDocument()).toBeNull();
    });

    it('resolves a page made without code with its kind and the empty document of a page nobody saved', async () => {
      const page = await resolvePage(tenant(), 'careers');
      expect(page).toMatchObject({
        id: careersId,
        routing: 'Careers',
        displayName: 'Careers',
        publicPath: '/Careers1',
        cacheKey: 'autowired:careers',
      });
      expect(page.kind.name).toBe('page-builder');
      expect(page.kind.emptyDocument()).toEqual({ header: {}, rows: [], revision: 0 });
    });

    it('refuses an unknown name and a back-office screen with 404', async () => {
      await expect(resolvePage(tenant(), 'NoSuchPage')).rejects.toThrow(NotFoundError);
      await expect(resolvePage(tenant(), 'userHomepage')).rejects.toThrow('There is no page of that name.');
      expect((await call('/api/master/getpagecontent', null, { commonrouting: 'NoSuchPage' })).statusCode).toBe(404);
    });

    it('resolves a deactivated page as inactive (its editors keep it); visitors get 404 for it', async () => {
      expect(
        (await call('/api/master/activitydelstatus', admin, { id: careersId, activeStatus: 'N' })).statusCode,
      ).toBe(200);
      try {
        const page = await resolvePage(tenant(), 'Careers');
        expect(page.active).toBe(false);
        expect((await call('/api/master/getpagecontent', null, { commonrouting: 'Careers' })).statusCode).toBe(404);
        expect((await call('/api/pages/Careers1', null, undefined, 'GET')).statusCode).toBe(404);
        expect(
          (await call('/api/master/getpagecontent', admin, { commonrouting: 'Careers' })).json().header.title,
        ).toBe('Work with us');
      } finally {
        await call('/api/master/activitydelstatus', admin, { id: careersId, activeStatus: 'Y' });
      }
      expect((await resolvePage(tenant(), 'Careers')).active).toBe(true);
    });
  });

  describe("the spec's calls are aliases of the one page service", () => {
    it.each([
      ['a built-in page', 'News', '/api/master/getnews'],
      ['a page made without code', 'Careers', null],
    ])('%s: its get calls answer the published document the service reads', async (_what, routing, ownCall) => {
      const expected = JSON.parse(
        JSON.stringify(await publishedDocument(tenant(), await resolvePage(tenant(), routing))),
      );
      expect((await call('/api/master/getpagecontent', null, { commonrouting: routing })).json()).toEqual(expected);
      expect((await call(`/api/pages/${routing}1`, null, undefined, 'GET')).json()).toEqual(expected);
      if (ownCall) expect((await call(ownCall, null, {})).json()).toEqual(expected);
    });

    it.each(['News', 'Careers'])(
      "%s: history and the editor's document answer what the service answers",
      async (routing) => {
        const page = await resolvePage(tenant(), routing);
        const history = JSON.parse(JSON.stringify(await pageHistory(tenant(), page, SOURCE_DOCUMENTS)));
        expect((await call('/api/master/getpagehistory', admin, { commonrouting: routing })).json()).toEqual(history);
        if (routing === 'News')
          expect((await call('/api/master/history/News', admin, undefined, 'GET')).json()).toEqual(history);
        const edit = JSON.parse(
          JSON.stringify(await editDocument(tenant(), page, SOURCE_DOCUMENTS, t.config.publicBaseUrl)),
        );
        expect((await call(`/api/master/edit/${routing.toLowerCase()}`, admin, undefined, 'GET')).json()).toEqual(edit);
      },
    );

    it('saves a built-in page by its own call and by savepagecontent alike: the same revision, answer and audit entry', async () => {
      const read = (await call('/api/master/getabout', null, {})).json();
      const own = await call('/api/master/saveabout', admin, read);
      expect(own.statusCode, own.body).toBe(200);
      const again = (await call('/api/master/getabout', null, {})).json();
      const generic = await call('/api/master/savepagecontent', admin, { commonrouting: 'About', document: again });
      expect(generic.statusCode, generic.body).toBe(200);
      expect(generic.json()).toEqual({ ...own.json(), revision: own.json().revision + 1 });
      const actions = await tenant()
        .db.selectFrom('audit_log')
        .select(['action', 'target_type', 'target_id'])
        .where('target_id', '=', 'About')
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      expect(actions).toEqual([
        { action: 'page.publish', target_type: 'page', target_id: 'About' },
        { action: 'page.publish', target_type: 'page', target_id: 'About' },
      ]);
    });
  });

  describe("may edit this page: its editor in the caller's menu, the account not held", () => {
    it.each([
      ['its own save call', () => ['POST', '/api/master/saveabout', {}] as const],
      ['its history', () => ['GET', '/api/master/history/About', undefined] as const],
      ["the editor's document", () => ['GET', '/api/master/edit/About', undefined] as const],
      ['compare', () => ['GET', '/api/master/compare/About?from=1&to=1', undefined] as const],
      ['unschedule', () => ['POST', '/api/master/unschedule/About', { revision: 1 }] as const],
      [
        'savepagecontent',
        () => ['POST', '/api/master/savepagecontent', { commonrouting: 'About', document: {} }] as const,
      ],
      ['getpagehistory', () => ['POST', '/api/master/getpagehistory', { commonrouting: 'About' }] as const],
    ])('a built-in page outside the menu: %s is a 403', async (_what, request) => {
      const [method, url, payload] = request();
      const refused = await call(url, newsEditor, payload, method);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/^Your menu does not include this (page|screen)\.$/);
    });

    it.each([
      [
        'savepagecontent',
        'POST',
        '/api/master/savepagecontent',
        { commonrouting: 'Careers', document: { header: {}, rows: [], revision: 1 } },
      ],
      ['getpagedefinition', 'POST', '/api/master/getpagedefinition', { commonrouting: 'Careers' }],
      ['getpagehistory', 'POST', '/api/master/getpagehistory', { commonrouting: 'Careers' }],
      ['restorepage', 'POST', '/api/master/restorepage', { commonrouting: 'Careers', revision: 1 }],
      ["the editor's document", 'GET', '/api/master/edit/Careers', undefined],
      ['compare', 'GET', '/api/master/compare/Careers?from=1&to=1', undefined],
    ] as const)('a page made without code outside the menu: %s is a 403', async (_what, method, url, payload) => {
      const refused = await call(url, newsEditor, payload, method);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your menu does not include this page.');
    });

    it('lets the editor of a page in the menu edit it, by either call', async () => {
      expect((await call('/api/master/history/News', newsEditor, undefined, 'GET')).statusCode).toBe(200);
      expect((await call('/api/master/getpagehistory', newsEditor, { commonrouting: 'news' })).statusCode).toBe(200);
      expect((await call('/api/master/edit/News', newsEditor, undefined, 'GET')).statusCode).toBe(200);
    });

    it('names an unknown page with 404 before anything else, for a caller who may edit nothing', async () => {
      expect((await call('/api/master/edit/NoSuchPage', newsEditor, undefined, 'GET')).statusCode).toBe(404);
      expect((await call('/api/master/getpagehistory', newsEditor, { commonrouting: 'NoSuchPage' })).statusCode).toBe(
        404,
      );
    });

    it('refuses a held account for pages of both kinds, whatever its menu holds', async () => {
      const heldId = await createEditor(t.app, 'held-editor');
      await menuOf(heldId, [7, careersId]);
      const held = await logIn(t.app, 'held-editor', EDITOR_PASSWORD);
      await tenant().db.updateTable('users').set({ password_must_change: 1 }).where('id', '=', heldId).execute();
      for (const [method, url, payload] of [
        ['GET', '/api/master/history/News', undefined],
        ['GET', '/api/master/edit/News', undefined],
        ['POST', '/api/master/getpagehistory', { commonrouting: 'Careers' }],
        ['GET', '/api/master/edit/Careers', undefined],
      ] as const) {
        const refused = await call(url, held, payload, method);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe(ACCOUNT_MESSAGES.passwordChangeRequired);
      }
      // The rule itself, as the public routes' preview and the reads of an internal page ask it.
      const session = (mustChangePassword: boolean): SessionUser => ({
        sessionId: 0,
        userId: heldId,
        username: 'held-editor',
        firstName: 'Eda',
        groupId: 3,
        csrfToken: '',
        twoFactor: false,
        mustEnrol: false,
        mustChangePassword,
        via: 'bearer',
      });
      for (const routing of ['News', 'Careers']) {
        expect(await mayEditPage(tenant(), session(false), routing)).toBe(true);
        expect(await mayEditPage(tenant(), session(true), routing)).toBe(false);
        expect(await mayEditPage(tenant(), { ...session(false), mustEnrol: true }, routing)).toBe(false);
      }
      expect(await mayEditPage(tenant(), session(false), 'About')).toBe(false);
      expect(await mayEditPage(tenant(), null, 'News')).toBe(false);
    });
  });
});
