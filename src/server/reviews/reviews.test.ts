import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../core/schemas/review';
import { addGerman, ADMIN_PASSWORD, EDITOR_PASSWORD, logIn, signInTeam, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

const EDITORS_GROUP = 3;
const HOUR = 3_600_000;

/** Review before publishing (docs/design.md §32), through the real API on each database. */
describe.each(testDialects())('review before publishing on %s', (dialect) => {
  let t: TestApp;
  let boss: LoggedIn;
  let writer: LoggedIn;
  let colleague: LoggedIn;
  let stranger: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The Editors group is made to publish through review before its members sign in.
    ({ boss, writer, colleague, stranger } = await signInTeam(t.app, async (admin) => {
      await db().updateTable('users').set({ email: 'writer@firm.example' }).where('username', '=', 'writer').execute();
      const grouped = await inject('POST', '/api/menu/SaveUserGroup', admin, {
        id: EDITORS_GROUP,
        updategroupname: 'Editors',
        publishing: 'review',
      });
      expect(grouped.statusCode, grouped.body).toBe(200);
    }));
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, who: LoggedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const db = () => t.app.tenants.default.db;
  const edit = async (who: LoggedIn) => {
    const response = await inject('GET', '/api/master/edit/News', who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const publicNews = async () => (await inject('POST', '/api/master/getnews', null, {})).json();
  /** The writer changes the first news item's text and presses Publish (or Schedule with `publish`). */
  const askForReview = async (words: string, publish?: string) => {
    const read = await edit(writer);
    const saved = await inject('POST', '/api/master/savenews', writer, {
      ...read,
      tablelst: read.tablelst.map((row: object, i: number) =>
        i === 0 ? { ...row, newsDetails: `<p>${words}</p>` } : row,
      ),
      ...(publish ? { publish } : {}),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json() as { revision: number; status: string; publishAt: string | null };
  };
  const decide = (who: LoggedIn, body: object) => inject('POST', '/api/master/reviews/News', who, body);
  const reviewsOf = async (who: LoggedIn) => {
    const response = await inject('GET', '/api/master/reviews', who);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: Array<Record<string, unknown>> }).items;
  };
  const actions = async () =>
    (await db().selectFrom('audit_log').select('action').where('target_id', '=', 'News').orderBy('id').execute()).map(
      (row) => row.action,
    );

  it('a group publishes through review: the setting is listed, and its member’s Publish asks for review instead', async () => {
    const groups = (await inject('POST', '/api/menu/getAllgroup', boss, {})).json() as Array<Record<string, unknown>>;
    expect(groups.find((g) => g.id === EDITORS_GROUP)).toMatchObject({ groupname: 'Editors', publishing: 'review' });
    expect(groups.find((g) => g.groupname === 'Front desk')).toMatchObject({ publishing: 'direct' });
    const group = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'group.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(group.details ?? '{}')).toMatchObject({ publishing: { before: 'direct', after: 'review' } });

    const live = await publicNews();
    const asked = await askForReview('Words waiting for a second pair of eyes.');
    expect(asked).toMatchObject({ status: 'in_review', publishAt: null });
    // Nothing public changed; the editor reads the revision as in review.
    expect(await publicNews()).toEqual(live);
    expect(await edit(writer)).toMatchObject({
      revision: asked.revision,
      status: 'in_review',
      published: live.revision,
    });
    expect((await actions()).at(-1)).toBe('review.ask');

    // The boss (Administrators: publishes directly, has the page) sees it; the writer and the colleague (a review
    // group) and the stranger (no such page in the menu) see nothing.
    expect(await reviewsOf(boss)).toEqual([
      expect.objectContaining({
        routing: 'News',
        locale: null,
        revision: asked.revision,
        author: 'writer',
        publishAt: null,
      }),
    ]);
    expect(await reviewsOf(writer)).toEqual([]);
    expect(await reviewsOf(colleague)).toEqual([]);
    expect(await reviewsOf(stranger)).toEqual([]);

    // Refused whoever else asks: a member of a review group, someone without the page.
    const byColleague = await decide(colleague, { revision: asked.revision, decision: 'approve' });
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json().message).toBe(REVIEW_MESSAGES.mayNotPublish);
    expect((await decide(stranger, { revision: asked.revision, decision: 'approve' })).statusCode).toBe(403);
    expect(await publicNews()).toEqual(live);

    const approved = await decide(boss, { revision: asked.revision, decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({
      message: REVIEW_MESSAGES.approved,
      revision: asked.revision,
      status: 'published',
      publishAt: null,
    });
    expect((await publicNews()).tablelst[0].newsDetails).toBe('<p>Words waiting for a second pair of eyes.</p>');
    expect((await inject('GET', '/News1', null)).body).toContain('Words waiting for a second pair of eyes.');
    expect((await actions()).at(-1)).toBe('review.approve');
    // Decided once: a second decision is a conflict, and the list is empty.
    expect((await decide(boss, { revision: asked.revision, decision: 'approve' })).statusCode).toBe(409);
    expect(await reviewsOf(boss)).toEqual([]);
  });

  it('the author’s own approval is 403 whatever the client sends, even once their group publishes directly', async () => {
    const asked = await askForReview('The author would like to approve this.');
    await inject('POST', '/api/menu/SaveUserGroup', boss, {
      id: EDITORS_GROUP,
      updategroupname: 'Editors',
      publishing: 'direct',
    });
    try {
      const mine = await logIn(t.app, 'writer', EDITOR_PASSWORD);
      for (const body of [
        { revision: asked.revision, decision: 'approve' },
        { revision: asked.revision, decision: 'approve', author: 'boss', savedBy: 1, userId: 1 },
      ]) {
        const own = await decide(mine, body);
        expect([own.statusCode, own.json().message]).toEqual(
          body.author ? [400, expect.any(String)] : [403, REVIEW_MESSAGES.ownRevision],
        );
      }
      expect((await edit(boss)).status).toBe('in_review');
    } finally {
      await inject('POST', '/api/menu/SaveUserGroup', boss, {
        id: EDITORS_GROUP,
        updategroupname: 'Editors',
        publishing: 'review',
      });
    }
    expect(
      (await decide(boss, { revision: asked.revision, decision: 'changes', comment: 'Not this.' })).statusCode,
    ).toBe(200);
  });

  it('a newer save supersedes a revision in review: it becomes a draft and can no longer be approved', async () => {
    const first = await askForReview('First try.');
    const second = await askForReview('Second try.');
    expect(second.revision).toBeGreaterThan(first.revision);
    const revisions = await db()
      .selectFrom('page_revisions as r')
      .innerJoin('pages as p', 'p.id', 'r.page_id')
      .select(['r.revision', 'r.status'])
      .where('p.routing', '=', 'News')
      .where('r.revision', 'in', [first.revision, second.revision])
      .orderBy('r.revision')
      .execute();
    expect(revisions).toEqual([
      { revision: first.revision, status: 'draft' },
      { revision: second.revision, status: 'in_review' },
    ]);
    const stale = await decide(boss, { revision: first.revision, decision: 'approve' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(REVIEW_MESSAGES.notInReview);
    expect((await reviewsOf(boss)).map((item) => item.revision)).toEqual([second.revision]);
    expect((await decide(boss, { revision: second.revision, decision: 'approve' })).statusCode).toBe(200);
  });

  it('requesting changes needs a comment, sends the revision back as a draft and mails its author', async () => {
    const live = await publicNews();
    const asked = await askForReview('A sentence with a mistake in it.');
    const bare = await decide(boss, { revision: asked.revision, decision: 'changes', comment: '   ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ message: REVIEW_MESSAGES.commentRequired, field: 'comment' });
    const sentBack = await decide(boss, {
      revision: asked.revision,
      decision: 'changes',
      comment: 'The second sentence names the wrong clinic <b>here</b>.',
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json()).toMatchObject({ status: 'draft', revision: asked.revision });
    expect(await publicNews()).toEqual(live);
    const row = await db()
      .selectFrom('page_revisions')
      .select(['status', 'review_comment', 'reviewed_by_name'])
      .where('revision', '=', asked.revision)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'draft',
      review_comment: 'The second sentence names the wrong clinic <b>here</b>.',
      reviewed_by_name: 'boss',
    });
    const mail = await db()
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'staff-mail')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // Sent or not by now (no SMTP server here): the job keeps at least whom it was for and what it was about.
    const message = JSON.parse(mail.payload ?? '{}') as { to: string; subject: string; html?: string };
    expect(message).toMatchObject({ to: 'writer@firm.example', subject: expect.stringContaining('News') });
    if (message.html) expect(message.html).toContain('names the wrong clinic &lt;b&gt;here&lt;/b&gt;.');
    expect((await actions()).at(-1)).toBe('review.changes');
  });

  it('a review asked for a time is scheduled for it when approved, and published at once if the time has passed', async () => {
    const at = new Date(Date.now() + 2 * HOUR).toISOString();
    const asked = await askForReview('For Monday morning.', at);
    expect(asked).toMatchObject({ status: 'in_review', publishAt: at });
    expect((await reviewsOf(boss))[0]).toMatchObject({ revision: asked.revision, publishAt: at });
    const approved = await decide(boss, { revision: asked.revision, decision: 'approve' });
    expect(approved.json()).toMatchObject({
      status: 'scheduled',
      publishAt: at,
      message: REVIEW_MESSAGES.approvedScheduled,
    });
    expect(await edit(boss)).toMatchObject({ scheduled: { revision: asked.revision, publishAt: at } });

    const soon = await askForReview('Due before anyone looked.', new Date(Date.now() + 60_000).toISOString());
    await db()
      .updateTable('page_revisions')
      .set({ publish_at: new Date(Date.now() - 60_000).toISOString() })
      .where('revision', '=', soon.revision)
      .execute();
    const late = await decide(boss, { revision: soon.revision, decision: 'approve' });
    expect(late.json()).toMatchObject({ status: 'published', publishAt: null });
    expect((await publicNews()).tablelst[0].newsDetails).toBe('<p>Due before anyone looked.</p>');
    // Publishing cancelled the earlier schedule: it stays, as a draft.
    expect((await edit(boss)).scheduled).toBeNull();
  });

  it('two reviewers approving at the same moment publish it once', async () => {
    await createUser(db(), { username: 'boss2', password: ADMIN_PASSWORD, groupId: 1 });
    const second = await logIn(t.app, 'boss2', ADMIN_PASSWORD);
    const asked = await askForReview('Approved twice at once.');
    const before = (await actions()).length;
    const answers = await Promise.all([
      decide(boss, { revision: asked.revision, decision: 'approve' }),
      decide(second, { revision: asked.revision, decision: 'approve' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await actions()).slice(before)).toEqual(['review.approve']);
    expect((await publicNews()).tablelst[0].newsDetails).toBe('<p>Approved twice at once.</p>');
  });

  it('works per language: a German translation asked for review is listed in German and approved in German', async () => {
    await addGerman(t.app, boss);
    const read = await inject('GET', '/api/master/translate/News?locale=de', writer);
    expect(read.statusCode, read.body).toBe(200);
    const asked = await inject('POST', '/api/master/translate/News', writer, {
      locale: 'de',
      revision: read.json().revision,
      texts: { lead: 'Neuigkeiten, geprüft' },
      publish: 'now',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'in_review' });
    const revision = asked.json().revision as number;
    expect(await reviewsOf(boss)).toEqual([expect.objectContaining({ routing: 'News', locale: 'de', revision })]);
    // The same number in the default language is no revision of News in review.
    expect((await decide(boss, { revision, decision: 'approve' })).statusCode).toBe(404);
    expect((await inject('GET', '/de/News1', null)).body).not.toContain('Neuigkeiten, geprüft');
    const approved = await decide(boss, { locale: 'de', revision, decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await inject('GET', '/de/News1', null)).body).toContain('Neuigkeiten, geprüft');
    const entry = await db()
      .selectFrom('audit_log')
      .select(['summary', 'details'])
      .where('action', '=', 'review.approve')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe(`Approved and published News in de (revision ${revision}) by writer`);
    expect(JSON.parse(entry.details ?? '{}')).toMatchObject({ locale: 'de', revision });
  });

  it('a revision the page does not have is 404; a decision of another shape is 400', async () => {
    expect((await decide(boss, { revision: 999_999, decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(boss, { revision: 1, decision: 'publish' })).statusCode).toBe(400);
    expect((await inject('GET', '/api/master/reviews', null)).statusCode).toBe(401);
  });
});
