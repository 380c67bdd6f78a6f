import type { ContentPageKey } from '../../core/pages';
import { contentPageByKey } from '../../core/pages';
import type { ContentByKey } from '../../core/schemas/page-content';
import { NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { findLatestRevision, listActivePublicPaths } from './content.repository';

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
