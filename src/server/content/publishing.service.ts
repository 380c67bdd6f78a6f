import { contentPageById, type ContentPage } from '../../core/pages';
import type { Tenant } from '../tenants/tenants';
import type { Page } from '../pages/page-kind';
import { findPage } from '../pages/resolve-page';

// The page service moved to src/server/pages (decision 021). These names stay for the public renderer
// (src/server/ssr) until it is unified onto the one page model, the second step of issue 35.

export { mayEditPage } from '../access/access';
export { previewRevision, previewRevisionOf } from '../pages/page.service';

/** A page with content and, for a built-in one, its registry entry (what the renderer of today renders it with). */
export interface RevisedPage extends Page {
  content: ContentPage | null;
}

/** A page with content by its routing name (any case), or null. */
export async function findRevisedPage(tenant: Tenant, routing: string): Promise<RevisedPage | null> {
  const page = await findPage(tenant, routing);
  return page && { ...page, content: contentPageById(page.id) ?? null };
}
