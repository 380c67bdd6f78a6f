import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../core/schemas/comment';
import { ADMIN_PASSWORD, addGerman, logIn, signInTeam, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';

interface Listed {
  id: number;
  path: string;
  text: string;
  author: string;
  mine: boolean;
  resolved: boolean;
  resolvedBy: string | null;
  resolvedAt: string | null;
  replies: Array<{ id: number; text: string; author: string; mine: boolean }>;
}

/** Comments on a draft's fields (docs/design.md §32), through the real API on each database. */
describe.each(testDialects())('comments on a draft on %s', (dialect) => {
  let t: TestApp;
  let boss: LoggedIn;
  let writer: LoggedIn;
  let colleague: LoggedIn;
  let stranger: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ boss, writer, colleague, stranger } = await signInTeam(t.app, async () => {
      for (const name of ['writer', 'colleague', 'stranger', 'boss'])
        await db()
          .updateTable('users')
          .set({ email: `${name}@firm.example` })
          .where('username', '=', name)
          .execute();
    }));
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, who: LoggedIn | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const db = () => t.app.tenants.default.db;
  const add = (who: LoggedIn, body: Record<string, unknown>) =>
    inject('POST', '/api/master/comments', who, { routing: 'News', ...body });
  const added = async (who: LoggedIn, body: Record<string, unknown>) => {
    const response = await add(who, body);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: number }).id;
  };
  const list = async (who: LoggedIn, query = 'routing=News') => {
    const response = await inject('GET', `/api/master/comments?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: Listed[] }).items;
  };
  const resolve = (who: LoggedIn, id: number | string, resolved: unknown) =>
    inject('POST', `/api/master/comments/${id}/resolve`, who, { resolved });
  const lastAudit = async () =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'summary', 'details', 'user_name'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const mails = async () =>
    (await db().selectFrom('jobs').select('payload').where('kind', '=', 'staff-mail').orderBy('id').execute()).map(
      (row) => JSON.parse(row.payload ?? '{}') as { kind: string; to: string; subject: string; text?: string },
    );

  it('adds a comment on a field, lists it with its replies, refuses a reply to a reply; each audited', async () => {
    const id = await added(writer, { path: 'tablelst.0.newsDetails', text: 'Is the date right here?' });
    expect(await lastAudit()).toMatchObject({
      action: 'comment.add',
      user_name: 'writer',
      summary: 'Commented on the field tablelst.0.newsDetails of News',
    });
    const reply = await added(colleague, { path: 'ignored.by.a.reply', text: 'Yes, checked.', replyTo: id });
    expect((await lastAudit()).summary).toBe(`Replied to comment ${id} on the field tablelst.0.newsDetails of News`);

    const seenByWriter = await list(writer);
    const thread = seenByWriter.find((item) => item.id === id)!;
    expect(thread).toMatchObject({
      path: 'tablelst.0.newsDetails',
      text: 'Is the date right here?',
      author: 'writer',
      mine: true,
      resolved: false,
      resolvedBy: null,
      resolvedAt: null,
      replies: [{ id: reply, text: 'Yes, checked.', author: 'colleague', mine: false }],
    });
    // The reply is no thread of its own.
    expect(seenByWriter.some((item) => item.id === reply)).toBe(false);
    expect((await list(colleague)).find((item) => item.id === id)).toMatchObject({
      mine: false,
      replies: [{ mine: true }],
    });

    const deeper = await add(writer, { path: 'tablelst.0.newsDetails', text: 'And again?', replyTo: reply });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toMatchObject({ message: COMMENT_MESSAGES.replyToReply });
    expect(await list(writer)).toEqual(seenByWriter);
  });

  it('resolves and reopens a thread (not a reply), audited with the page and the field', async () => {
    const id = await added(writer, { path: 'seo.title', text: 'Too long for search results.' });
    const reply = await added(boss, { path: 'seo.title', text: 'Shortened.', replyTo: id });
    const resolved = await resolve(colleague, id, true);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      id,
      resolved: true,
      resolvedBy: 'colleague',
      resolvedAt: expect.any(String),
    });
    expect(await lastAudit()).toMatchObject({
      action: 'comment.resolve',
      summary: `Resolved comment ${id} by writer on the field seo.title of News`,
    });
    expect((await list(writer)).find((item) => item.id === id)).toMatchObject({
      resolved: true,
      resolvedBy: 'colleague',
    });
    const reopened = await resolve(writer, id, false);
    expect(reopened.json()).toEqual({ id, resolved: false, resolvedBy: null, resolvedAt: null });
    expect((await lastAudit()).action).toBe('comment.reopen');
    expect((await list(writer)).find((item) => item.id === id)).toMatchObject({ resolved: false, resolvedBy: null });
    const onReply = await resolve(writer, reply, true);
    expect(onReply.statusCode).toBe(400);
    expect(onReply.json().message).toBe(COMMENT_MESSAGES.resolveReply);
  });

  it('is for whoever may edit the page: 401 without a session, 403 without the page, 404 for no page or comment', async () => {
    const id = await added(writer, { path: 'lead', text: 'Private to the editors of News.' });
    expect((await inject('GET', '/api/master/comments?routing=News', null)).statusCode).toBe(401);
    expect((await add(null as unknown as LoggedIn, { path: 'lead', text: 'x' })).statusCode).toBe(401);
    expect((await inject('POST', `/api/master/comments/${id}/resolve`, null, { resolved: true })).statusCode).toBe(401);

    const forbidden = [
      await inject('GET', '/api/master/comments?routing=News', stranger),
      await add(stranger, { path: 'lead', text: 'Let me in.' }),
      await add(stranger, { path: 'lead', text: 'Let me in.', replyTo: id }),
      await resolve(stranger, id, true),
    ];
    expect(forbidden.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
    expect(forbidden.every((response) => typeof response.json().message === 'string')).toBe(true);

    expect((await inject('GET', '/api/master/comments?routing=NoSuchPage', boss)).statusCode).toBe(404);
    expect((await add(boss, { routing: 'NoSuchPage', path: 'lead', text: 'x' })).statusCode).toBe(404);
    expect((await resolve(boss, 999_999, true)).statusCode).toBe(404);
    // A reply names a comment of the same page: News's comment is no comment of About.
    const elsewhere = await add(boss, { routing: 'About', path: 'lead', text: 'x', replyTo: id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(COMMENT_MESSAGES.notFound);
    expect((await list(boss, 'routing=About')).length).toBe(0);
  });

  it('keeps a German translation’s comments apart from the source’s', async () => {
    await addGerman(t.app, boss);
    const source = await added(writer, { path: 'lead', text: 'English lead.', locale: null });
    const german = await added(writer, { path: 'lead', text: 'Deutscher Vorspann?', locale: 'de' });
    expect((await lastAudit()).summary).toBe('Commented on the field lead of News in de');
    expect(JSON.parse((await lastAudit()).details ?? '{}')).toMatchObject({ locale: 'de', comment: german });
    const inGerman = await list(writer, 'routing=News&locale=de');
    expect(inGerman.map((item) => item.id)).toEqual([german]);
    const inSource = (await list(writer)).map((item) => item.id);
    expect(inSource).toContain(source);
    expect(inSource).not.toContain(german);
    // A reply in the source's language to the German comment names no comment there.
    expect((await add(writer, { path: 'lead', text: 'x', replyTo: german })).statusCode).toBe(404);
    expect((await added(colleague, { path: 'lead', text: 'Ja.', locale: 'de', replyTo: german })) > german).toBe(true);
    // A language the site does not have, or a malformed one, is a 400.
    expect((await inject('GET', '/api/master/comments?routing=News&locale=fr', writer)).statusCode).toBe(400);
    expect((await add(writer, { path: 'lead', text: 'x', locale: 'Deutsch!' })).statusCode).toBe(400);
  });

  it('mails each @username who may edit the page, never the writer, an unknown name or someone without the page', async () => {
    const before = (await mails()).length;
    await added(writer, {
      path: 'seo.description',
      text: '@colleague please look; @writer @nobody @stranger and @BOSS too. mail@colleague.example is no mention.',
    });
    const sent = (await mails()).slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual(['boss@firm.example', 'colleague@firm.example']);
    expect(sent.every((mail) => mail.kind === 'comment-mention')).toBe(true);
    expect(sent[0]!.subject).toContain('writer mentioned you on News');
    if (sent[0]!.text) expect(sent[0]!.text).toContain('seo.description');
    expect(JSON.parse((await lastAudit()).details ?? '{}').mentioned.sort()).toEqual(['boss', 'colleague']);
    // No mention, no mail.
    await added(writer, { path: 'seo.description', text: 'No one named here.' });
    expect((await mails()).length).toBe(before + 2);
  });

  it('refuses texts and paths of another shape with a 400 and a sentence, never a 5xx', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ path: 'lead', text: '' }, 'text'],
      [{ path: 'lead', text: '   ' }, 'text'],
      [{ path: 'lead', text: 'x'.repeat(2001) }, 'text'],
      [{ path: 'lead', text: 42 }, 'text'],
      [{ path: 'lead' }, 'text'],
      [{ path: '', text: 'x' }, 'path'],
      [{ path: 'a'.repeat(201), text: 'x' }, 'path'],
      [{ path: 'lead..title', text: 'x' }, 'path'],
      [{ path: '<script>', text: 'x' }, 'path'],
      [{ path: ['lead'], text: 'x' }, 'path'],
      [{ path: 'lead', text: 'x', replyTo: 'one' }, 'replyTo'],
      [{ path: 'lead', text: 'x', replyTo: 2_147_483_648 }, 'replyTo'],
      [{ path: 'lead', text: 'x', extra: true }, ''],
      [{ path: 'lead', text: 'nul \u0000 here' }, 'U+0000'],
    ];
    for (const [body, field] of cases) {
      const response = await add(writer, body);
      expect([response.statusCode, body]).toEqual([400, body]);
      expect(response.json().message, JSON.stringify(body)).toEqual(expect.any(String));
      if (field) expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await add(writer, { path: 'lead', text: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect((await add(writer, { path: 'document.rows.2.First name', text: 'A page-builder field.' })).statusCode).toBe(
      200,
    );
    for (const response of [
      await t.app.inject({
        method: 'POST',
        url: '/api/master/comments',
        headers: { ...writer.headers, 'content-type': 'application/json' },
        payload: '{"routing": "News", "path": ',
      }),
      await inject('POST', '/api/master/comments', writer, [1, 2]),
      await inject('GET', '/api/master/comments', writer),
      await inject('GET', `/api/master/comments?routing=${'x'.repeat(101)}`, writer),
      await resolve(writer, 'abc', true),
      await resolve(writer, 2_147_483_648, true),
      await resolve(writer, 1, 'yes'),
    ])
      expect(response.statusCode, response.body).toBe(400);
  });
});

/** Each tenant's comments are its own (docs/design.md §9): another tenant's comment id names nothing there. */
describe.each(testDialects())('comments of two tenants on %s', (dialect) => {
  let t: TestApp;
  let ours: LoggedIn;
  let theirs: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect, { TENANTS: 'default,acme', PUBLIC_BASE_URL: 'https://folio.example/' });
    ({ writer: ours } = await signInTeam(t.app));
    const acme = t.app.tenants.all().find((tenant) => tenant.name === 'acme')!;
    await createUser(acme.db, { username: 'acme-boss', password: ADMIN_PASSWORD, groupId: 1 });
    theirs = await logIn(t.app, 'acme-boss', ADMIN_PASSWORD, '127.0.0.1', 'acme');
  });
  afterAll(async () => t?.close());

  it('lists, replies to and resolves only its own tenant’s comments', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/master/comments',
      headers: ours.headers,
      payload: { routing: 'News', path: 'lead', text: 'Ours only.' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id } = made.json() as { id: number };
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/master/comments?routing=News',
      headers: theirs.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ items: [] });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/master/comments',
      headers: theirs.headers,
      payload: { routing: 'News', path: 'lead', text: 'Theirs.', replyTo: id },
    });
    expect(reply.statusCode).toBe(404);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/master/comments/${id}/resolve`,
      headers: theirs.headers,
      payload: { resolved: true },
    });
    expect(resolved.statusCode).toBe(404);
    const ownList = await t.app.inject({
      method: 'GET',
      url: '/api/master/comments?routing=News',
      headers: ours.headers,
    });
    expect(ownList.json().items).toEqual([expect.objectContaining({ id, resolved: false, replies: [] })]);
  });
});
