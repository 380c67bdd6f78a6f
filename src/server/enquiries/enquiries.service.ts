import type { ContactEnquiry } from '../../core/schemas/contact-enquiry';
import {
  ENQUIRIES_PAGE_SIZE,
  type EnquiryList,
  type EnquiryListRequest,
  type EnquiryRow,
  type EnquiryStatus,
  type MailState,
} from '../../core/schemas/enquiries';
import { audit } from '../audit/audit';
import { inTransaction } from '../db/database';
import { decodeCursor } from '../db/keyset';
import { ConflictError, NotFoundError } from '../errors';
import { emitDomainEvent } from '../events/domain-events';
import type { Tenant } from '../tenants/tenants';
import {
  deleteEnquiry as deleteEnquiryRow,
  eachEnquiry,
  findEnquiry,
  insertEnquiry,
  listEnquiries,
  queueMailJob,
  setEnquiryStatus,
  type EnquiryFilter,
  type EnquiryListRow,
} from './enquiries.repository';
import type { MailOutbox } from './mail-outbox';
import { judgeSubmission } from './spam-guard';

const NO_ENQUIRY = 'There is no enquiry with this id (it may have been deleted).';

/**
 * Stores a contact enquiry (checked by the route with the form's schema, spec 000 §5) and, unless the spam
 * guard says spam, its mail job in the same transaction (the outbox, docs/design.md §15). The visitor is told the same
 * either way; spam is kept with status Spam and never mailed.
 */
export async function submitEnquiry(
  tenant: Tenant,
  enquiry: ContactEnquiry,
  context: { token: string | undefined; minFillMs: number; outbox: MailOutbox },
  now = new Date(),
): Promise<{ id: number; spam: boolean }> {
  const verdict = await judgeSubmission(
    tenant,
    { honeypot: enquiry.website, token: context.token, message: enquiry.requirements },
    { now: now.getTime(), minFillMs: context.minFillMs },
  );
  const at = now.toISOString();
  const id = await inTransaction(tenant.db, async (trx) => {
    const enquiryId = await insertEnquiry(trx, {
      organization: enquiry.organization,
      name: enquiry.name,
      email: enquiry.email.toLowerCase(),
      mobile: enquiry.mobile,
      requirements: enquiry.requirements,
      created_at: at,
      status: verdict.spam ? 'Spam' : 'New',
    });
    if (!verdict.spam) await queueMailJob(trx, enquiryId, at);
    return enquiryId;
  });
  if (!verdict.spam) {
    context.outbox.kick();
    // docs/design.md §33: what the visitor sent, for a CRM that takes enquiries (spam is not told).
    const { organization, name, mobile, requirements } = enquiry;
    await emitDomainEvent(tenant, {
      type: 'enquiry.received',
      at,
      enquiry: { id, organization, name, email: enquiry.email.toLowerCase(), mobile, requirements },
    });
  }
  return { id, spam: verdict.spam };
}

export function enquiryRowOf(row: EnquiryListRow): EnquiryRow {
  const state: MailState = row.mail_state ?? 'none';
  return {
    id: row.id,
    createdAt: row.created_at,
    organization: row.organization,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    requirements: row.requirements,
    status: row.status,
    mail: {
      state,
      attempts: Number(row.mail_attempts ?? 0),
      lastError: row.mail_error ?? null,
      sentAt: row.mail_sent_at ?? null,
      nextAttemptAt: state === 'queued' || state === 'retrying' ? (row.mail_next_attempt_at ?? null) : null,
    },
  };
}

/** getenquiries: a page of 10, newest first; New and Handled unless a status is asked for. */
export async function getEnquiries(
  tenant: Tenant,
  request: EnquiryListRequest,
  mailConfigured: boolean,
): Promise<EnquiryList> {
  const after = request.after === undefined ? undefined : decodeCursor(request.after, ['id'])[0];
  const page = await listEnquiries(tenant.db, tenant.dialect, request, {
    after,
    offset: (request.pageno - 1) * ENQUIRIES_PAGE_SIZE,
    limit: ENQUIRIES_PAGE_SIZE,
  });
  return {
    items: page.rows.map(enquiryRowOf),
    totalItems: page.totalItems,
    totalCapped: page.totalCapped,
    next: page.next,
    mailConfigured,
  };
}

