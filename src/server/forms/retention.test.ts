import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_APPLICATION } from '../../core/forms/job-application.fixture';
import { createForm } from '../test-support/forms';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { multipartBody } from '../test-support/uploads';
import { createUser } from '../users/users.service';
import { issueSubmissionToken } from './form-spam';
import { pruneSubmissions } from './retention';

const DAY_MS = 24 * 3_600_000;

/** Submissions go after the days their form keeps them, with their files, and the audit log says how many (docs/design.md §30). */
describe.each(testDialects())('form submissions past their retention on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'boss', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'boss', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.tenants.default.db;
  /** A submission with a PDF, received `daysAgo` days ago: its id. */
  const submitted = async (formId: number, daysAgo: number, n: number) => {
    const { payload, contentType } = multipartBody(
      { name: `Person ${n}`, _token: await issueSubmissionToken(t.app.tenants.default, formId) },
      { name: 'cv.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      'cv',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: `10.4.0.${n}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().id as number;
    await db()
      .updateTable('form_submissions')
      .set({ created_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  };

  it('deletes each form’s submissions older than it keeps them, their files with them, and says how many', async () => {
    const fields = [
      { key: 'name', label: 'Your name', kind: 'text' as const, required: true },
      { key: 'cv', label: 'CV', kind: 'file' as const, required: false, accept: ['pdf' as const], maxMb: 1 },
    ];
    const noConfirmation = { enabled: false, subject: '', body: '' };
    const month = await createForm(t.app, admin, {
      ...JOB_APPLICATION,
      name: 'Kept a month',
      fields,
      confirmation: noConfirmation,
      retentionDays: 30,
    });
    const year = await createForm(t.app, admin, {
      ...JOB_APPLICATION,
      name: 'Kept a year',
      fields,
      confirmation: noConfirmation,
      retentionDays: 365,
    });
    const old = await submitted(month, 31, 1);
    const recent = await submitted(month, 29, 2);
    const kept = await submitted(year, 31, 3);

    expect(await pruneSubmissions(t.app.tenants.default)).toBe(1);
    const left = await db().selectFrom('form_submissions').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(expect.arrayContaining([recent, kept]));
    expect(left.map((row) => row.id)).not.toContain(old);
    const files = await db().selectFrom('form_files').select('submission_id').execute();
    expect(files.map((file) => file.submission_id)).not.toContain(old);
    expect(files.map((file) => file.submission_id)).toEqual(expect.arrayContaining([recent, kept]));
    const entry = await db()
      .selectFrom('audit_log')
      .select(['summary', 'user_name', 'target_id'])
      .where('action', '=', 'submission.prune')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      summary: 'Deleted 1 submission of Kept a month older than 30 days',
      user_name: null,
      target_id: String(month),
    });
    expect(await pruneSubmissions(t.app.tenants.default)).toBe(0);
  });
});
