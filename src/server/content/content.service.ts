import type { ContentPageKey } from '../../core/pages';
import { contentPageByKey } from '../../core/pages';
import type { ContentByKey } from '../../core/schemas/page-content';
import type { Tenant } from '../tenants/tenants';
import { resolvePage } from '../pages/resolve-page';
import { publishedDocument } from '../pages/page.service';

// The page service moved to src/server/pages (decision 021). These names stay for the public renderer
// (src/server/ssr) until it is unified onto the one page model, the second step of issue 35.

export { getActivePublicPaths } from '../pages/page.service';

/** A built-in page's published document, by its registry key. */
export async function getPageContent<K extends ContentPageKey>(tenant: Tenant, key: K): Promise<ContentByKey[K]> {
  return (await publishedDocument(tenant, await resolvePage(tenant, contentPageByKey(key).routing))) as unknown as ContentByKey[K];
}
