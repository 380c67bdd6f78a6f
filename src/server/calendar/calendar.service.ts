import { CALENDAR_MESSAGES, type Calendar, type CalendarQuery, type Reschedule } from '../../core/schemas/calendar';
import { allowedScreens, type SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction } from '../db/database';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { DocumentStrategy } from '../pages/document-strategy';
import type { Page } from '../pages/page-kind';
import { publishModeOf } from '../pages/page.service';
import { findRevision } from '../pages/revisions/page.repository';
import type { Tenant } from '../tenants/tenants';
import { findReviewed } from '../reviews/reviews.repository';
import { listTimed, moveTime } from './calendar.repository';
import { releasesBetween } from '../releases/releases.service';

const DAY_MS = 86_400_000;
const KIND_OF = { scheduled: 'scheduled', in_review: 'review', failed: 'failed' } as const;

/**
 * The calendar (docs/design.md §32): scheduled publications, reviews asked for a time and schedules that failed, from
 * the start of `from` to the end of `to` (UTC days), of the pages in the caller's menu.
 */
export async function readCalendar(tenant: Tenant, user: SessionUser, query: CalendarQuery): Promise<Calendar> {
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS).toISOString();
  const [rows, screens] = await Promise.all([
    listTimed(tenant.db, `${query.from}T00:00:00.000Z`, end),
    allowedScreens(tenant, user.userId, user.groupId),
  ]);
  const mayEdit = new Set(screens);
  const releases = mayEdit.has('releases')
    ? await releasesBetween(tenant.db, `${query.from}T00:00:00.000Z`, end)
    : undefined;
  return {
    ...(releases ? { releases } : {}),
    items: rows
      .filter((row) => mayEdit.has(row.routing) && row.publish_at !== null && row.status in KIND_OF)
      .map((row) => ({
        kind: KIND_OF[row.status as keyof typeof KIND_OF],
        routing: row.routing,
        title: row.display_name || row.name,
        locale: row.locale === '' ? null : row.locale,
        revision: row.revision,
        at: row.publish_at!,
        by: row.saved_by_name,
      })),
  };
}

/**
 * Moves a scheduled publication, or a review asked for a time, to `publishAt` (ahead, within a year). A member of a
 * group that publishes through review may move only a review they asked for (a publication's time is a publisher's
 * decision). 404 for a revision the page does not have in that language; 409 once it no longer waits.
 */
export async function reschedule(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  body: Reschedule,
  user: SessionUser,
  now = new Date(),
): Promise<{ message: string; revision: number; publishAt: string }> {
  const mode = publishModeOf(body.publishAt, now);
  if (mode.kind !== 'at') throw new ValidationError(CALENDAR_MESSAGES.notAhead, 'publishAt');
  const row = await findRevision(tenant.db, page.id, body.revision, documents.locale);
  if (!row) throw new NotFoundError(`Revision ${body.revision} of ${documents.thisPage} does not exist.`);
  if (row.status !== 'scheduled' && row.status !== 'in_review') throw new ConflictError(CALENDAR_MESSAGES.notMovable);
  // Whose review it is, by the user id stored with the revision (a name can change).
  const author =
    user.publishesByReview === true ? await findReviewed(tenant.db, page.id, row.revision, row.locale) : null;
  if (user.publishesByReview === true && (row.status === 'scheduled' || author?.saved_by !== user.userId))
    throw new ForbiddenError(CALENDAR_MESSAGES.reviewMovesOnly);
  const at = mode.at.toISOString();
  const name = documents.auditName(page.routing);
  const moved = await inTransaction(tenant.db, async (trx) => {
    if (!(await moveTime(trx, page.id, row.revision, row.status as 'scheduled' | 'in_review', at))) return false;
    await audit(
      trx,
      tenant,
      {
        action: 'page.reschedule',
        targetType: 'page',
        targetId: page.routing,
        summary: `Moved ${row.status === 'scheduled' ? 'the publication' : 'the review'} of ${name} (revision ${row.revision}) from ${row.publish_at ?? 'at once'} to ${at}`,
        details: {
          revision: row.revision,
          from: row.publish_at,
          to: at,
          ...documents.auditDetails({ sourceRevision: null }),
        },
      },
      now,
    );
    return true;
  });
  if (!moved) throw new ConflictError(CALENDAR_MESSAGES.notMovable);
  invalidate(tenant, [TAGS.revisions]);
  return { message: CALENDAR_MESSAGES.moved, revision: row.revision, publishAt: at };
}
