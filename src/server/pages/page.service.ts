import type { PageRecord } from '../../core/page-defs/page-definition';
import type { Parameter } from '../../core/page-defs/parameter';
import {
  LONGEST_SCHEDULE_MS,
  PUBLISH_MESSAGES,
  type RevisionStatus,
  type RevisionSummary,
  type SavedRevision,
  type Scheduled,
} from '../../core/schemas/revision';
import { mayEditPage, type SessionUser } from '../access/access';
import { audit, runAs, type AuditAction } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { inTransaction } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { emitPageChange } from '../events/domain-events';
import { listParameters, parameterOf } from './definitions/parameters.repository';
import { pageRecordOf } from './definitions/pages.repository';
import type { Tenant } from '../tenants/tenants';
import {
  languageDetails,
  nameInLanguage,
  type DocumentStrategy,
  type NewestRevision,
  type PreparedDocument,
} from './document-strategy';
import type { Page, SaveTools } from './page-kind';
import { findPageById, NO_PAGE } from './resolve-page';
import {
  findNewestRevision,
  findLastRevisionNumber,
  findNewestRevisionAndLast,
  findNewestRevisionHead,
  findPublishedNumber,
  findRevision,
  findRevisionHead,
  findScheduledRevision,
  insertRevision,
  isDuplicateRevision,
  listActivePublicPaths,
  listDueScheduled,
  listPagesOver,
  listRevisions,
  findPublishError,
  markPublishFailed,
  moveRevisionStatus,
  rescheduleFailed,
  pruneRevisions,
} from './revisions/page.repository';
import { localeSettings } from '../locales/locales.service';
import { documentOf, publishedDocument, publishedTags } from './revisions/published-documents';

export { documentOf, publishedDocument, publishedTags } from './revisions/published-documents';

/**
 * The one page service (docs/design.md §25, decision 021): read, edit, save in every publish mode, restore, history,
 * unschedule, scheduled publishing and pruning, for pages of both kinds and in every language. What differs between
 * the kinds it asks the page's `kind`, what differs between a page and its translation the language's document strategy
 * (document-strategy.ts); who may call it the access layer decided (`editsPage`, access.ts).
 */

/** How often the job looks for scheduled revisions whose time has come: with the runner's 5 s poll, within 30 s. */
export const PUBLISH_SCHEDULED_EVERY_MS = 15_000;
/** How often pruning catches up with REVISIONS_PER_PAGE (a save prunes its own page at once). */
export const PRUNE_REVISIONS_EVERY_MS = 6 * 60 * 60_000;

/** A save's `publish` (docs/design.md §19), read: at once, as a draft, or at a time. */
export type PublishMode = { kind: 'now' } | { kind: 'draft' } | { kind: 'at'; at: Date };

/**
 * Reads `publish` (its shape was checked by PublishSchema): absent or "now" publishes, "draft" stores a draft, a
 * time schedules, if it lies ahead and within a year. A time in the past or too far ahead is a 400 with a sentence.
 */
export function publishModeOf(publish: string | undefined, now: Date): PublishMode {
  if (publish === undefined || publish === 'now') return { kind: 'now' };
  if (publish === 'draft') return { kind: 'draft' };
  const at = new Date(publish);
  if (Number.isNaN(at.getTime())) throw new ValidationError(`publish ${PUBLISH_MESSAGES.shape}.`);
  if (at.getTime() <= now.getTime()) throw new ValidationError(PUBLISH_MESSAGES.past);
  if (at.getTime() - now.getTime() > LONGEST_SCHEDULE_MS) throw new ValidationError(PUBLISH_MESSAGES.tooFar);
  return { kind: 'at', at };
}

/**
 * getpagecontent and `GET /api/pages/:routing` (docs/design.md §13): a page's published document. The content of an
 * inactive or internal page (homepage N) is readable only by those who may edit it; anyone else gets 404.
 */
