import type { Tenant } from '../tenants/tenants';
import type { AutowiredPageInfo } from '../tenants/tenant-cache';
import { listAutowiredPages } from './pages.repository';

/** The tenant's Autowired pages, from its cache (cleared whenever a page definition changes). */
export async function autowiredPages(tenant: Tenant): Promise<AutowiredPageInfo[]> {
  if (tenant.cache.autowired) return tenant.cache.autowired;
  const pages = (await listAutowiredPages(tenant.db)).map((row) => ({
    id: row.id,
    routing: row.routing,
    displayName: row.display_name || row.name,
    active: row.active === 1,
    homepage: row.homepage === 'Y',
  }));
  tenant.cache.autowired = pages;
  tenant.cache.autowiredByName = new Map(pages.map((page) => [page.routing.toLowerCase(), page]));
  return pages;
}

export async function autowiredRoutings(tenant: Tenant): Promise<string[]> {
  return (await autowiredPages(tenant)).map((page) => page.routing);
}

/** An Autowired page by routing name, ignoring case (asked on every request of a public twin: a map lookup). */
export async function findAutowiredPage(tenant: Tenant, routing: string): Promise<AutowiredPageInfo | undefined> {
  const lower = routing.toLowerCase();
  const byName = tenant.cache.autowiredByName;
  if (byName) return byName.get(lower);
  return (await autowiredPages(tenant)).find((page) => page.routing.toLowerCase() === lower);
}
