import type { ContentPage } from '../../core/pages';
import { findPage } from '../page-defs/pages.repository';
import type { Tenant } from '../tenants/tenants';

/** A built-in page as page creation keeps it: whether it is active (published) and the name its hero shows. */
export async function builtInPageListing(tenant: Tenant, page: ContentPage): Promise<{ active: boolean; name: string } | undefined> {
  const row = await findPage(tenant.db, page.id);
  return row && { active: row.active === 1, name: row.display_name || row.name };
}
