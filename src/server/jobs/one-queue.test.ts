import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/database';
import { insertEnquiry, queueMailJob } from '../enquiries/enquiries.repository';
import { queueStaffMail } from '../mail/staff-mail';
import { TestSmtpServer } from '../test-support/smtp';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { JOB_KINDS, readJob } from './jobs.repository';

const MINUTE = 60_000;
const RECIPIENT = 'sales@firm.example';

/**
 * Decision 022: one queue holds every kind of job. Two app instances on one database (SQLite: one file; PostgreSQL:
 * one database) poll it together: each enquiry mail, each staff mail and each run of a periodic job is taken by
 * one of them only.
 */
describe.each(testDialects())('one job queue across two instances (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    const env = { SMTP_URL: smtp.url, CONTACT_RECIPIENT: RECIPIENT, MAIL_FROM: 'site@firm.example' };
    a = await createTestApp(dialect, env);
    b = await createTestApp(dialect, env, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.stop();
  });

  it('sends each mail once and runs a periodic job once, whichever instance claims it', async () => {
    const db = a.app.tenants.default.db;
    const now = new Date().toISOString();
    const enquiries: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      enquiries.push(
        await inTransaction(db, async (trx) => {
          const id = await insertEnquiry(trx, {
            organization: '',
            name: `Caller ${n}`,
            email: `caller${n}@example.in`,
            mobile: '9876543210',
            requirements: 'A CRM.',
            created_at: now,
            status: 'New',
          });
          await queueMailJob(trx, id, now);
          return id;
        }),
      );
    }
    for (let n = 1; n <= 4; n += 1) {
      await queueStaffMail(b.app.tenants.default.db, {
        kind: 'test',
        to: `staff${n}@firm.example`,
        subject: `Staff mail ${n}`,
        text: `Body ${n}`,
        html: `<p>Body ${n}</p>`,
      });
    }
    const runs: string[] = [];
    a.app.jobs.every('test-both', 10 * MINUTE, async () => void runs.push('a'));
    b.app.jobs.every('test-both', 10 * MINUTE, async () => void runs.push('b'));

    await Promise.all([a.app.jobs.tick(), b.app.jobs.tick(), a.app.jobs.tick(), b.app.jobs.tick()]);

    const enquiryIds = smtp.received
      .map((mail) => mail.parsed.headers.get('x-folio-enquiry'))
      .filter((id) => id !== undefined);
    expect(enquiryIds.map(Number).sort((x, y) => x - y)).toEqual(enquiries);
    const staff = smtp.received
      .filter((mail) => mail.envelopeTo[0]?.startsWith('staff'))
      .map((mail) => mail.parsed.subject);
    expect(staff.sort()).toEqual(['Staff mail 1', 'Staff mail 2', 'Staff mail 3', 'Staff mail 4']);
    expect(smtp.received).toHaveLength(16);
    expect(runs).toHaveLength(1);
    expect(await readJob(db, JOB_KINDS.enquiryMail, String(enquiries[0]))).toMatchObject({
      state: 'done',
      attempts: 1,
      last_error: null,
    });

    // Nothing is due any more: another round on both sends nothing and runs nothing.
    await Promise.all([a.app.jobs.tick(), b.app.jobs.tick()]);
    expect(smtp.received).toHaveLength(16);
    expect(runs).toHaveLength(1);
  });
});