/** The export: every enquiry of the filter, newest first, read a batch at a time (an export of any size stays small). */
export async function* exportEnquiries(tenant: Tenant, filter: EnquiryFilter): AsyncGenerator<EnquiryRow> {
  for await (const row of eachEnquiry(tenant.db, tenant.dialect, filter)) yield enquiryRowOf(row);
}

/** getenquiry: one enquiry with its mail, for a link that opens it (the dashboard, search). */
export async function getEnquiry(tenant: Tenant, id: number): Promise<EnquiryRow> {
  const row = await findEnquiry(tenant.db, id);
  if (!row) throw new NotFoundError(NO_ENQUIRY);
  return enquiryRowOf(row);
}

export async function changeEnquiryStatus(
  tenant: Tenant,
  id: number,
  status: EnquiryStatus,
  now = new Date(),
): Promise<{ message: string }> {
  await inTransaction(tenant.db, async (trx) => {
    const row = await findEnquiry(trx, id);
    if (!row || !(await setEnquiryStatus(trx, id, status, now.toISOString()))) throw new NotFoundError(NO_ENQUIRY);
    await audit(
      trx,
      tenant,
      {
        action: 'enquiry.status',
        targetType: 'enquiry',
        targetId: id,
        summary: `Marked enquiry ${id} ${status}`,
        details: { status: { before: row.status, after: status } },
      },
      now,
    );
  });
  return { message: `The enquiry is marked ${status}.` };
}

/**
 * Resend: a failed mail is queued again with a new day of attempts; an enquiry without a mail (stored before
 * mailing existed, or taken out of Spam) gets its first. Spam is not mailed; a mail under way or sent is left.
 */
export async function resendEnquiry(
  tenant: Tenant,
  id: number,
  outbox: MailOutbox,
  now = new Date(),
): Promise<{ message: string }> {
  const row = await findEnquiry(tenant.db, id);
  if (!row) throw new NotFoundError(NO_ENQUIRY);
  if (row.status === 'Spam') throw new ConflictError('A spam enquiry is not mailed: mark it New first, then send it.');
  const state = row.mail_state ?? 'none';
  if (state === 'sent') throw new ConflictError('The mail of this enquiry was sent already.');
  if (state === 'queued' || state === 'retrying')
    throw new ConflictError(
      'The mail of this enquiry is on its way already: it is sent as soon as the mail server takes it.',
    );
  await inTransaction(tenant.db, async (trx) => {
    await queueMailJob(trx, id, now.toISOString());
    await audit(
      trx,
      tenant,
      {
        action: 'enquiry.resend',
        targetType: 'enquiry',
        targetId: id,
        summary: `Queued the mail of enquiry ${id} again`,
        details: { mail: { before: state, after: 'queued' } },
      },
      now,
    );
  });
  outbox.kick();
  if (!outbox.configured)
    return { message: 'The mail is queued: it is sent once mail is configured (SMTP_URL and CONTACT_RECIPIENT).' };
  return { message: 'The mail will be sent again now.' };
}

export async function deleteEnquiry(tenant: Tenant, id: number): Promise<{ message: string }> {
  await inTransaction(tenant.db, async (trx) => {
    const row = await findEnquiry(trx, id);
    if (!row || !(await deleteEnquiryRow(trx, id))) throw new NotFoundError(NO_ENQUIRY);
    // Not who wrote it nor what: the enquirer's details go with the enquiry.
    await audit(trx, tenant, {
      action: 'enquiry.delete',
      targetType: 'enquiry',
      targetId: id,
      summary: `Deleted enquiry ${id}`,
      details: { status: row.status, receivedAt: row.created_at },
    });
  });
  return { message: 'The enquiry was deleted.' };
}
