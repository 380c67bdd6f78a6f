import type { PageRecord } from '../../core/page-defs/page-definition';
import type { Parameter } from '../../core/page-defs/parameter';
import {
  LONGEST_SCHEDULE_MS,
  PUBLISH_MESSAGES,
  type EditState,
  type RevisionStatus,
  type RevisionSummary,
  type SavedRevision,
  type Scheduled,
} from '../../core/schemas/revision';
import { EMPTY_SEO, type Seo } from '../../core/schemas/seo';
import { mayEditPage, type SessionUser } from '../access/access';
import { audit, runAs } from '../audit/audit';
import { cached, invalidate } from '../cache/cached';
import { pageTag, TAGS } from '../cache/tags';
import { getSiteCompany } from '../company/company.service';
import { inTransaction } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { listParameters, parameterOf } from '../page-defs/parameters.repository';
import { pageRecordOf } from '../page-defs/pages.repository';
import type { Tenant } from '../tenants/tenants';
import type { Page, SaveTools } from './page-kind';
import { findPageById, NO_PAGE } from './resolve-page';
import {
  findNewestRevision,
  findLastRevisionNumber,
  findNewestRevisionHead,
  findPublishedNumber,
  findPublishedRevision,
  findRevision,
  findRevisionHead,
  findScheduledRevision,
  insertRevision,
  isDuplicateRevision,
  listActivePublicPaths,
  listDueScheduled,
  listPagesOver,
  listRevisions,
  moveRevisionStatus,
  pruneRevisions,
  SOURCE_LOCALE,
  type RevisionRow,
} from './page.repository';
import { pageMeta, sharingImage } from './seo';

/**
 * The one page service (docs/design.md §25, decision 021): read, edit, save in every publish mode, restore, history,
 * unschedule, scheduled publishing and pruning, for pages of both kinds. What differs between the kinds it asks
 * the page's `kind`; who may call it the access layer decided (`editsPage`, access.ts).
 */

/** How often the job looks for scheduled revisions whose time has come: with the runner's 5 s poll, within 30 s. */
export const PUBLISH_SCHEDULED_EVERY_MS = 15_000;
/** How often pruning catches up with REVISIONS_PER_PAGE (a save prunes its own page at once). */
export const PRUNE_REVISIONS_EVERY_MS = 6 * 60 * 60_000;

/** A save's `publish` (docs/design.md §19), read: at once, as a draft, or at a time. */
export type PublishMode = { kind: 'now' } | { kind: 'draft' } | { kind: 'at'; at: Date };

type PageDocument = Record<string, unknown> & { seo: Seo };

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

/** A stored revision as a document: its number and its seo fields (empty for revisions saved before §20). */
export function documentOf<T extends object>(
  row: Pick<RevisionRow, 'document' | 'revision'>,
): T & { revision: number; seo: Seo } {
  const parsed = JSON.parse(row.document) as T & { seo?: Seo };
  return { ...parsed, seo: { ...EMPTY_SEO, ...parsed.seo }, revision: row.revision };
}

/** The document of a page nobody has saved yet, or a 404 for a kind whose pages always have one. */
function emptyDocumentOf(page: Page): Record<string, unknown> {
  const empty = page.kind.emptyDocument();
  if (!empty) throw new NotFoundError(`The page ${page.displayName} has no content yet.`);
  return empty;
}

/**
 * A page's published document, kept until the page is published again (`page:Home`, in any language: publishedTags).
 * Documents were validated before they were stored.
 */
const publishedDocuments = cached({
  name: 'published-document',
  tags: (page: Page) => [pageTag(page.routing)],
  key: (page) => String(page.id),
  load: async (tenant: Tenant, page: Page): Promise<Record<string, unknown>> => {
    const row = await findPublishedRevision(tenant.db, page.id);
    return row ? documentOf<Record<string, unknown>>(row) : emptyDocumentOf(page);
  },
});

