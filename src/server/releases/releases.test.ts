import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_MESSAGES } from '../../core/schemas/release';
import { onDomainEvent, type DomainEvent } from '../events/domain-events';
import { addGerman, ADMIN_PASSWORD, logIn, signInTeam, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { publishDueReleases } from './releases.service';

const EDITORS_GROUP = 3;
const HOUR = 3_600_000;

/** Releases (docs/design.md §32), through the real API on each database. */
describe.each(testDialects())('releases on %s', (dialect) => {
  let t: TestApp;
  let boss: LoggedIn;
  let second: LoggedIn;
  let writer: LoggedIn;
  let stranger: LoggedIn;

  beforeAll(async () => {
    // Few revisions kept: what a release would put back must outlive the pruning of a busy page.
    t = await createTestApp(dialect, { REVISIONS_PER_PAGE: '3' });
    // A writer whose group publishes through review (given the releases screen below); a stranger with no page at all.
    ({ boss, writer, stranger } = await signInTeam(t.app, async (admin) => {
      const grouped = await inject('POST', '/api/menu/SaveUserGroup', admin, {
        id: EDITORS_GROUP,
        updategroupname: 'Editors',
        publishing: 'review',
      });
      expect(grouped.statusCode, grouped.body).toBe(200);
      await createUser(db(), { username: 'second', password: ADMIN_PASSWORD, groupId: 1 });
    }));
    second = await logIn(t.app, 'second', ADMIN_PASSWORD);
    await addGerman(t.app, boss);
    // German News is live before any release: a release's German revision has one to put back.
    await saveGerman('Neuigkeiten von gestern', 'now');
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who: LoggedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const db = () => t.app.tenants.default.db;
  const edit = async (routing: string) => {
    const response = await inject('GET', `/api/master/edit/${routing}`, boss);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Saves News with its first item's text (a draft unless `publish` says otherwise); returns the revision. */
  const saveNews = async (words: string, publish = 'draft') => {
    const read = await edit('News');
    const saved = await inject('POST', '/api/master/savenews', boss, {
      ...read,
      tablelst: read.tablelst.map((row: object, i: number) =>
        i === 0 ? { ...row, newsDetails: `<p>${words}</p>` } : row,
      ),
      publish,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().revision as number;
  };
  const saveCustomers = async (words: string, publish = 'draft') => {
    const read = await edit('Customers');
    const saved = await inject('POST', '/api/master/savecust', boss, {
      ...read,
      tablelst: read.tablelst.map((row: object, i: number) => (i === 0 ? { ...row, custname: words } : row)),
      publish,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().revision as number;
  };
  async function saveGerman(words: string, publish = 'draft') {
    const read = await inject('GET', '/api/master/translate/News?locale=de', boss);
    expect(read.statusCode, read.body).toBe(200);
    const saved = await inject('POST', '/api/master/translate/News', boss, {
      locale: 'de',
      revision: read.json().revision,
      texts: { lead: words },
      publish,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().revision as number;
  }
  const publicPages = async () =>
    Promise.all(['/News1', '/Customers1', '/de/News1'].map(async (path) => (await inject('GET', path, null)).body));
  const release = async (id: number) => {
    const listed = await inject('GET', '/api/master/releases', boss);
    expect(listed.statusCode, listed.body).toBe(200);
    return (listed.json().items as Array<Record<string, unknown> & { id: number }>).find((item) => item.id === id);
  };
  const actionsOf = async (id: number) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'release')
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
  const statusOf = async (routing: string, revision: number, locale = '') =>
    (
      await db()
        .selectFrom('page_revisions as r')
        .innerJoin('pages as p', 'p.id', 'r.page_id')
        .select('r.status')
        .where('p.routing', '=', routing)
        .where('r.revision', '=', revision)
        .where('r.locale', '=', locale)
        .executeTakeFirstOrThrow()
    ).status;
  /** Makes a release of News, Customers and German News at their newest revisions now. */
  const makeRelease = async (name: string, words: string) => {
    const news = await saveNews(`${words}: news`);
    const customers = await saveCustomers(`${words}: customers`);
    const german = await saveGerman(`${words}: Neuigkeiten`);
    const made = await inject('POST', '/api/master/releases', boss, {
      name,
      items: [
        { routing: 'News', revision: news },
        { routing: 'Customers', revision: customers },
        { routing: 'News', locale: 'de', revision: german },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    return { id: made.json().id as number, news, customers, german };
  };

  it('publishes two pages and a translation in one go, with one invalidation and one event, and reverts them byte for byte', async () => {
    await saveNews('News before the launch', 'now');
    await saveCustomers('Customers before the launch', 'now');
    const before = await publicPages();
    const made = await makeRelease('Launch', 'Launched');
    expect(await release(made.id)).toMatchObject({
      name: 'Launch',
      status: 'open',
      createdBy: 'boss',
      items: [
        { routing: 'News', locale: null, revision: made.news, newest: made.news, previous: null },
        { routing: 'Customers', locale: null, revision: made.customers, newest: made.customers },
        { routing: 'News', locale: 'de', revision: made.german, newest: made.german },
      ],
    });
    // Drafts are not live yet.
    expect(await publicPages()).toEqual(before);

    const events: DomainEvent[] = [];
    const stop = onDomainEvent((tenant, event) => {
      if (tenant === t.app.tenants.default) events.push(event);
    });
    const invalidations: unknown[] = [];
    t.app.tenants.default.cache.onInvalidate((tags) => invalidations.push(tags));
    const published = await inject('POST', `/api/master/releases/${made.id}/publish`, boss, {
      acknowledged: [{ routing: 'Customers', locale: null, findings: 2 }],
    });
    stop();
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', message: RELEASE_MESSAGES.published });
    expect(invalidations).toHaveLength(1);
    expect(events).toEqual([
      {
        type: 'release.published',
        at: expect.any(String),
        release: { id: made.id, name: 'Launch' },
        pages: [
          { routing: 'News', locale: null, revision: made.news },
          { routing: 'Customers', locale: null, revision: made.customers },
          { routing: 'News', locale: 'de', revision: made.german },
        ],
      },
    ]);
    const [news, customers, german] = await publicPages();
    expect(news).toContain('Launched: news');
    expect(customers).toContain('Launched: customers');
    expect(german).toContain('Launched: Neuigkeiten');
    const live = await release(made.id);
    expect(live).toMatchObject({ status: 'published', publishedBy: 'boss' });
    expect((live!.items as Array<{ previous: number | null }>).every((item) => item.previous !== null)).toBe(true);
    const entry = await db()
      .selectFrom('audit_log')
      .select(['summary', 'details', 'user_name'])
      .where('action', '=', 'release.publish')
      .where('target_id', '=', String(made.id))
      .executeTakeFirstOrThrow();
    expect(entry.user_name).toBe('boss');
    expect(entry.summary).toBe('Published the release “Launch”: News, Customers, News in de');
    expect(JSON.parse(entry.details ?? '{}')).toMatchObject({
      acknowledged: [{ routing: 'Customers', locale: null, findings: 2 }],
    });

    // Busy pages meanwhile: more drafts than the three revisions kept; what Revert puts back stays.
    for (const n of [1, 2, 3, 4]) await saveCustomers(`Draft ${n} after the launch`);
    const reverted = await inject('POST', `/api/master/releases/${made.id}/revert`, second);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json()).toMatchObject({ status: 'reverted' });
    expect(await publicPages()).toEqual(before);
    expect(await release(made.id)).toMatchObject({ status: 'reverted', revertedBy: 'second' });
    // Nothing written is lost: the release's revisions are drafts again.
    expect(await statusOf('News', made.news)).toBe('draft');
    expect(await statusOf('News', made.german, 'de')).toBe('draft');
    expect(await actionsOf(made.id)).toEqual(['release.create', 'release.publish', 'release.revert']);
    // Once: a second revert is refused.
    expect((await inject('POST', `/api/master/releases/${made.id}/revert`, boss)).statusCode).toBe(409);
  });

  it('publishes nothing when a page changed since it was added, and names that page', async () => {
    const before = await publicPages();
    const made = await makeRelease('Spring', 'Spring');
    await saveCustomers('Changed after it was added');
    const refused = await inject('POST', `/api/master/releases/${made.id}/publish`, boss, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ routing: 'Customers', locale: null });
    expect(refused.json().message).toMatch(/^Customers changed since it was added to the release/);
    expect(await publicPages()).toEqual(before);
    expect(await release(made.id)).toMatchObject({
      status: 'open',
      items: [
        { routing: 'News', previous: null },
        { routing: 'Customers', revision: made.customers, newest: made.customers + 1 },
        { routing: 'News', locale: 'de' },
      ],
    });
    // The release's own revisions are untouched: still drafts.
    expect(await statusOf('News', made.news)).toBe('draft');
    expect(await statusOf('News', made.german, 'de')).toBe('draft');
    // A revision that is not a page's newest is refused when saved, naming the page.
    const stale = await inject('POST', '/api/master/releases', boss, {
      id: made.id,
      name: 'Spring',
      items: [{ routing: 'Customers', revision: made.customers }],
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ routing: 'Customers', locale: null });
  });

  it('two instances publishing the same scheduled release publish it once; a release that cannot go live fails with why', async () => {
    // Several instances run on PostgreSQL: a second one on the same database there; on SQLite two passes of one.
    const other = dialect === 'postgres' ? await createTestApp(dialect, {}, { sameDatabaseAs: t }) : t;
    try {
      const made = await makeRelease('Monday', 'Monday');
      const at = new Date(Date.now() + 2 * HOUR);
      const scheduled = await inject('POST', `/api/master/releases/${made.id}/publish`, boss, {
        publishAt: at.toISOString().replace('Z', '+00:00'),
      });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });
      expect(await publishDueReleases(t.app.tenants.default, new Date(at.getTime() - 60_000))).toEqual([]);
      const passes = await Promise.all([
        publishDueReleases(t.app.tenants.default, at),
        publishDueReleases(other.app.tenants.default, at),
      ]);
      expect(passes.flat()).toEqual([made.id]);
      expect((await actionsOf(made.id)).filter((action) => action === 'release.publish')).toHaveLength(1);
      // A page changed three times within half a second renders at most twice a second: polled, not read once.
      await expect.poll(async () => (await publicPages())[0]).toContain('Monday: news');
      await expect.poll(async () => (await publicPages())[2]).toContain('Monday: Neuigkeiten');
      const entry = await db()
        .selectFrom('audit_log')
        .select(['summary', 'user_name'])
        .where('action', '=', 'release.publish')
        .where('target_id', '=', String(made.id))
        .executeTakeFirstOrThrow();
      expect(entry.user_name).toBeNull();
      expect(entry.summary).toMatch(/^Published the release “Monday” as scheduled by boss: /);

      // A scheduled release whose page changes before its time fails at it, shown on the staff home with why.
      const late = await makeRelease('Tuesday', 'Tuesday');
      const time = new Date(Date.now() + 3 * HOUR);
      const planned = await inject('POST', `/api/master/releases/${late.id}/publish`, boss, {
        publishAt: time.toISOString(),
      });
      expect(planned.statusCode, planned.body).toBe(200);
      const newer = await saveNews('Changed before Tuesday');
      expect(await publishDueReleases(other.app.tenants.default, time)).toEqual([]);
      const failed = await release(late.id);
      expect(failed).toMatchObject({ status: 'failed' });
      expect(failed!.error).toMatch(/^News changed since it was added to the release/);
      const home = await inject('POST', '/api/master/getdashboard', boss, {});
      expect(home.json().releases).toEqual([
        expect.objectContaining({ id: late.id, name: 'Tuesday', pages: 3, failed: failed!.error }),
      ]);
      expect(await actionsOf(late.id)).toEqual(['release.create', 'release.schedule', 'release.publish_failed']);
      // Not tried again by itself; Retry after taking the newest revision publishes it.
      expect(await publishDueReleases(t.app.tenants.default, new Date(time.getTime() + HOUR))).toEqual([]);
      const fixed = await inject('POST', '/api/master/releases', boss, {
        id: late.id,
        name: 'Tuesday',
        items: [
          { routing: 'News', revision: newer },
          { routing: 'Customers', revision: late.customers },
          { routing: 'News', locale: 'de', revision: late.german },
        ],
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      const retried = await inject('POST', `/api/master/releases/${late.id}/publish`, boss, {});
      expect(retried.statusCode, retried.body).toBe(200);
      await expect.poll(async () => (await publicPages())[0]).toContain('Changed before Tuesday');
      expect((await inject('POST', '/api/master/getdashboard', boss, {})).json().releases).toEqual([]);
    } finally {
      if (other !== t) await other.close();
    }
  });

  it('publishes and schedules with every cache cold (nothing read outside the transaction while it is open)', async () => {
    const made = await makeRelease('Cold', 'Cold');
    t.app.tenants.default.cache.clear();
    const published = await inject('POST', `/api/master/releases/${made.id}/publish`, boss, {});
    expect(published.statusCode, published.body).toBe(200);
    const later = await makeRelease('Cold job', 'Cold job');
    const at = new Date(Date.now() + HOUR);
    expect(
      (await inject('POST', `/api/master/releases/${later.id}/publish`, boss, { publishAt: at.toISOString() }))
        .statusCode,
    ).toBe(200);
    t.app.tenants.default.cache.clear();
    expect(await publishDueReleases(t.app.tenants.default, at)).toEqual([later.id]);
  });

  it('offers each page the caller may edit at its newest revision, in each language, unpublished changes first', async () => {
    const news = await saveNews('A candidate for a release');
    const german = await saveGerman('Ein Kandidat');
    const answer = await inject('GET', '/api/master/releases/candidates', boss);
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json().items as Array<{
      routing: string;
      locale: string | null;
      status: string;
      published: number | null;
    }>;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ routing: 'News', locale: null, revision: news, status: 'draft' }),
        expect.objectContaining({ routing: 'News', locale: 'de', revision: german, status: 'draft' }),
      ]),
    );
    const source = items.find((item) => item.routing === 'News' && item.locale === null);
    expect(source?.published).toBe(
      (await inject('GET', '/api/master/edit/News', boss)).json().published as number | null,
    );
    // Unpublished changes first: no published one before a draft.
    const firstLive = items.findIndex((item) => item.status === 'published');
    expect(items.slice(firstLive).every((item) => item.status === 'published')).toBe(true);
    // Pages without a revision in German are not offered in German; the stranger has no releases screen.
    expect(items.filter((item) => item.locale === 'de').map((item) => item.routing)).toEqual(['News']);
    expect((await inject('GET', '/api/master/releases/candidates', stranger)).statusCode).toBe(403);
  });

  it('shows scheduled releases on the calendar, moves and cancels them, and deletes only what is not live', async () => {
    const made = await makeRelease('Calendar', 'Calendar');
    const at = new Date(Date.now() + 5 * HOUR);
    expect(
      (await inject('POST', `/api/master/releases/${made.id}/publish`, boss, { publishAt: at.toISOString() }))
        .statusCode,
    ).toBe(200);
    const day = at.toISOString().slice(0, 10);
    const calendar = await inject('GET', `/api/master/calendar?from=${day}&to=${day}`, boss);
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json().releases).toEqual([
      { id: made.id, name: 'Calendar', kind: 'scheduled', at: at.toISOString(), by: 'boss', pages: 3 },
    ]);
    // Moved: scheduled again for another time.
    const later = new Date(at.getTime() + 24 * HOUR);
    const moved = await inject('POST', `/api/master/releases/${made.id}/publish`, boss, {
      publishAt: later.toISOString(),
    });
    expect(moved.json()).toMatchObject({ status: 'scheduled', publishAt: later.toISOString() });
    expect((await inject('DELETE', `/api/master/releases/${made.id}`, boss)).statusCode).toBe(409);
    expect((await inject('POST', `/api/master/releases/${made.id}`.concat('/unschedule'), boss)).json()).toMatchObject({
      status: 'open',
      publishAt: null,
    });
    expect((await inject('POST', `/api/master/releases/${made.id}/unschedule`, boss)).statusCode).toBe(409);
    // A time passed, or more than a year ahead, is refused.
    for (const publishAt of [new Date(Date.now() - HOUR), new Date(Date.now() + 400 * 24 * HOUR)]) {
      const refused = await inject('POST', `/api/master/releases/${made.id}/publish`, boss, {
        publishAt: publishAt.toISOString(),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: RELEASE_MESSAGES.notAhead, field: 'publishAt' });
    }
    const deleted = await inject('DELETE', `/api/master/releases/${made.id}`, boss);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await release(made.id)).toBeUndefined();
    expect((await inject('DELETE', `/api/master/releases/${made.id}`, boss)).statusCode).toBe(404);
    expect(await actionsOf(made.id)).toEqual([
      'release.create',
      'release.schedule',
      'release.schedule',
      'release.unschedule',
      'release.delete',
    ]);
  });

  it('refuses a writer who publishes through review, a user without the screen or the page, and malformed input', async () => {
    const news = await saveNews('For the access checks');
    const made = await inject('POST', '/api/master/releases', boss, {
      name: 'Access',
      items: [{ routing: 'News', revision: news }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    // The Editors group has no releases screen; given it, its members still publish through review.
    expect((await inject('GET', '/api/master/releases', writer)).statusCode).toBe(403);
    const screen = await db()
      .selectFrom('pages')
      .select('id')
      .where('routing', '=', 'releases')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('menu_items')
      .values({
        owner_kind: 'group',
        owner_id: EDITORS_GROUP,
        parent_id: null,
        page_id: screen.id,
        label: 'Releases',
        sequence: 99,
        is_sub_menu: 0,
        land_page: 0,
      })
      .execute();
    t.app.tenants.default.cache.clear();
    expect((await inject('GET', '/api/master/releases', writer)).statusCode).toBe(200);
    const refused = await inject('POST', `/api/master/releases/${id}/publish`, writer, {});
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(RELEASE_MESSAGES.mayNotPublish);
    expect((await inject('POST', `/api/master/releases/${id}/revert`, writer)).statusCode).toBe(403);
    // The stranger has neither the screen nor the page.
    expect((await inject('GET', '/api/master/releases', stranger)).statusCode).toBe(403);
    expect((await inject('GET', '/api/master/releases', null)).statusCode).toBe(401);
    const cases: Array<[object, number, string?]> = [
      [{ name: '', items: [{ routing: 'News', revision: news }] }, 400, 'name'],
      [{ name: 'x'.repeat(121), items: [{ routing: 'News', revision: news }] }, 400, 'name'],
      [{ name: 'No pages', items: [] }, 400, 'items'],
      [{ name: 'Unknown', items: [{ routing: 'Nowhere', revision: 1 }] }, 400, 'items.0.routing'],
      [
        {
          name: 'Twice',
          items: [
            { routing: 'News', revision: news },
            { routing: 'news', revision: news },
          ],
        },
        400,
      ],
      [{ name: 'Missing', items: [{ routing: 'News', revision: 2_147_483_647 }] }, 404],
      [{ name: 'Language', items: [{ routing: 'News', locale: 'xx', revision: news }] }, 400],
      [{ name: 'Shape', items: [{ routing: 'News', revision: 'one' }] }, 400],
      [{ id: 2_147_483_647, name: 'Gone', items: [{ routing: 'News', revision: news }] }, 404],
    ];
    for (const [body, status, field] of cases) {
      const response = await inject('POST', '/api/master/releases', boss, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(status);
      if (field) expect(response.json().field, response.body).toBe(field);
    }
    for (const bad of ['0', '-1', 'abc', '2147483648', '1.5'])
      expect((await inject('POST', `/api/master/releases/${bad}/publish`, boss, {})).statusCode).toBe(400);
    expect((await inject('POST', '/api/master/releases/2147483647/publish', boss, {})).statusCode).toBe(404);
    expect(
      (await inject('POST', `/api/master/releases/${id}/publish`, boss, { publishAt: 'next Monday' })).statusCode,
    ).toBe(400);
  });
});
