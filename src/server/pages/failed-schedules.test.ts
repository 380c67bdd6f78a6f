import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { createUser } from '../users/users.service';
import { publishDueRevisions } from './page.service';

const HOUR = 3_600_000;

/**
 * A scheduled publication that fails at its time (docs/design.md §32): kept as failed with why, on the staff home's
 * card, never tried again by itself, and published by Retry once the cause is gone. Through the real API on each
 * database; the job is run as its timer runs it.
 */
describe.each(testDialects())('scheduled publications that fail, on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, who: LoggedIn | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const db = () => t.app.tenants.default.db;
  const languages = async (codes: string[]) => {
    const revision = (await inject('GET', '/api/master/locales', admin)).json().revision;
    const names: Record<string, string> = { 'en-IN': 'English', de: 'Deutsch' };
    const saved = await inject('POST', '/api/master/locales', admin, {
      defaultLocale: 'en-IN',
      locales: codes.map((code) => ({ code, name: names[code], enabled: true })),
      revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const scheduledCard = async () =>
    ((await inject('POST', '/api/master/getdashboard', admin, {})).json().scheduled ?? []) as Array<
      Record<string, unknown>
    >;
  const statusOf = async (revision: number) =>
    (
      await db()
        .selectFrom('page_revisions')
        .select(['status', 'publish_error'])
        .where('revision', '=', revision)
        .executeTakeFirstOrThrow()
    ).status;
  const failures = async () =>
    (await db().selectFrom('audit_log').select('summary').where('action', '=', 'page.publish_failed').execute()).map(
      (row) => row.summary,
    );

  it('a German schedule whose language was taken away fails with why, waits on the staff home, and Retry publishes it', async () => {
    await languages(['en-IN', 'de']);
    const read = (await inject('GET', '/api/master/translate/News?locale=de', admin)).json();
    const saved = await inject('POST', '/api/master/translate/News', admin, {
      locale: 'de',
      revision: read.revision,
      texts: { lead: 'Neuigkeiten zur rechten Zeit' },
      publish: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { revision } = saved.json() as { revision: number };
    // German is taken off the site's languages (its translations are kept), and the time comes.
    await languages(['en-IN']);
    const due = new Date(Date.now() + 2 * HOUR);
    expect(await publishDueRevisions(t.app.tenants.default, due)).toEqual([]);
    expect(await statusOf(revision)).toBe('failed');
    const reason = 'de is no longer one of the site’s languages: add it again on the Languages screen, then Retry.';
    expect(await failures()).toEqual([`Could not publish News in de (revision ${revision}) as scheduled: ${reason}`]);
    expect(await scheduledCard()).toEqual([
      expect.objectContaining({ routing: 'News', revision, locale: 'de', name: 'News (de)', failed: reason }),
    ]);
    // Not tried again by itself: no second failure, no publication.
    expect(await publishDueRevisions(t.app.tenants.default, new Date(due.getTime() + HOUR))).toEqual([]);
    expect(await failures()).toHaveLength(1);

    // Retry while German is still away: refused with a sentence naming the language, and it stays failed.
    const early = await inject('POST', '/api/master/retry/News', admin, { locale: 'de', revision });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/de/);
    expect(await statusOf(revision)).toBe('failed');

    await languages(['en-IN', 'de']);
    const retried = await inject('POST', '/api/master/retry/News', admin, { locale: 'de', revision });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ message: `Published News in de (revision ${revision}).`, revision });
    expect(await statusOf(revision)).toBe('published');
    expect((await inject('GET', '/de/News1', null)).body).toContain('Neuigkeiten zur rechten Zeit');
    expect(await scheduledCard()).toEqual([]);
    // Done once: a second Retry is a conflict.
    expect((await inject('POST', '/api/master/retry/News', admin, { locale: 'de', revision })).statusCode).toBe(409);
  });

  it('Retry is for those who may edit the page, and for a revision the page has', async () => {
    expect((await inject('POST', '/api/master/retry/News', null, { revision: 1 })).statusCode).toBe(401);
    expect((await inject('POST', '/api/master/retry/News', admin, { revision: 999_999 })).statusCode).toBe(404);
    expect((await inject('POST', '/api/master/retry/News', admin, { revision: 0 })).statusCode).toBe(400);
  });
});