export async function readPage(
  tenant: Tenant,
  page: Page,
  session: SessionUser | null,
): Promise<Record<string, unknown>> {
  if ((!page.active || !page.onWebsite) && !(await mayEditPage(tenant, session, page.routing)))
    throw new NotFoundError(NO_PAGE);
  return publishedDocument(tenant, page);
}

export async function getActivePublicPaths(tenant: Tenant): Promise<string[]> {
  return listActivePublicPaths(tenant.db);
}

/**
 * Where a page stands in one language: its newest revision of any status, its status, when it goes live, the revision
 * visitors see, a waiting schedule, and the number the next save gets (revisions are numbered across languages).
 */
async function newestRevision(tenant: Tenant, page: Page, locale: string): Promise<NewestRevision> {
  const [row, published, scheduled, last] = await Promise.all([
    findNewestRevision(tenant.db, page.id, locale),
    findPublishedNumber(tenant.db, page.id, locale),
    findScheduledRevision(tenant.db, page.id, locale),
    findLastRevisionNumber(tenant.db, page.id),
  ]);
  const state = {
    status: row?.status ?? 'draft',
    publishAt: row?.publish_at ?? null,
    savedAt: row?.saved_at ?? null,
    published: published ?? null,
    scheduled: scheduledOf(scheduled) ?? null,
    nextRevision: last + 1,
  };
  return { row, state };
}

/**
 * `GET /api/master/edit/:routing` (docs/design.md §19), with `?locale=` its translation's (§28): the newest revision of
 * any status in the editor's shape of that language, with where the page stands.
 */
export async function editDocument(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  publicBaseUrl: string,
): Promise<Record<string, unknown>> {
  return documents.editorDocument(tenant, page, await newestRevision(tenant, page, documents.locale), publicBaseUrl);
}

/** What the editor of a page made without code builds its form from (getpagedefinition): the page and its parameters. */
export async function pageDefinition(
  tenant: Tenant,
  page: Page,
): Promise<{ page: PageRecord; parameters: Parameter[] }> {
  return { page: pageRecordOf(page.row), parameters: (await listParameters(tenant.db, page.id)).map(parameterOf) };
}

/**
 * Saves an edited document as a new revision (docs/design.md §6, §13, §19), in the strategy's language: checked as the
 * page's kind checks it (400 naming the place); refused with 409 when the page changed since the revision the
 * editor started from; published, kept as a draft or scheduled as `publish` says.
 */
export async function savePage(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  submitted: unknown,
  publish: string | undefined,
  user: SessionUser,
  tools: SaveTools,
  now = new Date(),
): Promise<SavedRevision> {
  const mode = publishModeOf(publish, now);
  const prepared = await documents.prepare(tenant, page, submitted, tools, now);
  return commitRevision(
    tenant,
    page,
    documents,
    prepared,
    user,
    { publish: mode, keepRevisions: tools.keepRevisions },
    now,
  );
}

/**
 * A document checked exactly as its save would check it (schema, cleaning, field rules, the kind's own checks) and
 * stored nowhere: the editor's preview of its working copy (docs/design.md §26). No revision, no audit entry.
 */
export async function previewDocument(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  submitted: unknown,
  tools: SaveTools,
  now = new Date(),
): Promise<Record<string, unknown>> {
  return documents.preview(tenant, page, submitted, tools, now);
}

/** A revision of the page in the strategy's language, or a 404 that says which. */
async function revisionIn(tenant: Tenant, page: Page, documents: DocumentStrategy, revision: number) {
  const row = await findRevision(tenant.db, page.id, revision, documents.locale);
  if (!row) throw new NotFoundError(`Revision ${revision} of ${documents.thisPage} does not exist.`);
  return row;
}

/** Restores an earlier revision by publishing its document again as a new revision: history is never rewritten. */
export async function restorePage(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  revision: number,
  user: SessionUser,
  keepRevisions: number,
  now = new Date(),
): Promise<SavedRevision> {
  const prepared = await documents.restored(tenant, page, await revisionIn(tenant, page, documents, revision));
  return commitRevision(
    tenant,
    page,
    documents,
    prepared,
    user,
    { restoredFrom: revision, publish: { kind: 'now' }, keepRevisions },
    now,
  );
}

