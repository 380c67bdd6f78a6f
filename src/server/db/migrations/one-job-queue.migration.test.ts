import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJob } from '../../jobs/jobs.repository';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../../test-support/sessions';
import { TestSmtpServer } from '../../test-support/smtp';
import { createTestApp, testDialects, type TestApp } from '../../test-support/test-app';
import { createUser } from '../../users/users.service';
import { migrateTo, migrateToLatest } from '../migrate';

const RECIPIENT = 'sales@firm.example';
const MINUTE = 60_000;
const RESET_LINK = 'https://www.firm.example/reset-password?token=one-time-token-of-the-test';

/**
 * Migration 0020 (decision 022): mail waiting in the outbox's tables before it (enquiry mail in `mail_jobs`, staff
 * mail in `mail_messages`) becomes jobs of the one queue and goes out through a real SMTP server; sent and failed
 * enquiry mail moves too, so the enquiries screen shows every enquiry's mail as before.
 */
describe.each(testDialects())('migration 20261126-0020-one-job-queue (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: LoggedIn;
  let db: Kysely<any>;
  const ids: Record<'queued' | 'retrying' | 'sent' | 'failed' | 'spam', number> = {
    queued: 0,
    retrying: 0,
    sent: 0,
    failed: 0,
    spam: 0,
  };

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      CONTACT_RECIPIENT: RECIPIENT,
      MAIL_FROM: 'site@firm.example',
    });
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
    db = t.app.tenants.default.db as unknown as Kysely<any>;
    // The database as the version before left it, with mail in the outbox's tables.
    await migrateTo(db, dialect, '20261126-0019-unsent-enquiries-index');
    await outboxAsBefore(db, ids);
    await migrateToLatest(db, dialect);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const list = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/master/getenquiries',
      headers: admin.headers,
      payload: { searchText: 'Upgrade' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items as Array<{
      id: number;
      mail: { state: string; attempts: number; lastError: string | null; sentAt: string | null };
    }>;
    return Object.fromEntries(items.map((item) => [item.id, item.mail]));
  };

  it('moves every enquiry mail and staff mail into jobs, and keeps the older outbox off the waiting ones', async () => {
    expect(await readJob(t.app.tenants.default.db, 'enquiry-mail', String(ids.queued))).toMatchObject({
      state: 'queued',
      attempts: 0,
    });
    expect(await readJob(t.app.tenants.default.db, 'enquiry-mail', String(ids.retrying))).toMatchObject({
      state: 'retrying',
      attempts: 2,
      last_error: '421 Try again later',
    });
    expect(await readJob(t.app.tenants.default.db, 'enquiry-mail', String(ids.sent))).toMatchObject({
      state: 'done',
      attempts: 1,
      done_at: '2026-11-20T10:00:05.000Z',
    });
    expect(await readJob(t.app.tenants.default.db, 'enquiry-mail', String(ids.failed))).toMatchObject({
      state: 'failed',
      attempts: 3,
    });
    expect(await readJob(t.app.tenants.default.db, 'enquiry-mail', String(ids.spam))).toBeUndefined();
    const staff = await db.selectFrom('jobs').selectAll().where('kind', '=', 'staff-mail').execute();
    expect(staff).toHaveLength(1);
    expect(JSON.parse(staff[0]!.payload)).toMatchObject({
      kind: 'password-reset',
      to: 'asha@firm.example',
      subject: 'Set a new password',
    });
    // The older version's outbox, still running on another instance during a rolling restart, sends none of it.
    const waiting = await db
      .selectFrom('mail_jobs')
      .select('locked_until')
      .where('state', 'in', ['queued', 'retrying'])
      .execute();
    expect(waiting.map((row) => row.locked_until)).toEqual(['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z']);
    expect(JSON.stringify(await db.selectFrom('mail_messages').selectAll().execute())).not.toContain(RESET_LINK);

    const mail = await list();
    expect(mail[ids.queued]).toMatchObject({ state: 'queued', attempts: 0 });
    expect(mail[ids.retrying]).toMatchObject({ state: 'retrying', attempts: 2, lastError: '421 Try again later' });
    expect(mail[ids.sent]).toMatchObject({ state: 'sent', attempts: 1, sentAt: '2026-11-20T10:00:05.000Z' });
    expect(mail[ids.failed]).toMatchObject({ state: 'failed', attempts: 3, lastError: '550 Mailbox unavailable' });
  });

  it('sends the waiting mail once through the SMTP server, and nothing that went before', async () => {
    await t.app.jobs.tick();
    await t.app.jobs.tick(() => new Date(Date.now() + 10 * MINUTE));
    const enquiryMail = smtp.received
      .filter((m) => m.envelopeTo.includes(RECIPIENT))
      .map((m) => Number(m.parsed.headers.get('x-folio-enquiry')));
    expect(enquiryMail.sort((x, y) => x - y)).toEqual([ids.queued, ids.retrying].sort((x, y) => x - y));
    const staffMail = smtp.received.filter((m) => m.envelopeTo.includes('asha@firm.example'));
    expect(staffMail).toHaveLength(1);
    expect(staffMail[0]!.parsed.text).toContain(RESET_LINK);
    expect(smtp.received).toHaveLength(3);

    const mail = await list();
    expect(mail[ids.queued]).toMatchObject({ state: 'sent', attempts: 1 });
    expect(mail[ids.retrying]).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect(mail[ids.failed]).toMatchObject({ state: 'failed' });
    // The one-time link is dropped once the mail went.
    expect(JSON.stringify(await db.selectFrom('jobs').selectAll().execute())).not.toContain(RESET_LINK);
  });
});

