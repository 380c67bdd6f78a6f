import type { AutowiredDocument } from '../../core/page-defs/autowired-document';
import { NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { findPageById, NO_PAGE } from '../pages/resolve-page';
import { publishedDocument } from '../pages/page.service';

// The page service moved to src/server/pages (decision 021). These names stay for the public renderer
// (src/server/ssr) until it is unified onto the one page model, the second step of issue 35.

export { autowiredCacheKey, autowiredParameters } from '../pages/page-builder.kind';

/** A page's published document by its id; a page nobody has published yet is at revision 0, empty. */
export async function autowiredDocument(tenant: Tenant, pageId: number): Promise<AutowiredDocument> {
  const page = await findPageById(tenant, pageId);
  if (!page) throw new NotFoundError(NO_PAGE);
  return (await publishedDocument(tenant, page)) as unknown as AutowiredDocument;
}
