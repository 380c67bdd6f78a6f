import { checkDocumentEntries } from '../../core/field-rules/check-entry';
import { contentPageByKey, type ContentPage, type ContentPageKey } from '../../core/pages';
import { CONTENT_SCHEMAS, type AnyContent, type ContentByKey } from '../../core/schemas/page-content';
import { sanitizeDocument } from '../../core/schemas/fields';
import type { RevisionSummary } from '../../core/schemas/revision';
import type { SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { inTransaction } from '../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { getActiveRules } from '../field-rules/field-rules.service';
import type { Tenant } from '../tenants/tenants';
import { findLatestRevision, findLatestRevisionHead, findRevision, insertRevision, isDuplicateRevision, listActivePublicPaths, listRevisions } from './content.repository';
import type { RichTextCleaner } from './rich-text';

/**
 * Reads a page's current content document. Public pages and the get calls both come through here, so the
 * server-rendered HTML and the API always agree. Documents were validated before they were stored.
 */
export async function getPageContent<K extends ContentPageKey>(tenant: Tenant, key: K): Promise<ContentByKey[K]> {
  const page = contentPageByKey(key);
  const cached = tenant.cache.content.get(page.id);
  if (cached) return cached as ContentByKey[K];
  const row = await findLatestRevision(tenant.db, page.id);
  if (!row) throw new NotFoundError(`The page ${page.name} has no content yet.`);
  const document = { ...(JSON.parse(row.document) as ContentByKey[K]), revision: row.revision };
  tenant.cache.content.set(page.id, document);
  return document;
}

export async function getActivePublicPaths(tenant: Tenant): Promise<string[]> {
  return listActivePublicPaths(tenant.db);
}

/**
 * Saves an edited content document (parsed by the route with the page's schema) as a new revision (DESIGN
 * §6): rich text cleaned, the page's field rules applied to every entry of every list (the editor ran them
 * before Add), refused with 409 when the page changed since the revision the editor started from.
 */
export async function savePageContent(
  tenant: Tenant,
  page: ContentPage,
  edited: AnyContent,
  user: SessionUser,
  cleanRichText: RichTextCleaner,
  now = new Date(),
): Promise<number> {
  const document = sanitizeDocument(CONTENT_SCHEMAS[page.key], edited, cleanRichText);
  const rules = await getActiveRules(tenant, page.id);
  const result = checkDocumentEntries(document as unknown as Record<string, unknown>, rules, now);
  if (!result.ok) throw new ValidationError(result.message);
  return commitRevision(tenant, targetOf(page), document, user, { basedOn: edited.revision }, now);
}

/** The latest revisions of a page, newest first (the editor's History view). */
export async function pageHistory(tenant: Tenant, page: ContentPage): Promise<{ revisions: RevisionSummary[] }> {
  return historyOf(tenant, page.id);
}

/** Restores an earlier revision by saving its document again as a new revision: history is never rewritten. */
export async function restoreRevision(tenant: Tenant, page: ContentPage, revision: number, user: SessionUser, now = new Date()): Promise<number> {
  return restoreRevisionOf(tenant, targetOf(page), revision, user, now);
}

export async function restoreRevisionOf(tenant: Tenant, page: RevisionTarget, revision: number, user: SessionUser, now = new Date()): Promise<number> {
  const old = await findRevision(tenant.db, page.id, revision);
  if (!old) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  return commitRevision(tenant, page, JSON.parse(old.document) as Record<string, unknown>, user, { basedOn: null, restoredFrom: revision }, now);
}

/** The history of any page by id (the Autowired editor's History view). */
export async function historyOf(tenant: Tenant, pageId: number): Promise<{ revisions: RevisionSummary[] }> {
  const rows = await listRevisions(tenant.db, pageId, 100);
  return { revisions: rows.map((r) => ({ revision: r.revision, savedBy: r.saved_by_name, savedAt: r.saved_at })) };
}

/**
 * Stores a document as the page's next revision; the one way a page's content changes (save and restore).
 * `basedOn` is the revision the editor started from (a save): a different latest revision means someone saved
 * in between, and the save is refused (409) instead of overwriting their work. A restore (basedOn null) goes
 * on top of whatever is latest. Two writers racing for the same number: the second gets the 409.
 */
/** The page a revision belongs to: its id, its routing name, and the key its rendered public page is cached under. */
export interface RevisionTarget {
  id: number;
  routing: string;
  cacheKey: string;
}

const targetOf = (page: ContentPage): RevisionTarget => ({ id: page.id, routing: page.routing, cacheKey: page.key });

export async function commitRevision(
  tenant: Tenant,
  page: RevisionTarget,
  document: object,
  user: SessionUser,
  { basedOn, restoredFrom }: { basedOn: number | null; restoredFrom?: number },
  now = new Date(),
): Promise<number> {
  const current = await findLatestRevision(tenant.db, page.id);
  if (current && basedOn !== null && basedOn !== current.revision) throw staleSave(current.saved_by_name, current.saved_at);
  const revision = (current?.revision ?? 0) + 1;
  // The page is named by the call, not by the body: ids in the document are set to the page's own.
  const stored = { ...document, menupageid: page.id, commonrouting: page.routing, revision };
  const text = JSON.stringify(stored);
  try {
    await inTransaction(tenant.db, async (trx) => {
      await insertRevision(trx, { page_id: page.id, revision, document: text, saved_by: user.userId, saved_by_name: user.username, saved_at: now.toISOString() });
      // The fields whose values changed, by name (a field's value may be a whole rich text: never kept here).
      const fields = changedTopLevelFields(current?.document, stored);
      await audit(trx, tenant, {
        action: restoredFrom === undefined ? 'page.publish' : 'page.restore',
        targetType: 'page',
        targetId: page.routing,
        summary: restoredFrom === undefined ? `Published ${page.routing} (revision ${revision})` : `Restored ${page.routing} to revision ${restoredFrom} (as revision ${revision})`,
        details: { revision, fields, ...(restoredFrom === undefined ? {} : { restoredFrom }) },
      }, now);
    });
  } catch (error) {
    if (!isDuplicateRevision(error)) throw error;
    const winner = await findLatestRevisionHead(tenant.db, page.id);
    throw staleSave(winner?.saved_by_name ?? 'someone', winner?.saved_at ?? now.toISOString());
  }
  tenant.cache.pageSaved(page.id, page.cacheKey);
  return revision;
}

/** The names of the document's fields whose values differ from the previous revision's (all of them for a first one). */
function changedTopLevelFields(previous: string | undefined, stored: Record<string, unknown>): string[] {
  const before = previous ? (JSON.parse(previous) as Record<string, unknown>) : {};
  const ignored = new Set(['revision', 'menupageid', 'commonrouting']);
  return Object.keys(stored).filter((key) => !ignored.has(key) && JSON.stringify(before[key]) !== JSON.stringify(stored[key]));
}

function staleSave(who: string, when: string): ConflictError {
  const at = new Date(when).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return new ConflictError(`${who} saved this page (${at}) after you opened it. Reload to see their changes; your edits stay here until you do.`);
}