/**
 * A page's published document. Public pages and the get calls both come through here, so the server-rendered
 * HTML and the API always agree.
 */
export async function publishedDocument(tenant: Tenant, page: Page): Promise<Record<string, unknown>> {
  return publishedDocuments.get(tenant, page);
}

/**
 * What a publication of a page (in any language) changes: the page in every language (a translation shows the
 * source's numbers and images, and lists the others), the languages pages are published in, where images are used.
 */
export const publishedTags = (page: Pick<Page, 'routing'>): string[] => [
  pageTag(page.routing),
  TAGS.publishedLocales,
  TAGS.revisions,
];

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

/** A page's newest revision (of any status) as its document, or the kind's empty one before its first save. */
export async function newestDocument(
  tenant: Tenant,
  page: Page,
): Promise<{ document: PageDocument; row: RevisionRow | undefined }> {
  const row = await findNewestRevision(tenant.db, page.id);
  if (row) return { document: documentOf<Record<string, unknown>>(row), row };
  return { document: { ...emptyDocumentOf(page), seo: { ...EMPTY_SEO } }, row: undefined };
}

/**
 * `GET /api/master/edit/:routing` (docs/design.md §19): the newest revision of any status in the get call's shape, with
 * its status, when it goes live, the revision visitors see, a waiting schedule, and what the seo fields default to.
 */
export async function editDocument(
  tenant: Tenant,
  page: Page,
  publicBaseUrl: string,
): Promise<Record<string, unknown>> {
  const [{ document, row }, published, scheduled, company, last] = await Promise.all([
    newestDocument(tenant, page),
    findPublishedNumber(tenant.db, page.id),
    findScheduledRevision(tenant.db, page.id),
    getSiteCompany(tenant),
    findLastRevisionNumber(tenant.db, page.id),
  ]);
  const meta = pageMeta({
    seo: EMPTY_SEO,
    pageName: page.displayName,
    company,
    description: await page.kind.description(tenant, page, document),
    publicPath: page.publicPath,
    publicBaseUrl,
  });
  const state: EditState = {
    status: row?.status ?? 'draft',
    publishAt: row?.publish_at ?? null,
    savedAt: row?.saved_at ?? null,
    published: published ?? null,
    scheduled: scheduledOf(scheduled) ?? null,
    nextRevision: last + 1,
    // The image as stored (a path for an upload), not the absolute one of the page's head: the editor shows it,
    // wherever the back office is reached (docs/design.md §24).
    seoDefaults: {
      title: meta.title,
      description: meta.description,
      image: sharingImage(EMPTY_SEO, company),
      url: meta.url,
    },
  };
  return { ...document, ...state };
}

/** What the editor of a page made without code builds its form from (getpagedefinition): the page and its parameters. */
export async function pageDefinition(
  tenant: Tenant,
  page: Page,
): Promise<{ page: PageRecord; parameters: Parameter[] }> {
  return { page: pageRecordOf(page.row), parameters: (await listParameters(tenant.db, page.id)).map(parameterOf) };
}

/**
 * Saves an edited document as a new revision (docs/design.md §6, §13, §19): the page's kind parses, cleans and checks it
 * (400 naming the place); refused with 409 when the page changed since the revision the editor started from;
 * published, kept as a draft or scheduled as `publish` says.
 */