/** Enquiries with mail in every state and a waiting reset mail, written as the version before wrote them. */
async function outboxAsBefore(db: Kysely<any>, ids: Record<string, number>): Promise<void> {
  const now = new Date().toISOString();
  const due = new Date(Date.now() - MINUTE).toISOString();
  const rows = [
    {
      name: 'Upgrade queued',
      status: 'New',
      job: { state: 'queued', attempts: 0, next_attempt_at: due, last_error: null, sent_at: null },
    },
    {
      name: 'Upgrade retrying',
      status: 'New',
      job: { state: 'retrying', attempts: 2, next_attempt_at: due, last_error: '421 Try again later', sent_at: null },
    },
    {
      name: 'Upgrade sent',
      status: 'Handled',
      job: { state: 'sent', attempts: 1, next_attempt_at: due, last_error: null, sent_at: '2026-11-20T10:00:05.000Z' },
    },
    {
      name: 'Upgrade failed',
      status: 'New',
      job: { state: 'failed', attempts: 3, next_attempt_at: due, last_error: '550 Mailbox unavailable', sent_at: null },
    },
    { name: 'Upgrade spam', status: 'Spam', job: null },
  ];
  for (const row of rows) {
    const { id } = await db
      .insertInto('enquiries')
      .values({
        organization: '',
        name: row.name,
        email: 'caller@example.in',
        mobile: '9876543210',
        requirements: 'A CRM.',
        created_at: now,
        status: row.status,
        mail_state: row.job?.state ?? 'none',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[row.name.slice('Upgrade '.length)] = Number(id);
    if (row.job)
      await db
        .insertInto('mail_jobs')
        .values({ enquiry_id: id, queued_at: due, ...row.job })
        .execute();
  }
  await db
    .insertInto('mail_messages')
    .values({
      kind: 'password-reset',
      to_address: 'asha@firm.example',
      subject: 'Set a new password',
      text_body: `Open ${RESET_LINK} within 30 minutes.`,
      html_body: `<p><a href="${RESET_LINK}">Set it</a></p>`,
      queued_at: now,
      next_attempt_at: now,
    })
    .execute();
}