/** The latest revisions of a page in one language, newest first, with their status and the one visitors see (History). */
export async function pageHistory(
  tenant: Tenant,
  page: Pick<Page, 'id'>,
  documents: Pick<DocumentStrategy, 'locale'>,
): Promise<{ revisions: RevisionSummary[]; published: number | null }> {
  const [rows, published] = await Promise.all([
    listRevisions(tenant.db, page.id, 100, documents.locale),
    findPublishedNumber(tenant.db, page.id, documents.locale),
  ]);
  return {
    revisions: rows.map((r) => ({
      revision: r.revision,
      savedBy: r.saved_by_name,
      savedAt: r.saved_at,
      status: r.status,
      publishAt: r.publish_at,
    })),
    published: published ?? null,
  };
}

/** The page a revision belongs to: its id, its routing name, and the key its rendered public page is cached under. */
export type RevisionTarget = Pick<Page, 'id' | 'routing' | 'cacheKey'>;

/** What the editor reads and sends back beside a document, never stored with it (docs/design.md §19). */
const NOT_STORED = new Set([
  'publish',
  'status',
  'publishAt',
  'savedAt',
  'published',
  'scheduled',
  'nextRevision',
  'seoDefaults',
  'revision',
  'menupageid',
  'commonrouting',
]);

const scheduledOf = (row: { revision: number; publish_at: string | null } | undefined): Scheduled | null =>
  row?.publish_at ? { revision: row.revision, publishAt: row.publish_at } : null;

/**
 * The status a save stores: what `publish` says, or, for a member of a group that publishes through review (docs/design.md
 * §32), `in_review` instead of publishing or scheduling (with the time asked for kept): decided here, whatever the
 * client sent.
 */
const statusOf = (publish: PublishMode, user: SessionUser): RevisionStatus =>
  publish.kind === 'draft'
    ? 'draft'
    : user.publishesByReview === true
      ? 'in_review'
      : publish.kind === 'now'
        ? 'published'
        : 'scheduled';

/**
 * Stores a prepared document as the page's next revision in the strategy's language; the one way a page's content
 * changes (save, restore, import). `basedOn` is the revision the editor started from (a save): a different newest
 * revision, of any status, means someone saved in between, and the save is refused (409) instead of overwriting
 * their work. A restore (basedOn null) goes on top of whatever is newest. Two writers racing for the same number:
 * the second gets the 409. A publication (now or scheduled) cancels a waiting schedule, in the same transaction; a
 * draft and a request for review leave it. Any save supersedes a revision waiting for review (it becomes a draft).
 */
