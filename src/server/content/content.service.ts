import { checkDocumentEntries } from '../../core/field-rules/check-entry';
import type { ContentPageKey } from '../../core/pages';
import { contentPageByKey } from '../../core/pages';
import type { ContentByKey } from '../../core/schemas/page-content';
import { CONTENT_SCHEMAS } from '../../core/schemas/page-content';
import type { SessionUser } from '../access/access';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { getActiveRules } from '../field-rules/field-rules.service';
import { parseInput } from '../validation';
import type { Tenant } from '../tenants/tenants';
import { findLatestRevision, insertRevision, isDuplicateRevision, listActivePublicPaths } from './content.repository';

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
 * Saves a page's content document as a new revision (DESIGN §6): validated by the page's schema (rich text
 * sanitised on the way), refused with 409 when the page changed since the revision the editor started
 * from, and visible on the public page at once.
 */
export async function savePageContent(tenant: Tenant, key: ContentPageKey, body: unknown, user: SessionUser, now = new Date()): Promise<number> {
  const page = contentPageByKey(key);
  const document = parseInput(CONTENT_SCHEMAS[key], body);
  // The page's field rules again (the editor ran them before Add): every entry of every list, same message.
  const rules = await getActiveRules(tenant, page.id);
  const result = checkDocumentEntries(document, rules, now);
  if (!result.ok) throw new ValidationError(result.message);
  const current = await findLatestRevision(tenant.db, page.id);
  const currentRevision = current?.revision ?? 0;
  if (current && document.revision !== currentRevision) throw staleSave(current.saved_by_name, current.saved_at);
  const revision = currentRevision + 1;
  // The page is named by the call, not by the body: ids in the body are set to the page's own.
  const stored = { ...document, menupageid: page.id, commonrouting: page.routing, revision };
  try {
    await insertRevision(tenant.db, {
      page_id: page.id,
      revision,
      document: JSON.stringify(stored),
      saved_by: user.userId,
      saved_by_name: user.username,
      saved_at: now.toISOString(),
    });
  } catch (error) {
    if (!isDuplicateRevision(error)) throw error;
    const winner = await findLatestRevision(tenant.db, page.id);
    throw staleSave(winner?.saved_by_name ?? 'someone', winner?.saved_at ?? now.toISOString());
  }
  tenant.cache.content.delete(page.id);
  tenant.cache.pages.delete(key);
  return revision;
}

function staleSave(who: string, when: string): ConflictError {
  const at = new Date(when).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return new ConflictError(`${who} saved this page (${at}) after you opened it. Reload to see their changes; your edits stay here until you do.`);
}
