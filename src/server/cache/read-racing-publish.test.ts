import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createEditor, EDITOR_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Holds the answer of the next read of a page's published document (a select of `document` from `page_revisions`
 * with status published) until `release`: the query runs on the real database at once, its rows reach the
 * caller only later, as a slow read's would. Every other query passes.
 */
function holdNextPublishedRead() {
  let armed = false;
  const held = new WeakSet<object>();
  let caught!: () => void;
  let release!: () => void;
  const state = {
    caught: new Promise<void>((resolve) => (caught = resolve)),
    released: new Promise<void>((resolve) => (release = resolve)),
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const text = JSON.stringify(node);
      if (
        armed &&
        node.kind === 'SelectQueryNode' &&
        text.includes('"page_revisions"') &&
        text.includes('"document"') &&
        text.includes('"published"')
      ) {
        armed = false;
        held.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (held.has(queryId)) {
        caught();
        await state.released;
      }
      return result;
    },
  };
  return { plugin, arm: () => (armed = true), caught: state.caught, release };
}

describe.runIf(process.env.TEST_DATABASE_URL)('a read racing a publish on PostgreSQL (docs/design.md §29)', () => {
  let t: TestApp;
  let editor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  const headingOf = (document: { expertiseList: Array<{ exprtsHeading: string }> }) =>
    document.expertiseList[0]!.exprtsHeading;

  it('a read of a page that began before a publish, and ends after it, does not put the old document back in the cache', async () => {
    const tenant = t.app.tenants.default;
    const document = (await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', payload: {} })).json();
    const before = headingOf(document);
    // Nothing of the page kept yet: the next read goes to the database.
    tenant.cache.clear();
    const hold = holdNextPublishedRead();
    const original = tenant.db;
    (tenant as { db: Db }).db = original.withPlugin(hold.plugin);
    try {
      hold.arm();
      const reading = t.app.inject({ method: 'GET', url: '/api/pages/Home' });
      // The read has its rows (the document before the publish) and is held before it can keep them.
      await hold.caught;
      document.expertiseList[0].exprtsHeading = 'Published while a read was under way';
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/master/saveHome',
        headers: editor.headers,
        payload: document,
      });
      expect(saved.json()).toMatchObject({ message: 'Success' });
      hold.release();
      // The read that began first answers with what it read then.
      expect(headingOf((await reading).json())).toBe(before);
    } finally {
      (tenant as { db: Db }).db = original;
    }
    // Every read after the publish sees it: the API and the public page.
    expect(headingOf((await t.app.inject({ method: 'GET', url: '/api/pages/Home' })).json())).toBe(
      'Published while a read was under way',
    );
    expect((await t.app.inject({ method: 'GET', url: '/Home1' })).body).toContain(
      'Published while a read was under way',
    );
  });
});