export async function commitRevision(
  tenant: Tenant,
  page: RevisionTarget,
  documents: DocumentStrategy,
  prepared: PreparedDocument,
  user: SessionUser,
  options: { restoredFrom?: number; publish: PublishMode; keepRevisions: number },
  now = new Date(),
): Promise<SavedRevision> {
  const { restoredFrom, publish, keepRevisions } = options;
  const { locale } = documents;
  // One sequence of numbers per page across its languages (docs/design.md §28): the next is one more than any.
  const { newest: current, last } = await findNewestRevisionAndLast(tenant.db, page.id, locale);
  if (current && prepared.basedOn !== null && prepared.basedOn !== current.revision)
    throw staleSave(current.saved_by_name, current.saved_at);
  const revision = last + 1;
  const status = statusOf(publish, user);
  const publishAt = publish.kind === 'at' ? publish.at.toISOString() : null;
  const supersedes = current?.status === 'in_review' ? current.revision : null;
  const fields = Object.fromEntries(Object.entries(prepared.document).filter(([key]) => !NOT_STORED.has(key)));
  const stored = documents.stored(page, fields, current, revision);
  let unscheduled: Scheduled | null = null;
  try {
    await inTransaction(tenant.db, async (trx) => {
      if (status === 'published' || status === 'scheduled') {
        const waiting = await findScheduledRevision(trx, page.id, locale);
        if (waiting && (await moveRevisionStatus(trx, page.id, waiting.revision, 'scheduled', 'draft')))
          unscheduled = scheduledOf(waiting);
      }
      if (supersedes !== null) await moveRevisionStatus(trx, page.id, supersedes, 'in_review', 'draft');
      await insertRevision(trx, {
        page_id: page.id,
        revision,
        document: JSON.stringify(stored),
        saved_by: user.userId,
        saved_by_name: user.username,
        saved_at: now.toISOString(),
        status,
        publish_at: publishAt,
        locale,
        source_revision: prepared.sourceRevision,
      });
      await audit(
        trx,
        tenant,
        {
          action: restoredFrom !== undefined ? 'page.restore' : ACTION_OF[status],
          targetType: 'page',
          targetId: page.routing,
          summary: summaryOf(documents.auditName(page.routing), revision, status, publishAt, restoredFrom),
          details: {
            revision,
            ...documents.auditDetails(prepared),
            // The fields whose values changed, by name (a field's value may be a whole rich text: never kept here).
            fields: changedTopLevelFields(current ? documentOf(current) : undefined, stored),
            ...(restoredFrom === undefined ? {} : { restoredFrom }),
            ...(publishAt ? { publishAt } : {}),
            ...(unscheduled ? { unscheduled } : {}),
            ...(supersedes === null ? {} : { supersededReview: supersedes }),
          },
        },
        now,
      );
      // The count holds the moment the save answers (docs/design.md §19): this page's older revisions go with it.
      await pruneRevisions(trx, page.id, keepRevisions, locale);
    });
  } catch (error) {
    if (!isDuplicateRevision(error)) throw error;
    const winner = await findNewestRevisionHead(tenant.db, page.id, locale);
    throw staleSave(winner?.saved_by_name ?? 'someone', winner?.saved_at ?? now.toISOString());
  }
  // Only a publication changes what visitors see; a draft or a schedule leaves the public page and its caches
  // (but may change where images are used: the media library's list reads that again).
  invalidate(tenant, status === 'published' ? publishedTags(page, locale) : [TAGS.revisions]);
  if (status === 'published') await emitPageChange(tenant, { routing: page.routing, locale }, revision, now);
  return { message: 'Success', revision, status, publishAt, unscheduled };
}

/** The audit action of a save by the status it stored. */
const ACTION_OF: Record<RevisionStatus, AuditAction> = {
  published: 'page.publish',
  draft: 'page.draft',
  scheduled: 'page.schedule',
  in_review: 'review.ask',
  // Never stored by a save: the scheduled-publishing job's.
  failed: 'page.publish_failed',
};

function summaryOf(
  routing: string,
  revision: number,
  status: string,
  publishAt: string | null,
  restoredFrom?: number,
): string {
  if (restoredFrom !== undefined) return `Restored ${routing} to revision ${restoredFrom} (as revision ${revision})`;
  if (status === 'draft') return `Saved a draft of ${routing} (revision ${revision})`;
  if (status === 'scheduled') return `Scheduled ${routing} (revision ${revision}) for ${publishAt}`;
  if (status === 'in_review')
    return `Asked for review of ${routing} (revision ${revision})${publishAt ? ` to go live at ${publishAt}` : ''}`;
  return `Published ${routing} (revision ${revision})`;
}

/**
 * Cancels a page's scheduled revision (docs/design.md §19): it stays, as a draft. 404 for a revision the page does not
 * have, 409 for one that is not waiting (published already, or its schedule cancelled).
 */
