import { sql, type Kysely } from 'kysely';

/** The lease that keeps an older instance's outbox off a mail this migration moved (it never runs out). */
const MOVED = '9999-12-31T23:59:59.999Z';

interface StaffMailRow {
  id: number | string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: string;
  attempts: number | string;
  queued_at: string;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/**
 * One job queue (docs/design.md §25, decision 022): the `jobs` table holds enquiry mail and staff mail beside the
 * periodic jobs, claimed by one query. Widen: `jobs` gets a payload (a staff mail's message, JSON text) and
 * the time of its last success (a mail's sent time). Every enquiry's mail job moves (the enquiries screen and
 * the dashboard show sent and failed mail per enquiry too), keyed by the enquiry's id; every staff mail moves,
 * keyed by its old id. Narrow later: `mail_jobs` and `mail_messages` stay until a later version drops them, so
 * an instance of the version before keeps working during a rolling restart; the waiting mail it would have
 * sent holds a lease that never runs out (and a staff mail's body, which holds a one-time link, is cleared).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('payload', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('done_at', 'text').execute();

  await sql`
    insert into jobs (kind, key, state, run_at, attempts, locked_until, last_error, queued_at, done_at)
    select 'enquiry-mail', cast(enquiry_id as text), case state when 'sent' then 'done' else state end,
      next_attempt_at, attempts, locked_until, last_error, queued_at, sent_at
    from mail_jobs`.execute(db);
  await sql`update mail_jobs set locked_until = ${MOVED} where state in ('queued', 'retrying')`.execute(db);

  const staffMail = await sql<StaffMailRow>`select * from mail_messages order by id`.execute(db);
  for (const mail of staffMail.rows) {
    const payload = JSON.stringify({
      kind: mail.kind,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
    });
    await sql`
      insert into jobs (kind, key, state, run_at, attempts, locked_until, last_error, queued_at, done_at, payload)
      values ('staff-mail', ${`moved-${mail.id}`}, ${mail.state === 'sent' ? 'done' : mail.state}, ${mail.next_attempt_at}, ${Number(mail.attempts)},
        ${mail.locked_until}, ${mail.last_error}, ${mail.queued_at}, ${mail.sent_at}, ${payload})`.execute(db);
  }
  await sql`update mail_messages set locked_until = ${MOVED}, text_body = '', html_body = '' where state in ('queued', 'retrying')`.execute(
    db,
  );
}

/** The mail back in its two tables as the jobs left it, and `jobs` as before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from mail_jobs`.execute(db);
  await sql`
    insert into mail_jobs (enquiry_id, state, attempts, next_attempt_at, locked_until, last_error, sent_at, queued_at)
    select e.id, case j.state when 'done' then 'sent' else j.state end, j.attempts, j.run_at, j.locked_until, j.last_error, j.done_at, j.queued_at
    from jobs j join enquiries e on cast(e.id as text) = j.key
    where j.kind = 'enquiry-mail'`.execute(db);

  await sql`delete from mail_messages`.execute(db);
  const staffMail = await sql<{
    state: string;
    attempts: number;
    run_at: string;
    locked_until: string | null;
    last_error: string | null;
    queued_at: string;
    done_at: string | null;
    payload: string;
  }>`
    select state, attempts, run_at, locked_until, last_error, queued_at, done_at, payload from jobs where kind = 'staff-mail' order by id`.execute(
    db,
  );
  for (const mail of staffMail.rows) {
    const message = JSON.parse(mail.payload) as {
      kind: string;
      to: string;
      subject: string;
      text?: string;
      html?: string;
    };
    await sql`
      insert into mail_messages (kind, to_address, subject, text_body, html_body, state, attempts, queued_at, next_attempt_at, locked_until, last_error, sent_at)
      values (${message.kind}, ${message.to}, ${message.subject}, ${message.text ?? ''}, ${message.html ?? ''}, ${mail.state === 'done' ? 'sent' : mail.state},
        ${mail.attempts}, ${mail.queued_at}, ${mail.run_at}, ${mail.locked_until}, ${mail.last_error}, ${mail.done_at})`.execute(
      db,
    );
  }

  await sql`delete from jobs where kind in ('enquiry-mail', 'staff-mail')`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('done_at').execute();
  await db.schema.alterTable('jobs').dropColumn('payload').execute();
}
