import { checkDocumentEntries } from '../../core/field-rules/check-entry';
import { contentPageByKey, type ContentPage, type ContentPageKey } from '../../core/pages';
import type { LabelTree } from '../../core/content/content-page';
import { CONTENT_PAGE_DEFINITIONS, CONTENT_SCHEMAS, type AnyContent, type ContentByKey } from '../../core/schemas/page-content';
import { sanitizeDocument } from '../../core/schemas/fields';
import { LONGEST_SCHEDULE_MS, PUBLISH_MESSAGES, type RevisionSummary, type SavedRevision, type Scheduled } from '../../core/schemas/revision';
import { EMPTY_SEO, type Seo } from '../../core/schemas/seo';
import type { SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { inTransaction } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { getActiveRules } from '../field-rules/field-rules.service';
import type { Tenant } from '../tenants/tenants';
import {
  findNewestRevision,
  findNewestRevisionHead,
  findPublishedNumber,
  findPublishedRevision,
  findRevision,
  findScheduledRevision,
  insertRevision,
  isDuplicateRevision,
  listActivePublicPaths,
  listRevisions,
  moveRevisionStatus,
  pruneRevisions,
  type RevisionRow,
} from './content.repository';
import type { RichTextCleaner } from './rich-text';

/** What a save needs besides the document: the rich-text cleaner and REVISIONS_PER_PAGE (0 keeps all). */
export interface SaveTools {
  cleanRichText: RichTextCleaner;
  keepRevisions: number;
}

/** A save's `publish` (DESIGN §19), read: at once, as a draft, or at a time. */
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

/** A stored revision as a document: its number and its seo fields (empty for revisions saved before §20). */
export function documentOf<T extends object>(row: Pick<RevisionRow, 'document' | 'revision'>): T & { revision: number; seo: Seo } {
  const parsed = JSON.parse(row.document) as T & { seo?: Seo };
  return { ...parsed, seo: { ...EMPTY_SEO, ...parsed.seo }, revision: row.revision };
}

/**
 * Reads a page's published content document. Public pages and the get calls both come through here, so the
 * server-rendered HTML and the API always agree. Documents were validated before they were stored.
 */
export async function getPageContent<K extends ContentPageKey>(tenant: Tenant, key: K): Promise<ContentByKey[K]> {
  const page = contentPageByKey(key);
  const cached = tenant.cache.content.get(page.id);
  if (cached) return cached as ContentByKey[K];
  const row = await findPublishedRevision(tenant.db, page.id);
  if (!row) throw new NotFoundError(`The page ${page.name} has no content yet.`);
  const document = documentOf<ContentByKey[K]>(row);
  tenant.cache.content.set(page.id, document);
  return document;
}

export async function getActivePublicPaths(tenant: Tenant): Promise<string[]> {
  return listActivePublicPaths(tenant.db);
}

/**
 * Saves an edited content document (parsed by the route with the page's schema) as a new revision (DESIGN §6,
 * §19): rich text cleaned, the page's field rules applied to every entry of every list (the editor ran them
 * before Add), refused with 409 when the page changed since the revision the editor started from; published,
 * kept as a draft or scheduled as `publish` says.
 */
export async function savePageContent(tenant: Tenant, page: ContentPage, edited: AnyContent, user: SessionUser, tools: SaveTools, now = new Date()): Promise<SavedRevision> {
  const publish = publishModeOf(edited.publish, now);
  const document = sanitizeDocument(CONTENT_SCHEMAS[page.key], edited, tools.cleanRichText);
  const rules = await getActiveRules(tenant, page.id);
  // Refusals name fields as the editor labels them (DESIGN §24), from the page file's labels.
  const labels = CONTENT_PAGE_DEFINITIONS[page.key].labels as LabelTree;
  const result = checkDocumentEntries(document as unknown as Record<string, unknown>, rules, now, labels);
  if (!result.ok) throw new ValidationError(result.message);
  return commitRevision(tenant, targetOf(page), document, user, { basedOn: edited.revision, publish, keepRevisions: tools.keepRevisions }, now);
}

/** The latest revisions of a page, newest first, with their status and the one visitors see (History). */
export async function pageHistory(tenant: Tenant, page: ContentPage): Promise<{ revisions: RevisionSummary[]; published: number | null }> {
  return historyOf(tenant, page.id);
}

/** Restores an earlier revision by publishing its document again as a new revision: history is never rewritten. */
export async function restoreRevision(tenant: Tenant, page: ContentPage, revision: number, user: SessionUser, keepRevisions: number, now = new Date()): Promise<SavedRevision> {
  return restoreRevisionOf(tenant, targetOf(page), revision, user, keepRevisions, now);
}

export async function restoreRevisionOf(tenant: Tenant, page: RevisionTarget, revision: number, user: SessionUser, keepRevisions: number, now = new Date()): Promise<SavedRevision> {
  const old = await findRevision(tenant.db, page.id, revision);
  if (!old) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  return commitRevision(tenant, page, documentOf(old), user, { basedOn: null, restoredFrom: revision, publish: { kind: 'now' }, keepRevisions }, now);
}

/** The history of any page by id (the Autowired editor's History view). */
export async function historyOf(tenant: Tenant, pageId: number): Promise<{ revisions: RevisionSummary[]; published: number | null }> {
  const [rows, published] = await Promise.all([listRevisions(tenant.db, pageId, 100), findPublishedNumber(tenant.db, pageId)]);
  return {
    revisions: rows.map((r) => ({ revision: r.revision, savedBy: r.saved_by_name, savedAt: r.saved_at, status: r.status, publishAt: r.publish_at })),
    published: published ?? null,
  };
}

/** The page a revision belongs to: its id, its routing name, and the key its rendered public page is cached under. */
export interface RevisionTarget {
  id: number;
  routing: string;
  cacheKey: string;
}

const targetOf = (page: ContentPage): RevisionTarget => ({ id: page.id, routing: page.routing, cacheKey: page.key });

/** What the editor reads and sends back beside a document, never stored with it (DESIGN §19). */
const NOT_STORED = new Set(['publish', 'status', 'publishAt', 'savedAt', 'published', 'scheduled', 'seoDefaults', 'revision', 'menupageid', 'commonrouting']);

const scheduledOf = (row: { revision: number; publish_at: string | null } | undefined): Scheduled | null =>
  row?.publish_at ? { revision: row.revision, publishAt: row.publish_at } : null;

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
  options: { basedOn: number | null; restoredFrom?: number; publish: PublishMode; keepRevisions: number },
  now = new Date(),
): Promise<SavedRevision> {
  const { basedOn, restoredFrom, publish, keepRevisions } = options;
  const current = await findNewestRevision(tenant.db, page.id);
  if (current && basedOn !== null && basedOn !== current.revision) throw staleSave(current.saved_by_name, current.saved_at);
  const revision = (current?.revision ?? 0) + 1;
  const status = publish.kind === 'now' ? 'published' : publish.kind === 'draft' ? 'draft' : 'scheduled';
  const publishAt = publish.kind === 'at' ? publish.at.toISOString() : null;
  const fields = Object.fromEntries(Object.entries(document).filter(([key]) => !NOT_STORED.has(key)));
  const previous = current ? documentOf<Record<string, unknown>>(current) : undefined;
  const seo = (document as { seo?: Seo }).seo ?? previous?.seo ?? EMPTY_SEO;
  // The page is named by the call, not by the body: ids in the document are set to the page's own.
  const stored = { ...fields, seo, menupageid: page.id, commonrouting: page.routing, revision };
  const text = JSON.stringify(stored);
  let unscheduled: Scheduled | null = null;
  try {
    await inTransaction(tenant.db, async (trx) => {
      if (status !== 'draft') {
        const waiting = await findScheduledRevision(trx, page.id);
        if (waiting && (await moveRevisionStatus(trx, page.id, waiting.revision, 'scheduled', 'draft'))) unscheduled = scheduledOf(waiting);
      }
      await insertRevision(trx, {
        page_id: page.id,
        revision,
        document: text,
        saved_by: user.userId,
        saved_by_name: user.username,
        saved_at: now.toISOString(),
        status,
        publish_at: publishAt,
      });
      // The fields whose values changed, by name (a field's value may be a whole rich text: never kept here).
      const changed = changedTopLevelFields(previous, stored);
      await audit(trx, tenant, {
        action: restoredFrom !== undefined ? 'page.restore' : status === 'published' ? 'page.publish' : status === 'draft' ? 'page.draft' : 'page.schedule',
        targetType: 'page',
        targetId: page.routing,
        summary: summaryOf(page.routing, revision, status, publishAt, restoredFrom),
        details: {
          revision,
          fields: changed,
          ...(restoredFrom === undefined ? {} : { restoredFrom }),
          ...(publishAt ? { publishAt } : {}),
          ...(unscheduled ? { unscheduled } : {}),
        },
      }, now);
      // The count holds the moment the save answers (DESIGN §19): this page's older revisions go with it.
      await pruneRevisions(trx, page.id, keepRevisions);
    });
  } catch (error) {
    if (!isDuplicateRevision(error)) throw error;
    const winner = await findNewestRevisionHead(tenant.db, page.id);
    throw staleSave(winner?.saved_by_name ?? 'someone', winner?.saved_at ?? now.toISOString());
  }
  // Only a publication changes what visitors see; a draft or a schedule leaves the public page and its caches.
  if (status === 'published') tenant.cache.pageSaved(page.id, page.cacheKey);
  return { message: 'Success', revision, status, publishAt, unscheduled };
}

