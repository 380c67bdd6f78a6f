import {
  RELEASE_MESSAGES,
  type PublishRelease,
  type Release,
  type ReleaseCandidates,
  type ReleaseAnswer,
  type ReleaseList,
  type SaveRelease,
  type SavedRelease,
} from '../../core/schemas/release';
import type { CalendarRelease } from '../../core/schemas/calendar';
import type { WaitingRelease } from '../../core/schemas/dashboard';
import { allowedScreens, type SessionUser } from '../access/access';
import { audit, runAs } from '../audit/audit';
import { invalidate, type Tag } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction, type Db } from '../db/database';
import { emitDomainEvent } from '../events/domain-events';

import { ConflictError, ForbiddenError, NotFoundError, PageChangedError, ValidationError } from '../errors';
import { nameInLanguage } from '../pages/document-strategy';
import { documentStrategy } from '../pages/languages/translations.service';
import { publishedTags } from '../pages/page.service';
import { findPage, findPageById, listPages } from '../pages/resolve-page';
import { localeSettings } from '../locales/locales.service';
import {
  findNewestRevisionHead,
  findPublishedNumber,
  findRevision,
  findScheduledRevision,
  moveRevisionStatus,
} from '../pages/revisions/page.repository';
import type { Tenant } from '../tenants/tenants';
import {
  deleteReleaseRow,
  findReleaseRow,
  insertRelease,
  countItems,
  listDueReleases,
  listItemRows,
  listNewestHeads,
  listPublishedNumbers,
  listReleaseRows,
  listWaitingReleases,
  moveRelease,
  publishRevision,
  renameRelease,
  replaceItems,
  setPreviousRevision,
  type ReleaseItemRow,
  type ReleaseRow,
} from './releases.repository';

/**
 * Releases (docs/design.md §32, decision 035): a named set of page revisions that go live together, now or at a time, in
 * one transaction — all of them or none — and come back together. Every page of a release must be one the caller may
 * edit; publishing needs a group that publishes directly. A page "changed since it was added" when its newest revision
 * in that language is no longer the one the release holds (or that one is live already): the whole release is refused
 * and the page named.
 */

/** How far ahead a release may be scheduled. */
const MOST_AHEAD_MS = 366 * 86_400_000;

const localeOut = (stored: string) => (stored === '' ? null : stored);

/** Scheduled and failed releases, soonest first (the staff home's card), each with how many pages it holds. */
export async function waitingReleases(db: Db): Promise<WaitingRelease[]> {
  const rows = await listWaitingReleases(db);
  const counts = await countItems(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    publishAt: row.publish_at,
    pages: counts.get(row.id) ?? 0,
    createdBy: row.created_by_name,
    ...(row.status === 'failed' ? { failed: row.publish_error ?? 'It could not go live.' } : {}),
  }));
}

/** The scheduled and failed releases whose time lies from `from` to before `end` (the calendar). */
export async function releasesBetween(db: Db, from: string, end: string): Promise<CalendarRelease[]> {
  return (await waitingReleases(db))
    .filter((row) => row.publishAt !== null && row.publishAt >= from && row.publishAt < end)
    .map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.failed === undefined ? 'scheduled' : 'failed',
      at: row.publishAt!,
      by: row.createdBy,
      pages: row.pages,
    }));
}

/**
 * What a release may take: each page the caller may edit, in the default language and in each other language of the
 * site it has a revision in, at its newest revision — those with changes visitors do not see yet first.
 */
export async function releaseCandidates(tenant: Tenant, user: SessionUser): Promise<ReleaseCandidates> {
  const mayEdit = new Set(await allowedScreens(tenant, user.userId, user.groupId));
  const pages = (await listPages(tenant)).filter((page) => mayEdit.has(page.routing));
  const settings = await localeSettings(tenant);
  const languages = new Set(
    settings.locales.map((locale) => locale.code).filter((code) => code !== settings.defaultLocale),
  );
  const ids = pages.map((page) => page.id);
  const [heads, published] = await Promise.all([listNewestHeads(tenant.db, ids), listPublishedNumbers(tenant.db, ids)]);
  const byId = new Map(pages.map((page) => [page.id, page]));
  const live = new Map(published.map((row) => [`${row.page_id}\t${row.locale}`, row.published]));
  const items = heads
    .filter((head) => head.locale === '' || languages.has(head.locale))
    .map((head) => {
      const page = byId.get(head.page_id)!;
      return {
        routing: page.routing,
        title: page.displayName || page.routing,
        locale: localeOut(head.locale),
        revision: head.revision,
        status: head.status,
        published: live.get(`${head.page_id}\t${head.locale}`) ?? null,
      };
    });
  const upToDate = (item: (typeof items)[number]) => (item.status === 'published' ? 1 : 0);
  items.sort(
    (a, b) =>
      upToDate(a) - upToDate(b) || a.title.localeCompare(b.title) || (a.locale ?? '').localeCompare(b.locale ?? ''),
  );
  return { items };
}