export async function unscheduleRevision(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  revision: number,
  now = new Date(),
): Promise<{ message: 'Success'; revision: number; status: 'draft' }> {
  const row = await revisionIn(tenant, page, documents, revision);
  const moved = await inTransaction(tenant.db, async (trx) => {
    if (!(await moveRevisionStatus(trx, page.id, revision, 'scheduled', 'draft'))) return false;
    await audit(
      trx,
      tenant,
      {
        action: 'page.unschedule',
        targetType: 'page',
        targetId: page.routing,
        summary: `Cancelled the scheduled publication of ${documents.auditName(page.routing)} (revision ${revision})`,
        details: { revision, publishAt: row.publish_at, ...documents.auditDetails({ sourceRevision: null }) },
      },
      now,
    );
    return true;
  });
  if (!moved)
    throw new ConflictError(
      `Revision ${revision} is not scheduled: it was published already or its schedule was cancelled. Reload to see the page as it is now.`,
    );
  invalidate(tenant, [TAGS.revisions]);
  return { message: 'Success', revision, status: 'draft' };
}

/** The names of the document's fields whose values differ from the previous revision's (all of them for a first one). */
function changedTopLevelFields(
  previous: Record<string, unknown> | undefined,
  stored: Record<string, unknown>,
): string[] {
  const before = previous ?? {};
  return Object.keys(stored).filter((key) => !UNCOMPARED.has(key) && !sameValue(before[key], stored[key]));
}

/** What changedTopLevelFields leaves out: the page's ids and number, stored with every revision. */
const UNCOMPARED = new Set(['revision', 'menupageid', 'commonrouting']);

/** Two stored values equal as JSON: texts and numbers compared as they are, lists and objects as their JSON. */
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

function staleSave(who: string, when: string): ConflictError {
  const at = new Date(when).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });
  return new ConflictError(
    `${who} saved this page (${at}) after you opened it. Reload to see their changes; your edits stay here until you do.`,
  );
}

/** The revision a staff preview shows in the strategy's language: the one asked for, or the newest of any status. */
export async function previewRevision(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  revision: number | null,
): Promise<Record<string, unknown>> {
  const row =
    revision === null
      ? await findNewestRevision(tenant.db, page.id, documents.locale)
      : await revisionIn(tenant, page, documents, revision);
  return documents.view(tenant, page, row);
}

/** Checks a preview's `?revision=`: a positive whole number. */
export function previewRevisionOf(value: unknown): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || n <= 0)
    throw new ValidationError('revision must be a revision number.');
  return n;
}

/**
 * The job of scheduled publishing (docs/design.md §19): every scheduled revision whose time has come is published, once
 * even with several instances (the status moves only if it is still `scheduled`), and the page's caches go.
 * Returns the revisions it published.
 */
export async function publishDueRevisions(
  tenant: Tenant,
  now: Date,
): Promise<Array<{ pageId: number; revision: number }>> {
  const published: Array<{ pageId: number; revision: number }> = [];
  for (const due of await listDueScheduled(tenant.db, now.toISOString())) {
    const page = await findPageById(tenant, due.page_id);
    const failure = page ? await whyNotPublishable(tenant, due.locale) : NO_LONGER_A_PAGE;
    if (!page || failure) {
      await failScheduled(tenant, due, failure ?? NO_LONGER_A_PAGE, page?.routing, now);
      continue;
    }
    const moved = await runAs({ userName: null, ip: null }, () =>
      inTransaction(tenant.db, async (trx) => {
        if (!(await moveRevisionStatus(trx, due.page_id, due.revision, 'scheduled', 'published'))) return false;
        const scheduledBy = (await findRevisionHead(trx, due.page_id, due.revision))?.saved_by_name ?? null;
        await audit(
          trx,
          tenant,
          {
            action: 'page.publish',
            targetType: 'page',
            targetId: page.routing,
            summary: `Published ${nameInLanguage(page.routing, due.locale)} (revision ${due.revision}) as scheduled by ${scheduledBy ?? 'someone'}`,
            details: {
              revision: due.revision,
              scheduledFor: due.publish_at,
              scheduledBy,
              ...languageDetails(due.locale),
            },
          },
          now,
        );
        return true;
      }),
    );
    if (!moved) continue;
    invalidate(tenant, publishedTags(page, due.locale));
    await emitPageChange(tenant, { routing: page.routing, locale: due.locale }, due.revision, now);
    published.push({ pageId: page.id, revision: due.revision });
  }
  return published;
}