function summaryOf(routing: string, revision: number, status: string, publishAt: string | null, restoredFrom?: number): string {
  if (restoredFrom !== undefined) return `Restored ${routing} to revision ${restoredFrom} (as revision ${revision})`;
  if (status === 'draft') return `Saved a draft of ${routing} (revision ${revision})`;
  if (status === 'scheduled') return `Scheduled ${routing} (revision ${revision}) for ${publishAt}`;
  return `Published ${routing} (revision ${revision})`;
}

/**
 * Cancels a page's scheduled revision (DESIGN §19): it stays, as a draft. 404 for a revision the page does not
 * have, 409 for one that is not waiting (published already, or its schedule cancelled).
 */
export async function unscheduleRevision(tenant: Tenant, page: RevisionTarget, revision: number, now = new Date()): Promise<{ message: 'Success'; revision: number; status: 'draft' }> {
  const row = await findRevision(tenant.db, page.id, revision);
  if (!row) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  const moved = await inTransaction(tenant.db, async (trx) => {
    if (!(await moveRevisionStatus(trx, page.id, revision, 'scheduled', 'draft'))) return false;
    await audit(trx, tenant, {
      action: 'page.unschedule',
      targetType: 'page',
      targetId: page.routing,
      summary: `Cancelled the scheduled publication of ${page.routing} (revision ${revision})`,
      details: { revision, publishAt: row.publish_at },
    }, now);
    return true;
  });
  if (!moved) throw new ConflictError(`Revision ${revision} is not scheduled: it was published already or its schedule was cancelled. Reload to see the page as it is now.`);
  return { message: 'Success', revision, status: 'draft' };
}

/** The names of the document's fields whose values differ from the previous revision's (all of them for a first one). */
function changedTopLevelFields(previous: Record<string, unknown> | undefined, stored: Record<string, unknown>): string[] {
  const before = previous ?? {};
  const ignored = new Set(['revision', 'menupageid', 'commonrouting']);
  return Object.keys(stored).filter((key) => !ignored.has(key) && JSON.stringify(before[key]) !== JSON.stringify(stored[key]));
}

function staleSave(who: string, when: string): ConflictError {
  const at = new Date(when).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return new ConflictError(`${who} saved this page (${at}) after you opened it. Reload to see their changes; your edits stay here until you do.`);
}
