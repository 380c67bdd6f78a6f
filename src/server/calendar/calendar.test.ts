import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../core/schemas/calendar';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar (docs/design.md §32): what goes live when, and moving it, through the real API on each database. */
describe.each(testDialects())('the calendar on %s', (dialect) => {
  let t: TestApp;
  let boss: LoggedIn;
  let writer: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    boss = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    await createEditor(t.app, 'writer');
    writer = await logIn(t.app, 'writer', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, who: LoggedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const calendar = async (from: string, to: string, who: LoggedIn = boss) => {
    const answer = await inject('GET', `/api/master/calendar?from=${from}&to=${to}`, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().items as Array<Record<string, unknown>>;
  };
  /** Saves News as `who` with `publish` (a time schedules it); its revision. */
  const saveNews = async (who: LoggedIn, publish: string) => {
    const read = (await inject('GET', '/api/master/edit/News', who)).json();
    const saved = await inject('POST', '/api/master/savenews', who, { ...read, publish });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json() as { revision: number; status: string };
  };
  const move = (who: LoggedIn, body: object) => inject('POST', '/api/master/reschedule/News', who, body);

  it('lists a scheduled publication on its day, moves it to another after checking the time, and audits the move', async () => {
    const at = new Date(Date.now() + 2 * DAY);
    at.setUTCHours(9, 0, 0, 0);
    const { revision } = await saveNews(boss, at.toISOString());
    const week = await calendar(dayOf(Date.now()), dayOf(Date.now() + 6 * DAY));
    expect(week).toEqual([
      { kind: 'scheduled', routing: 'News', title: 'News', locale: null, revision, at: at.toISOString(), by: 'boss' },
    ]);
    // A range that ends before its day does not hold it.
    expect(await calendar(dayOf(Date.now() - 3 * DAY), dayOf(at.getTime() - DAY))).toEqual([]);

    for (const publishAt of [new Date(Date.now() - DAY).toISOString(), 'now', 'draft']) {
      const refused = await move(boss, { revision, publishAt });
      expect(refused.statusCode).toBe(400);
    }
    const later = new Date(at.getTime() + DAY);
    const moved = await move(boss, { revision, publishAt: later.toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ message: CALENDAR_MESSAGES.moved, revision, publishAt: later.toISOString() });
    expect((await calendar(dayOf(Date.now()), dayOf(Date.now() + 6 * DAY)))[0]).toMatchObject({
      revision,
      at: later.toISOString(),
    });
    expect((await inject('GET', '/api/master/edit/News', boss)).json().scheduled).toEqual({
      revision,
      publishAt: later.toISOString(),
    });
    const entry = await t.app.tenants.default.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'page.reschedule')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details ?? '{}')).toMatchObject({
      revision,
      from: at.toISOString(),
      to: later.toISOString(),
    });

    // Published meanwhile: no longer movable.
    await saveNews(boss, 'now');
    const gone = await move(boss, { revision, publishAt: new Date(Date.now() + 5 * DAY).toISOString() });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(CALENDAR_MESSAGES.notMovable);
  });

  it('lets a member of a review group move only the review they asked for, never a publication', async () => {
    const scheduled = await saveNews(boss, new Date(Date.now() + 3 * DAY).toISOString());
    await inject('POST', '/api/menu/SaveUserGroup', boss, { id: 3, updategroupname: 'Editors', publishing: 'review' });
    try {
      const asking = await logIn(t.app, 'writer', EDITOR_PASSWORD);
      const refused = await move(asking, {
        revision: scheduled.revision,
        publishAt: new Date(Date.now() + 4 * DAY).toISOString(),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CALENDAR_MESSAGES.reviewMovesOnly);
      const asked = await saveNews(asking, new Date(Date.now() + 3 * DAY).toISOString());
      expect(asked.status).toBe('in_review');
      const to = new Date(Date.now() + 5 * DAY).toISOString();
      expect((await move(asking, { revision: asked.revision, publishAt: to })).statusCode).toBe(200);
      // Asking for review leaves the waiting schedule as it is: both are on the calendar, in time order.
      expect(await calendar(dayOf(Date.now()), dayOf(Date.now() + 6 * DAY))).toEqual([
        expect.objectContaining({ kind: 'scheduled', revision: scheduled.revision, by: 'boss' }),
        expect.objectContaining({ kind: 'review', revision: asked.revision, at: to, by: 'writer' }),
      ]);
    } finally {
      await inject('POST', '/api/menu/SaveUserGroup', boss, {
        id: 3,
        updategroupname: 'Editors',
        publishing: 'direct',
      });
    }
  });

  it('refuses a range backwards or over 62 days, and a user whose menu lacks the screen', async () => {
    expect((await inject('GET', '/api/master/calendar?from=2026-12-10&to=2026-12-01', boss)).statusCode).toBe(400);
    expect((await inject('GET', '/api/master/calendar?from=2026-12-01&to=2027-02-01', boss)).statusCode).toBe(400);
    expect((await inject('GET', '/api/master/calendar?from=2026-12-01&to=2026-12-31', writer)).statusCode).toBe(403);
    expect((await inject('GET', '/api/master/calendar?from=2026-12-01&to=2026-12-31', null)).statusCode).toBe(401);
  });
});
