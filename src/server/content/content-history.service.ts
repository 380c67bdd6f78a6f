import { z } from 'zod';
import { contentPageByKey, type ContentPageKey } from '../../core/pages';
import type { SessionUser } from '../access/access';
import { ConflictError, NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { parseInput } from '../validation';
import { findLatestRevision, findRevision, insertRevision, isDuplicateRevision, listRevisions } from './content.repository';

export interface RevisionSummary {
  revision: number;
  savedBy: string;
  savedAt: string;
}

/** The latest revisions of a page, newest first (the editor's History view). */
export async function pageHistory(tenant: Tenant, key: ContentPageKey): Promise<{ revisions: RevisionSummary[] }> {
  const rows = await listRevisions(tenant.db, contentPageByKey(key).id, 100);
  return { revisions: rows.map((r) => ({ revision: r.revision, savedBy: r.saved_by_name, savedAt: r.saved_at })) };
}

const RestoreSchema = z.strictObject({ revision: z.number().int().positive() });

/** Restores an earlier revision by saving its document again as a new revision: history is never rewritten. */
export async function restoreRevision(tenant: Tenant, key: ContentPageKey, body: unknown, user: SessionUser, now = new Date()): Promise<number> {
  const page = contentPageByKey(key);
  const { revision } = parseInput(RestoreSchema, body);
  const old = await findRevision(tenant.db, page.id, revision);
  if (!old) throw new NotFoundError(`Revision ${revision} of this page does not exist.`);
  const latest = await findLatestRevision(tenant.db, page.id);
  const next = (latest?.revision ?? 0) + 1;
  const document = { ...(JSON.parse(old.document) as Record<string, unknown>), revision: next };
  try {
    await insertRevision(tenant.db, {
      page_id: page.id,
      revision: next,
      document: JSON.stringify(document),
      saved_by: user.userId,
      saved_by_name: user.username,
      saved_at: now.toISOString(),
    });
  } catch (error) {
    if (isDuplicateRevision(error)) throw new ConflictError('Someone saved this page at the same moment. Reload and try again.');
    throw error;
  }
  tenant.cache.content.delete(page.id);
  tenant.cache.pages.delete(key);
  return next;
}
