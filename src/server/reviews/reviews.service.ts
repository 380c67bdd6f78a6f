import { REVIEW_MESSAGES, type ReviewAnswer, type ReviewDecision, type ReviewList } from '../../core/schemas/review';
import { allowedScreens, type SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { getCompanyDetails } from '../company/company.service';
import { inTransaction } from '../db/database';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { emitPageChange } from '../events/domain-events';
import { queueStaffMail } from '../mail/staff-mail';
import { documentStrategy } from '../pages/languages/translations.service';
import type { DocumentStrategy } from '../pages/document-strategy';
import type { Page } from '../pages/page-kind';
import { publishedTags } from '../pages/page.service';
import { findPublishedNumber, findScheduledRevision, moveRevisionStatus } from '../pages/revisions/page.repository';
import type { Tenant } from '../tenants/tenants';
import { changesRequestedMail } from './review-mail';
import { findReviewed, leaveReview, listInReview } from './reviews.repository';

/**
 * Review before publishing (docs/design.md §32). A member of a group that publishes through review asks for it with
 * Publish or Schedule (page.service.ts stores the revision as `in_review`); a reviewer is anyone else who may edit the
 * page and publishes directly. Every refusal is decided here, from the session and the stored revision, never from
 * what the client says.
 */

/** The revisions waiting for `user`'s review: of pages in their menu, not their own; none if they publish by review. */
export async function listReviews(tenant: Tenant, user: SessionUser): Promise<ReviewList> {
  if (user.publishesByReview === true) return { items: [] };
  const rows = await listInReview(tenant.db, user.userId);
  if (rows.length === 0) return { items: [] };
  const mayEdit = new Set(await allowedScreens(tenant, user.userId, user.groupId));
  const items = rows.filter((row) => mayEdit.has(row.routing));
  const published = await Promise.all(items.map((row) => findPublishedNumber(tenant.db, row.page_id, row.locale)));
  return {
    items: items.map((row, at) => ({
      routing: row.routing,
      title: row.display_name || row.routing,
      locale: row.locale === '' ? null : row.locale,
      revision: row.revision,
      author: row.saved_by_name,
      askedAt: row.saved_at,
      publishAt: row.publish_at,
      published: published[at] ?? null,
    })),
  };
}

/** What deciding a review needs besides the tenant: the mail of a request for changes and the site's address. */
export interface ReviewTools {
  /** Sends queued staff mail at once (StaffMail.kick). */
  kickMail(): void;
  publicBaseUrl: string;
}

/** A revision in review as a decision reads it, with the page's language and how the audit log names it. */
interface Decided {
  tenant: Tenant;
  page: Page;
  row: NonNullable<Awaited<ReturnType<typeof findReviewed>>>;
  documents: DocumentStrategy;
  name: string;
  details: Record<string, unknown>;
}

/**
 * Approves a revision in review (published at once, or scheduled for the time asked for if it is still ahead) or sends
 * it back with a comment (a draft again; its author is mailed). 403 for its own author and for a reviewer whose group
 * publishes by review; 404 for a revision the page does not have in that language; 409 once it is no longer in review.
 */
export async function decideReview(
  tenant: Tenant,
  page: Page,
  body: ReviewDecision,
  user: SessionUser,
  tools: ReviewTools,
  now = new Date(),
): Promise<ReviewAnswer> {
  if (user.publishesByReview === true) throw new ForbiddenError(REVIEW_MESSAGES.mayNotPublish);
  const documents = await documentStrategy(tenant, body.locale);
  const row = await findReviewed(tenant.db, page.id, body.revision, documents.locale);
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (row.saved_by === user.userId) throw new ForbiddenError(REVIEW_MESSAGES.ownRevision);
  if (row.status !== 'in_review') throw new ConflictError(REVIEW_MESSAGES.notInReview);
  const decided: Decided = {
    tenant,
    page,
    row,
    documents,
    name: documents.auditName(page.routing),
    details: { revision: row.revision, author: row.saved_by_name, ...documents.auditDetails({ sourceRevision: null }) },
  };
  if (body.decision === 'approve') return approve(decided, now);
  const comment = body.comment ?? '';
  if (comment === '') throw new ValidationError(REVIEW_MESSAGES.commentRequired, 'comment');
  return sendBack(decided, comment, user, tools, now);
}

/** Sends a revision back to its author as a draft with the reviewer's comment, and mails them (when they have an address). */
async function sendBack(
  { tenant, page, row, documents, name, details }: Decided,
  comment: string,
  user: SessionUser,
  tools: ReviewTools,
  now: Date,
): Promise<ReviewAnswer> {
  const company = row.author_email ? await getCompanyDetails(tenant) : undefined;
  const moved = await inTransaction(tenant.db, async (trx) => {
    if (!(await leaveReview(trx, page.id, row.revision, { status: 'draft', comment, reviewer: user.username })))
      return false;
    if (row.author_email && company)
      await queueStaffMail(
        trx,
        changesRequestedMail({
          to: row.author_email,
          firstName: row.author_first_name ?? '',
          author: row.saved_by_name,
          reviewer: user.username,
          pageName: name,
          revision: row.revision,
          comment,
          editorLink: new URL(`${page.routing}${documents.editorQuery}`, tools.publicBaseUrl).href,
          siteName: company.companyName || 'the website',
          logo: company.logo,
          publicBaseUrl: tools.publicBaseUrl,
        }),
        now,
      );
    await audit(
      trx,
      tenant,
      {
        action: 'review.changes',
        targetType: 'page',
        targetId: page.routing,
        summary: `Asked for changes to ${name} (revision ${row.revision}) by ${row.saved_by_name}`,
        details: { ...details, comment },
      },
      now,
    );
    return true;
  });
  if (!moved) throw new ConflictError(REVIEW_MESSAGES.notInReview);
  if (row.author_email) tools.kickMail();
  invalidate(tenant, [TAGS.revisions]);
  return { message: REVIEW_MESSAGES.changesRequested, revision: row.revision, status: 'draft', publishAt: null };
}

/** Publishes an approved revision, or schedules it for the time asked for while that lies ahead. */
async function approve({ tenant, page, row, documents, name, details }: Decided, now: Date): Promise<ReviewAnswer> {
  // A time that passed while it waited: published at once.
  const publishAt = row.publish_at !== null && Date.parse(row.publish_at) > now.getTime() ? row.publish_at : null;
  const status = publishAt === null ? 'published' : 'scheduled';
  const moved = await inTransaction(tenant.db, async (trx) => {
    // As any publication: a schedule waiting for this page in this language is cancelled (it stays, as a draft),
    // once this decision is the one that moved the revision (a second reviewer's changes nothing).
    const waiting = await findScheduledRevision(trx, page.id, documents.locale);
    if (!(await leaveReview(trx, page.id, row.revision, { status }))) return false;
    if (waiting) await moveRevisionStatus(trx, page.id, waiting.revision, 'scheduled', 'draft');
    await audit(
      trx,
      tenant,
      {
        action: 'review.approve',
        targetType: 'page',
        targetId: page.routing,
        summary:
          status === 'published'
            ? `Approved and published ${name} (revision ${row.revision}) by ${row.saved_by_name}`
            : `Approved ${name} (revision ${row.revision}) by ${row.saved_by_name}, to go live at ${publishAt}`,
        details: { ...details, ...(publishAt ? { publishAt } : {}) },
      },
      now,
    );
    return true;
  });
  if (!moved) throw new ConflictError(REVIEW_MESSAGES.notInReview);
  invalidate(tenant, status === 'published' ? publishedTags(page, documents.locale) : [TAGS.revisions]);
  if (status === 'published')
    await emitPageChange(tenant, { routing: page.routing, locale: documents.locale }, row.revision, now);
  return {
    message: status === 'published' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.approvedScheduled,
    revision: row.revision,
    status,
    publishAt,
  };
}