export async function listReleases(tenant: Tenant): Promise<ReleaseList> {
  const rows = await listReleaseRows(tenant.db);
  const items = await listItemRows(
    tenant.db,
    rows.map((row) => row.id),
  );
  const byRelease = new Map<number, ReleaseItemRow[]>();
  for (const item of items) byRelease.set(item.release_id, [...(byRelease.get(item.release_id) ?? []), item]);
  return { items: rows.map((row) => releaseOut(row, byRelease.get(row.id) ?? [])) };
}

function releaseOut(row: ReleaseRow, items: readonly ReleaseItemRow[]): Release {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    publishAt: row.publish_at,
    error: row.publish_error,
    createdBy: row.created_by_name,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    publishedBy: row.published_by_name,
    revertedAt: row.reverted_at,
    revertedBy: row.reverted_by_name,
    items: items.map((item) => ({
      routing: item.routing,
      title: item.display_name || item.routing,
      locale: localeOut(item.locale),
      revision: item.revision,
      newest: item.newest === null ? null : Number(item.newest),
      previous: item.previous_revision,
    })),
  };
}

/** A release's page as checked: the page, its language as stored and the revision. */
interface Checked {
  pageId: number;
  routing: string;
  locale: string;
  revision: number;
}

/**
 * Creates a release or changes an open (or failed) one. Each page must exist, be one the caller may edit, be named once
 * per language, and be at its newest revision in that language (409 naming it otherwise: add its newest).
 */
export async function saveRelease(
  tenant: Tenant,
  user: SessionUser,
  body: SaveRelease,
  now = new Date(),
): Promise<SavedRelease> {
  const mayEdit = new Set(await allowedScreens(tenant, user.userId, user.groupId));
  const checked: Checked[] = [];
  for (const [at, item] of body.items.entries()) {
    const page = await findPage(tenant, item.routing);
    if (!page) throw new ValidationError(`There is no page named ${item.routing}.`, `items.${at}.routing`);
    if (!mayEdit.has(page.routing))
      throw new ForbiddenError(`You may not edit ${page.routing}: it is not in your menu.`);
    const { locale } = await documentStrategy(tenant, item.locale ?? undefined);
    if (checked.some((other) => other.pageId === page.id && other.locale === locale))
      throw new ValidationError(RELEASE_MESSAGES.twice, `items.${at}.routing`);
    const name = nameInLanguage(page.routing, locale);
    if (!(await findRevision(tenant.db, page.id, item.revision, locale)))
      throw new NotFoundError(`Revision ${item.revision} of ${name} does not exist.`);
    const newest = await findNewestRevisionHead(tenant.db, page.id, locale);
    if (newest && newest.revision !== item.revision)
      throw new PageChangedError(
        `${name} has a newer revision (${newest.revision}) than revision ${item.revision}: add the newest.`,
        page.routing,
        localeOut(locale),
      );
    checked.push({ pageId: page.id, routing: page.routing, locale, revision: item.revision });
  }
  const stamp = now.toISOString();
  const id = await inTransaction(tenant.db, async (trx) => {
    let id = body.id;
    if (id === undefined) id = await insertRelease(trx, body.name, user.username, stamp);
    else if (!(await renameRelease(trx, id, body.name, stamp)))
      throw (await findReleaseRow(trx, id))
        ? new ConflictError(RELEASE_MESSAGES.notEditable)
        : new NotFoundError(RELEASE_MESSAGES.notFound);
    await replaceItems(trx, id, checked);
    await audit(
      trx,
      tenant,
      {
        action: body.id === undefined ? 'release.create' : 'release.update',
        targetType: 'release',
        targetId: String(id),
        summary: `${body.id === undefined ? 'Made' : 'Changed'} the release “${body.name}” of ${pagesSentence(checked)}`,
        details: { name: body.name, pages: checked.map(pageDetail) },
      },
      now,
    );
    return id;
  });
  invalidate(tenant, [TAGS.revisions]);
  return { id, message: RELEASE_MESSAGES.saved };
}

const pageDetail = (item: Pick<Checked, 'routing' | 'locale' | 'revision'>) => ({
  routing: item.routing,
  ...(item.locale ? { locale: item.locale } : {}),
  revision: item.revision,
});