export async function savePage(
  tenant: Tenant,
  page: Page,
  submitted: unknown,
  publish: string | undefined,
  user: SessionUser,
  tools: SaveTools,
  now = new Date(),
): Promise<SavedRevision> {
  const mode = publishModeOf(publish, now);
  const { document, basedOn } = await page.kind.prepare(tenant, page, submitted, {
    tools,
    now,
    published: () => publishedDocument(tenant, page),
  });
  return commitRevision(
    tenant,
    page,
    document,
    user,
    { basedOn, publish: mode, keepRevisions: tools.keepRevisions },
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
  submitted: unknown,
  tools: SaveTools,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const { document } = await page.kind.prepare(tenant, page, submitted, {
    tools,
    now,
    published: () => publishedDocument(tenant, page),
  });
  return document;
}

/** Restores an earlier revision by publishing its document again as a new revision: history is never rewritten. */
export async function restorePage(
  tenant: Tenant,
  page: Page,
  revision: number,
  user: SessionUser,
  keepRevisions: number,
  now = new Date(),
): Promise<SavedRevision> {
  const old = await findRevision(tenant.db, page.id, revision);
  if (!old) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  return commitRevision(
    tenant,
    page,
    documentOf(old),
    user,
    { basedOn: null, restoredFrom: revision, publish: { kind: 'now' }, keepRevisions },
    now,
  );
}

/** The latest revisions of a page, newest first, with their status and the one visitors see (History). */
export async function pageHistory(
  tenant: Tenant,
  page: Pick<Page, 'id'>,
): Promise<{ revisions: RevisionSummary[]; published: number | null }> {
  const [rows, published] = await Promise.all([
    listRevisions(tenant.db, page.id, 100),
    findPublishedNumber(tenant.db, page.id),
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

/** A translation's revision (docs/design.md §28): its language and the source's published revision it was made from. */
export interface TranslationTarget {
  locale: string;
  sourceRevision: number;
}

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

const statusOf = (publish: PublishMode): RevisionStatus =>
  publish.kind === 'now' ? 'published' : publish.kind === 'draft' ? 'draft' : 'scheduled';

/**
 * Stores a document as the page's next revision; the one way a page's content changes (save and restore).
 * `basedOn` is the revision the editor started from (a save): a different newest revision, of any status, means
 * someone saved in between, and the save is refused (409) instead of overwriting their work. A restore (basedOn
 * null) goes on top of whatever is newest. Two writers racing for the same number: the second gets the 409.
 * A publication (now or scheduled) cancels a waiting schedule, in the same transaction; a draft leaves it.
 * A document without `seo` (a client of the spec's calls) keeps the page's stored one.
 */
export async function commitRevision(
  tenant: Tenant,
  page: RevisionTarget,
  document: object,
  user: SessionUser,
  options: {
    basedOn: number | null;
    restoredFrom?: number;
    publish: PublishMode;
    keepRevisions: number;
    translation?: TranslationTarget;
  },
  now = new Date(),
): Promise<SavedRevision> {
  const { basedOn, restoredFrom, publish, keepRevisions, translation } = options;
  const locale = translation?.locale ?? SOURCE_LOCALE;
  const current = await findNewestRevision(tenant.db, page.id, locale);
  if (current && basedOn !== null && basedOn !== current.revision)
    throw staleSave(current.saved_by_name, current.saved_at);
  // One sequence of numbers per page across its languages (docs/design.md §28): the next is one more than any.
  const revision = (await findLastRevisionNumber(tenant.db, page.id)) + 1;
  const status = statusOf(publish);
  const publishAt = publish.kind === 'at' ? publish.at.toISOString() : null;
  const fields = Object.fromEntries(Object.entries(document).filter(([key]) => !NOT_STORED.has(key)));
  const previous = current ? documentOf<Record<string, unknown>>(current) : undefined;
  const seo = (document as { seo?: Seo }).seo ?? previous?.seo ?? EMPTY_SEO;
  // The page is named by the call, not by the body: ids in the document are set to the page's own. A
  // translation holds its texts only: everything else is the source's.
  const stored = translation
    ? { ...fields, revision }
    : { ...fields, seo, menupageid: page.id, commonrouting: page.routing, revision };
  let unscheduled: Scheduled | null = null;
  try {
    await inTransaction(tenant.db, async (trx) => {
      if (status !== 'draft') {
        const waiting = await findScheduledRevision(trx, page.id, locale);
        if (waiting && (await moveRevisionStatus(trx, page.id, waiting.revision, 'scheduled', 'draft')))
          unscheduled = scheduledOf(waiting);
      }
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
        source_revision: translation?.sourceRevision ?? null,
      });
      await audit(
        trx,
        tenant,
        {
          action:
            restoredFrom !== undefined
              ? 'page.restore'
              : status === 'published'
                ? 'page.publish'
                : status === 'draft'
                  ? 'page.draft'
                  : 'page.schedule',
          targetType: 'page',
          targetId: page.routing,
          summary: summaryOf(
            translation ? `${page.routing} in ${locale}` : page.routing,
            revision,
            status,
            publishAt,
            restoredFrom,
          ),
          details: {
            revision,
            ...(translation ? { locale, sourceRevision: translation.sourceRevision } : {}),
            // The fields whose values changed, by name (a field's value may be a whole rich text: never kept here).
            fields: changedTopLevelFields(previous, stored),
            ...(restoredFrom === undefined ? {} : { restoredFrom }),
            ...(publishAt ? { publishAt } : {}),
            ...(unscheduled ? { unscheduled } : {}),
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
  invalidate(tenant, status === 'published' ? publishedTags(page) : [TAGS.revisions]);
  return { message: 'Success', revision, status, publishAt, unscheduled };
}

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
  return `Published ${routing} (revision ${revision})`;
}

/**
 * Cancels a page's scheduled revision (docs/design.md §19): it stays, as a draft. 404 for a revision the page does not
 * have, 409 for one that is not waiting (published already, or its schedule cancelled).
 */
export async function unscheduleRevision(
  tenant: Tenant,
  page: Page,
  revision: number,
  now = new Date(),
  locale = SOURCE_LOCALE,
): Promise<{ message: 'Success'; revision: number; status: 'draft' }> {
  const row = await findRevision(tenant.db, page.id, revision, locale);
  if (!row) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  const moved = await inTransaction(tenant.db, async (trx) => {
    if (!(await moveRevisionStatus(trx, page.id, revision, 'scheduled', 'draft'))) return false;
    await audit(
      trx,
      tenant,
      {
        action: 'page.unschedule',
        targetType: 'page',
        targetId: page.routing,
        summary: `Cancelled the scheduled publication of ${locale ? `${page.routing} in ${locale}` : page.routing} (revision ${revision})`,
        details: { revision, publishAt: row.publish_at, ...(locale ? { locale } : {}) },
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
  const ignored = new Set(['revision', 'menupageid', 'commonrouting']);
  return Object.keys(stored).filter(
    (key) => !ignored.has(key) && JSON.stringify(before[key]) !== JSON.stringify(stored[key]),
  );
}

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

/** The revision a staff preview shows: the one asked for, or the newest of any status. */
export async function previewRevision(
  tenant: Tenant,
  page: Page,
  revision: number | null,
): Promise<{ document: PageDocument; status: RevisionStatus | null; revision: number }> {
  if (revision === null) {
    const { document, row } = await newestDocument(tenant, page);
    return { document, status: row?.status ?? null, revision: row?.revision ?? 0 };
  }
  const row = await findRevision(tenant.db, page.id, revision);
  if (!row) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  return { document: documentOf<Record<string, unknown>>(row), status: row.status, revision };
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
    if (!page) continue;
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
            summary: `Published ${due.locale ? `${page.routing} in ${due.locale}` : page.routing} (revision ${due.revision}) as scheduled by ${scheduledBy ?? 'someone'}`,
            details: {
              revision: due.revision,
              scheduledFor: due.publish_at,
              scheduledBy,
              ...(due.locale ? { locale: due.locale } : {}),
            },
          },
          now,
        );
        return true;
      }),
    );
    if (!moved) continue;
    invalidate(tenant, publishedTags(page));
    published.push({ pageId: page.id, revision: due.revision });
  }
  return published;
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