/**
 * Retry of a scheduled publication that failed at its time (docs/design.md §32): put back in the queue for now and
 * published at once, or 409 with why it still cannot be (it stays failed). 404 for a revision the page does not have.
 */
export async function retryScheduled(
  tenant: Tenant,
  page: Page,
  documents: DocumentStrategy,
  revision: number,
  now = new Date(),
): Promise<{ message: string; revision: number }> {
  const row = await revisionIn(tenant, page, documents, revision);
  if (row.status !== 'failed')
    throw new ConflictError(
      `Revision ${revision} is not waiting for a retry: it was published or scheduled again already. Reload to see the page as it is now.`,
    );
  const reason = await whyNotPublishable(tenant, documents.locale);
  if (reason) throw new ConflictError(reason);
  if (!(await rescheduleFailed(tenant.db, page.id, revision, now.toISOString())))
    throw new ConflictError(
      `Revision ${revision} was retried by someone else already. Reload to see the page as it is now.`,
    );
  const published = await publishDueRevisions(tenant, now);
  if (!published.some((done) => done.pageId === page.id && done.revision === revision)) {
    throw new ConflictError(
      (await findPublishError(tenant.db, page.id, revision)) ?? `Revision ${revision} could not be published.`,
    );
  }
  return { message: `Published ${documents.auditName(page.routing)} (revision ${revision}).`, revision };
}

const NO_LONGER_A_PAGE = 'The page is no longer one of the site’s pages with content.';

/** Why a revision in `locale` (as stored) cannot be published now, or null: its language must be one of the site's. */
async function whyNotPublishable(tenant: Tenant, locale: string): Promise<string | null> {
  if (locale === '') return null;
  const { locales } = await localeSettings(tenant);
  return locales.some((known) => known.code === locale)
    ? null
    : `${locale} is no longer one of the site’s languages: add it again on the Languages screen, then Retry.`;
}

/**
 * A scheduled revision that cannot be published at its time (docs/design.md §32): `failed`, with why, audited; the
 * staff home lists it with Retry. It is not tried again by itself.
 */
async function failScheduled(
  tenant: Tenant,
  due: { page_id: number; revision: number; locale: string; publish_at: string | null },
  reason: string,
  routing: string | undefined,
  now: Date,
): Promise<void> {
  await runAs({ userName: null, ip: null }, () =>
    inTransaction(tenant.db, async (trx) => {
      if (!(await markPublishFailed(trx, due.page_id, due.revision, reason))) return;
      const name = nameInLanguage(routing ?? `page ${due.page_id}`, due.locale);
      await audit(
        trx,
        tenant,
        {
          action: 'page.publish_failed',
          targetType: 'page',
          targetId: routing ?? String(due.page_id),
          summary: `Could not publish ${name} (revision ${due.revision}) as scheduled: ${reason}`,
          details: { revision: due.revision, scheduledFor: due.publish_at, reason, ...languageDetails(due.locale) },
        },
        now,
      );
    }),
  );
  invalidate(tenant, [TAGS.revisions]);
}

/** The catch-up after REVISIONS_PER_PAGE was lowered: every page with more revisions than kept is pruned. */
export async function pruneAllRevisions(tenant: Tenant, keep: number): Promise<number> {
  if (keep <= 0) return 0;
  let pruned = 0;
  for (const { pageId, locale } of await listPagesOver(tenant.db, keep)) {
    pruned += await inTransaction(tenant.db, (trx) => pruneRevisions(trx, pageId, keep, locale));
  }
  return pruned;
}