const pagesSentence = (items: ReadonlyArray<Pick<Checked, 'routing' | 'locale'>>) =>
  items.map((item) => nameInLanguage(item.routing, item.locale)).join(', ');

/** The release or a 404; a release none of whose pages the caller may edit is refused (403) like one page of it. */
async function releaseFor(tenant: Tenant, user: SessionUser, id: number) {
  const row = await findReleaseRow(tenant.db, id);
  if (!row) throw new NotFoundError(RELEASE_MESSAGES.notFound);
  const items = await listItemRows(tenant.db, [id]);
  const mayEdit = new Set(await allowedScreens(tenant, user.userId, user.groupId));
  const barred = items.find((item) => !mayEdit.has(item.routing));
  if (barred) throw new ForbiddenError(`You may not edit ${barred.routing}, a page of this release.`);
  return { row, items };
}

/**
 * Publishes a release now, or schedules it for `publishAt` (ahead, within a year). A member of a group that publishes
 * through review is refused (403). Before scheduling, its pages are checked as a publication would check them, so that
 * a page changed meanwhile is named now rather than at the time.
 */
export async function publishRelease(
  tenant: Tenant,
  user: SessionUser,
  id: number,
  body: PublishRelease,
  now = new Date(),
): Promise<ReleaseAnswer> {
  if (user.publishesByReview === true) throw new ForbiddenError(RELEASE_MESSAGES.mayNotPublish);
  const { row, items } = await releaseFor(tenant, user, id);
  const acknowledged = (body.acknowledged ?? []).map((item) => ({ ...item, locale: item.locale ?? null }));
  if (body.publishAt === undefined)
    return publishNow(
      tenant,
      row,
      items,
      { by: user.username, acknowledged, from: ['open', 'failed', 'scheduled'] },
      now,
    );
  const at = new Date(body.publishAt);
  if (at.getTime() <= now.getTime() || at.getTime() - now.getTime() > MOST_AHEAD_MS)
    throw new ValidationError(RELEASE_MESSAGES.notAhead, 'publishAt');
  for (const item of items) await checkPlace(tenant, item);
  await inTransaction(tenant.db, async (trx) => {
    for (const item of items) await checkRevision(trx, item);
    const moved = await moveRelease(trx, id, ['open', 'failed', 'scheduled'], {
      status: 'scheduled',
      publish_at: at.toISOString(),
      publish_error: null,
      updated_at: now.toISOString(),
    });
    if (!moved) throw new ConflictError(RELEASE_MESSAGES.notPublishable);
    await audit(
      trx,
      tenant,
      {
        action: 'release.schedule',
        targetType: 'release',
        targetId: String(id),
        summary: `Scheduled the release “${row.name}” (${items.length} pages) for ${at.toISOString()}`,
        details: { name: row.name, publishAt: at.toISOString(), pages: items.map(pageDetail), acknowledged },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.revisions]);
  return { message: RELEASE_MESSAGES.scheduled, status: 'scheduled', publishAt: at.toISOString() };
}

/**
 * Whether a page of a release may still go live at all: one of the site's pages with content, in one of its languages
 * (a PageChangedError naming it otherwise). Read before the transaction: it may read the database through the
 * tenant's caches, which must never wait for the connection a transaction holds (SQLite has one).
 */
async function checkPlace(tenant: Tenant, item: ReleaseItemRow): Promise<void> {
  const name = nameInLanguage(item.routing, item.locale);
  if (!(await findPageById(tenant, item.page_id)))
    throw new PageChangedError(`${name} is no longer one of the site’s pages with content.`, item.routing, null);
  if (item.locale === '') return;
  try {
    await documentStrategy(tenant, item.locale);
  } catch {
    throw new PageChangedError(
      `${item.locale} is no longer one of the site’s languages: ${name} cannot go live.`,
      item.routing,
      item.locale,
    );
  }
}

/** Whether a page's newest revision is still the one the release holds, not live yet (a PageChangedError otherwise). */
async function checkRevision(db: Db, item: ReleaseItemRow): Promise<void> {
  const name = nameInLanguage(item.routing, item.locale);
  const newest = await findNewestRevisionHead(db, item.page_id, item.locale);
  if (newest?.revision !== item.revision || newest.status === 'published')
    throw new PageChangedError(
      newest?.status === 'published' && newest.revision === item.revision
        ? `${name} changed since it was added: revision ${item.revision} is live already. Take it out of the release, or add its newest revision.`
        : `${name} changed since it was added to the release (now revision ${newest?.revision ?? 'none'}, the release holds ${item.revision}): add its newest revision, then publish.`,
      item.routing,
      localeOut(item.locale),
    );
}

interface PublishHow {
  /** Who publishes it (the scheduled-publishing job: null, the person who scheduled it is named in the summary). */
  by: string | null;
  acknowledged: ReadonlyArray<{ routing: string; locale: string | null; findings: number }>;
  from: ReadonlyArray<ReleaseRow['status']>;
}

/**
 * Publishes every page of a release in one transaction: the release moves first (only if it still has a status of
 * `from`, so that two instances publish it once), then each page is checked and put live, the revision visitors saw
 * before kept for Revert; a page changed since it was added rolls everything back. One cache invalidation and one
 * `release.published` event for the set, after it committed.
 */
async function publishNow(
  tenant: Tenant,
  row: ReleaseRow,
  items: readonly ReleaseItemRow[],
  how: PublishHow,
  now: Date,
): Promise<ReleaseAnswer> {
  const stamp = now.toISOString();
  for (const item of items) await checkPlace(tenant, item);
  const pages = await inTransaction(tenant.db, async (trx) => {
    const moved = await moveRelease(trx, row.id, how.from, {
      status: 'published',
      publish_at: stamp,
      publish_error: null,
      published_at: stamp,
      published_by_name: how.by ?? row.created_by_name,
      updated_at: stamp,
    });
    if (!moved) throw new ConflictError(RELEASE_MESSAGES.notPublishable);
    const done: Array<{ routing: string; locale: string; revision: number; previous: number | null }> = [];
    for (const item of items) {
      await checkRevision(trx, item);
      const previous = (await findPublishedNumber(trx, item.page_id, item.locale)) ?? null;
      // As any publication: a schedule of another revision waiting for this page in this language is cancelled.
      const waiting = await findScheduledRevision(trx, item.page_id, item.locale);
      if (waiting && waiting.revision !== item.revision)
        await moveRevisionStatus(trx, item.page_id, waiting.revision, 'scheduled', 'draft');
      await publishRevision(trx, item.page_id, item.revision);
      await setPreviousRevision(trx, row.id, item.page_id, item.locale, previous);
      done.push({ routing: item.routing, locale: item.locale, revision: item.revision, previous });
    }
    await audit(
      trx,
      tenant,
      {
        action: 'release.publish',
        targetType: 'release',
        targetId: String(row.id),
        summary:
          how.by === null
            ? `Published the release “${row.name}” as scheduled by ${row.created_by_name}: ${pagesSentence(done)}`
            : `Published the release “${row.name}”: ${pagesSentence(done)}`,
        details: {
          name: row.name,
          pages: done.map((page) => ({ ...pageDetail(page), previous: page.previous })),
          ...(how.acknowledged.length > 0 ? { acknowledged: how.acknowledged } : {}),
        },
      },
      now,
    );
    return done;
  });
  invalidate(tenant, tagsOf(pages));
  await emitDomainEvent(tenant, {
    type: 'release.published',
    at: stamp,
    release: { id: row.id, name: row.name },
    pages: pages.map((page) => ({ routing: page.routing, locale: localeOut(page.locale), revision: page.revision })),
  });
  return { message: RELEASE_MESSAGES.published, status: 'published', publishAt: stamp };
}

/** Every page's published tags, once each: the one invalidation of a release. */
const tagsOf = (pages: ReadonlyArray<{ routing: string; locale: string }>): Tag[] => [
  ...new Set(pages.flatMap((page) => publishedTags(page, page.locale))),
];

/**
 * Puts back every page's revision visitors saw before the release, in one transaction: each revision the release put
 * live becomes a draft again (the revision before it is the newest published one again, as it was, byte for byte). A
 * page published again since the release is named (409) and nothing changes: revert it from its History instead.
 */
export async function revertRelease(
  tenant: Tenant,
  user: SessionUser,
  id: number,
  now = new Date(),
): Promise<ReleaseAnswer> {
  if (user.publishesByReview === true) throw new ForbiddenError(RELEASE_MESSAGES.mayNotPublish);
  const { row, items } = await releaseFor(tenant, user, id);
  const stamp = now.toISOString();
  await inTransaction(tenant.db, async (trx) => {
    const moved = await moveRelease(trx, id, ['published'], {
      status: 'reverted',
      reverted_at: stamp,
      reverted_by_name: user.username,
      updated_at: stamp,
    });
    if (!moved) throw new ConflictError(RELEASE_MESSAGES.notRevertible);
    for (const item of items) {
      const live = await findPublishedNumber(trx, item.page_id, item.locale);
      if (live !== item.revision)
        throw new PageChangedError(
          `${nameInLanguage(item.routing, item.locale)} was published again since the release (revision ${live ?? 'none'} is live): nothing was reverted. Take it back from its History instead, or revert the others by hand.`,
          item.routing,
          localeOut(item.locale),
        );
      await moveRevisionStatus(trx, item.page_id, item.revision, 'published', 'draft');
    }
    await audit(
      trx,
      tenant,
      {
        action: 'release.revert',
        targetType: 'release',
        targetId: String(id),
        summary: `Reverted the release “${row.name}”: ${pagesSentence(items)}`,
        details: {
          name: row.name,
          pages: items.map((item) => ({ ...pageDetail(item), previous: item.previous_revision })),
        },
      },
      now,
    );
  });
  invalidate(tenant, tagsOf(items));
  return { message: RELEASE_MESSAGES.reverted, status: 'reverted', publishAt: row.publish_at };
}

/** Cancels a scheduled release's time: it is open again (its pages untouched). */
export async function unscheduleRelease(
  tenant: Tenant,
  user: SessionUser,
  id: number,
  now = new Date(),
): Promise<ReleaseAnswer> {
  const { row } = await releaseFor(tenant, user, id);
  await inTransaction(tenant.db, async (trx) => {
    const moved = await moveRelease(trx, id, ['scheduled'], {
      status: 'open',
      publish_at: null,
      updated_at: now.toISOString(),
    });
    if (!moved) throw new ConflictError(RELEASE_MESSAGES.notScheduled);
    await audit(
      trx,
      tenant,
      {
        action: 'release.unschedule',
        targetType: 'release',
        targetId: String(id),
        summary: `Cancelled the schedule of the release “${row.name}” (it was to go live at ${row.publish_at})`,
        details: { name: row.name, publishAt: row.publish_at },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.revisions]);
  return { message: RELEASE_MESSAGES.unscheduled, status: 'open', publishAt: null };
}

/** Deletes an open, failed or reverted release; its pages and their revisions stay as they are. */
export async function deleteRelease(
  tenant: Tenant,
  user: SessionUser,
  id: number,
  now = new Date(),
): Promise<{ message: string }> {
  const { row } = await releaseFor(tenant, user, id);
  await inTransaction(tenant.db, async (trx) => {
    if (!(await deleteReleaseRow(trx, id))) throw new ConflictError(RELEASE_MESSAGES.notDeletable);
    await audit(
      trx,
      tenant,
      {
        action: 'release.delete',
        targetType: 'release',
        targetId: String(id),
        summary: `Deleted the release “${row.name}”`,
        details: { name: row.name, status: row.status },
      },
      now,
    );
  });
  invalidate(tenant, [TAGS.revisions]);
  return { message: RELEASE_MESSAGES.deleted };
}

/**
 * The job of scheduled releases: each release whose time has come is published, once even with several instances. One
 * that cannot go live (a page changed since it was added, a language taken off the site) is `failed`, with why,
 * audited; the staff home shows it with Retry, and it is not tried again by itself. Returns the releases published.
 */
export async function publishDueReleases(tenant: Tenant, now: Date): Promise<number[]> {
  const published: number[] = [];
  for (const { id } of await listDueReleases(tenant.db, now.toISOString())) {
    const row = await findReleaseRow(tenant.db, id);
    if (!row || row.status !== 'scheduled') continue;
    const items = await listItemRows(tenant.db, [id]);
    try {
      await runAs({ userName: null, ip: null }, () =>
        publishNow(tenant, row, items, { by: null, acknowledged: [], from: ['scheduled'] }, now),
      );
      published.push(id);
    } catch (error) {
      if (error instanceof PageChangedError) await failRelease(tenant, row, error.message, now);
      else if (!(error instanceof ConflictError)) throw error;
      // A ConflictError otherwise: another instance moved it first.
    }
  }
  return published;
}

async function failRelease(tenant: Tenant, row: ReleaseRow, reason: string, now: Date): Promise<void> {
  await runAs({ userName: null, ip: null }, () =>
    inTransaction(tenant.db, async (trx) => {
      const moved = await moveRelease(trx, row.id, ['scheduled'], {
        status: 'failed',
        publish_error: reason,
        updated_at: now.toISOString(),
      });
      if (!moved) return;
      await audit(
        trx,
        tenant,
        {
          action: 'release.publish_failed',
          targetType: 'release',
          targetId: String(row.id),
          summary: `Could not publish the release “${row.name}” as scheduled: ${reason}`,
          details: { name: row.name, scheduledFor: row.publish_at, reason },
        },
        now,
      );
    }),
  );
  invalidate(tenant, [TAGS.revisions]);
}
