import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_WEEKS } from '../../core/schemas/dashboard';
import {
  claimDueJobs,
  finishMailJob,
  insertEnquiry,
  queueMailJob as insertMailJob,
} from '../enquiries/enquiries.repository';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { weekStart } from './dashboard.service';

const DAY = 86_400_000;

/** The staff home's call (docs/design.md §23): a card per screen the caller's menu holds, each read from its own index. */
describe.each(testDialects())('getdashboard on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let editor: LoggedIn;
  let outsider: LoggedIn;
  const db = () => t.app.tenants.default.db;
  const dashboard = (who: LoggedIn | null) =>
    t.app.inject({ method: 'POST', url: '/api/master/getdashboard', headers: who?.headers ?? {}, payload: {} });
  const enquiry = (name: string, daysAgo: number, status: 'New' | 'Handled' | 'Spam' = 'New') =>
    insertEnquiry(db(), {
      organization: `${name} Ltd`,
      name,
      email: `${name.toLowerCase()}@example.in`,
      mobile: '9876543210',
      requirements: 'A CRM.',
      created_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
      status,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    await createEditor(t.app, 'editor');
    editor = await logIn(t.app, 'editor', EDITOR_PASSWORD);
    // A user whose own menu holds the enquiries screen only: no staff home.
    const id = await createEditor(t.app, 'outsider');
    await db()
      .insertInto('menu_items')
      .values({
        owner_kind: 'user',
        owner_id: id,
        parent_id: null,
        page_id: 24,
        label: 'Enquiries',
        sequence: 1,
        is_sub_menu: 0,
        land_page: 1,
      })
      .execute();
    outsider = await logIn(t.app, 'outsider', EDITOR_PASSWORD);
  });
  afterAll(async () => t?.close());

  it('shows an administrator every card: new enquiries, failing mail, scheduled publications, last changes, twelve weeks', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await enquiry(`Fresh${i}`, 0));
    const handled = await enquiry('Handled', 8, 'Handled');
    await enquiry('Spammer', 8, 'Spam');
    const ancient = await enquiry('Ancient', 400);
    // A mail the SMTP server refused for good.
    const failed = await enquiry('Bounced', 1);
    await insertMailJob(db(), failed, new Date().toISOString());
    const [job] = await claimDueJobs(
      db(),
      dialect,
      new Date().toISOString(),
      new Date(Date.now() + 60_000).toISOString(),
      1,
    );
    await finishMailJob(db(), job!, { state: 'failed', attempts: 1, error: '550 No such mailbox' });

    const response = await dashboard(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      'changes',
      'enquiries',
      'enquiriesPerWeek',
      'mail',
      'releases',
      'scheduled',
      'visits',
    ]);
    expect(body.enquiries.newCount).toBe(9);
    expect(body.enquiries.spamCount).toBe(1);
    // The newest five New enquiries by arrival (the one dated 400 days ago arrived late: a restore, an import).
    expect(body.enquiries.latest.map((row: { id: number }) => row.id)).toEqual([
      failed,
      ancient,
      ids[6],
      ids[5],
      ids[4],
    ]);
    expect(body.mail.failing).toEqual([
      {
        enquiryId: failed,
        name: 'Bounced',
        email: 'bounced@example.in',
        state: 'failed',
        attempts: 1,
        lastError: '550 No such mailbox',
        nextAttemptAt: null,
      },
    ]);
    expect(body.enquiries.latest.map((row: { id: number }) => row.id)).not.toContain(handled);

    const weeks = body.enquiriesPerWeek as Array<{ week: string; new: number; spam: number }>;
    expect(weeks).toHaveLength(DASHBOARD_WEEKS);
    expect(weeks.at(-1)!.week).toBe(weekStart(new Date()).toISOString().slice(0, 10));
    expect(weeks.every((week) => new Date(`${week.week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.map((week) => week.week)).toEqual([...weeks.map((week) => week.week)].sort());
    // Every enquiry of the last twelve weeks is counted once (the one 400 days old is not), spam apart.
    expect(weeks.reduce((sum, week) => sum + week.new, 0)).toBe(7 + 1 + 1);
    expect(weeks.reduce((sum, week) => sum + week.spam, 0)).toBe(1);
    const eightDaysAgo = weekStart(new Date(Date.now() - 8 * DAY))
      .toISOString()
      .slice(0, 10);
    expect(weeks.find((week) => week.week === eightDaysAgo)).toMatchObject({ spam: 1 });

    expect(body.changes.length).toBeGreaterThan(0);
    expect(body.changes.length).toBeLessThanOrEqual(10);
    expect(body.changes[0]).toMatchObject({ action: expect.any(String), summary: expect.any(String) });
  });

  it("lists scheduled publications of the pages the caller edits, and only the cards the caller's menu allows", async () => {
    const edit = (await t.app.inject({ method: 'GET', url: '/api/master/edit/Home', headers: admin.headers })).json();
    const publishAt = new Date(Date.now() + 3 * DAY).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/master/saveHome',
      headers: admin.headers,
      payload: { ...edit, publish: publishAt },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    const mine = (await dashboard(editor)).json();
    // An editor's menu holds the pages' editors, not the enquiries or the audit log.
    expect(Object.keys(mine)).toEqual(['scheduled']);
    expect(mine.scheduled).toEqual([
      {
        routing: 'Home',
        name: 'Home',
        revision: scheduled.json().revision,
        publishAt: new Date(publishAt).toISOString(),
        scheduledBy: expect.any(String),
      },
    ]);
    expect((await dashboard(admin)).json().scheduled.map((row: { routing: string }) => row.routing)).toEqual(['Home']);
  });

  it('answers 401 without a session and 403 outside the menu', async () => {
    expect((await dashboard(null)).statusCode).toBe(401);
    const refused = await dashboard(outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your menu does not include this screen.');
  });
});

/**
 * The Mail card tells the truth (docs/design.md §24): whether mail is set up, and counts of what really waits unsent,
 * fails or retries, on an app without mail and on one with it.
 */
describe.each(testDialects())('the Mail card on %s', (dialect) => {
  const apps: Array<{ t: TestApp; admin: LoggedIn }> = [];
  beforeAll(async () => {
    const settings: Array<Record<string, string>> = [
      {},
      { SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_RECIPIENT: 'enquiries@firm.example' },
    ];
    for (const env of settings) {
      const t = await createTestApp(dialect, { ADMIN_PASSWORD, ...env });
      apps.push({ t, admin: await logIn(t.app, 'admin', ADMIN_PASSWORD) });
    }
  });
  afterAll(async () => Promise.all(apps.map(({ t }) => t.close())));

  /** An enquiry as the contact form stores it (with its mail job unless spam), its mail then sent, failed or retried. */
  async function enquiry(
    t: TestApp,
    name: string,
    status: 'New' | 'Handled' | 'Spam',
    mail: 'queued' | 'sent' | 'failed' | 'retrying' | 'none',
  ) {
    const db = t.app.tenants.default.db;
    const now = new Date().toISOString();
    const id = await insertEnquiry(db, {
      organization: 'Firm',
      name,
      email: 'someone@example.in',
      mobile: '9876543210',
      requirements: 'A CRM.',
      created_at: now,
      status,
    });
    if (mail === 'none') return id;
    await insertMailJob(db, id, now);
    if (mail === 'queued') return id;
    const [job] = await claimDueJobs(db, dialect, now, new Date(Date.now() + 60_000).toISOString(), 1);
    expect(job?.enquiry_id).toBe(id);
    const nextAttemptAt = new Date(Date.now() + 3_600_000).toISOString();
    await finishMailJob(db, job!, {
      state: mail,
      attempts: 2,
      error: mail === 'sent' ? null : '421 Try again later',
      ...(mail === 'retrying' ? { nextAttemptAt } : {}),
    });
    return id;
  }

  it('says whether mail is set up, and counts enquiries unsent (spam aside), failing and retrying', async () => {
    for (const [index, { t, admin }] of apps.entries()) {
      const card = async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/master/getdashboard',
          headers: admin.headers,
          payload: {},
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().mail;
      };
      const configured = index === 1;
      expect(await card()).toEqual({ configured, unsent: 0, failingCount: 0, failing: [] });

      // Mailed ones and spam are not waiting; what is waiting, never queued, failed or retried is.
      await enquiry(t, 'Sent', 'Handled', 'sent');
      await enquiry(t, 'Spammer', 'Spam', 'none');
      expect(await card()).toMatchObject({ configured, unsent: 0, failingCount: 0 });
      const failed = await enquiry(t, 'Bounced', 'New', 'failed');
      const retrying = await enquiry(t, 'Later', 'Handled', 'retrying');
      await enquiry(t, 'Waiting one', 'New', 'queued');
      await enquiry(t, 'Waiting two', 'Handled', 'queued');
      await enquiry(t, 'Out of spam', 'New', 'none');
      const mail = await card();
      expect(mail).toMatchObject({ configured, unsent: 5, failingCount: 2 });
      expect(mail.failing.map((row: { enquiryId: number }) => row.enquiryId)).toEqual([retrying, failed]);
    }
  });
});
