import type { Tenant } from '../tenants/tenants';
import type { AutowiredPageInfo } from '../tenants/tenant-cache';
import { listAutowiredPages } from './pages.repository';

/** The tenant's Autowired pages, from its cache (cleared whenever a page definition changes). */
export async function autowiredPages(tenant: Tenant): Promise<AutowiredPageInfo[]> {
  return (await loadAutowiredPages(tenant)).pages;
}

async function loadAutowiredPages(tenant: Tenant): Promise<{ pages: AutowiredPageInfo[]; byName: Map<string, AutowiredPageInfo> }> {
  const { autowired, autowiredByName } = tenant.cache;
  if (autowired && autowiredByName) return { pages: autowired, byName: autowiredByName };
  const pages = (await listAutowiredPages(tenant.db)).map((row) => ({
    id: row.id,
    routing: row.routing,
    displayName: row.display_name || row.name,
    active: row.active === 1,
    homepage: row.homepage === 'Y',
  }));
  const byName = new Map(pages.map((page) => [page.routing.toLowerCase(), page]));
  tenant.cache.autowired = pages;
  tenant.cache.autowiredByName = byName;
  return { pages, byName };
}

export async function autowiredRoutings(tenant: Tenant): Promise<string[]> {
  return (await autowiredPages(tenant)).map((page) => page.routing);
}

/** What a one-segment address `/{name}` is among the Autowired pages (DESIGN §13). */
export type AutowiredAddress =
  | { kind: 'editing'; page: AutowiredPageInfo; canonical: boolean }
  | { kind: 'public'; page: AutowiredPageInfo; canonical: boolean }
  | { kind: 'none' };

/**
 * `/{Name}` is a page's editing twin, `/{Name}1` the public twin of an active public page; other spellings of
 * either are not canonical (answered with a redirect). `byName`: the pages by lower-cased routing name.
 */
export function autowiredAddress(byName: ReadonlyMap<string, AutowiredPageInfo>, name: string): AutowiredAddress {
  const editing = byName.get(name.toLowerCase());
  if (editing) return { kind: 'editing', page: editing, canonical: editing.routing === name };
  if (!name.endsWith('1')) return { kind: 'none' };
  const page = byName.get(name.slice(0, -1).toLowerCase());
  if (!page || !page.active || !page.homepage) return { kind: 'none' };
  return { kind: 'public', page, canonical: `${page.routing}1` === name };
}

/** The same, for a request that may have to load the pages first. */
export async function findAutowiredAddress(tenant: Tenant, name: string): Promise<AutowiredAddress> {
  return autowiredAddress((await loadAutowiredPages(tenant)).byName, name);
}
