import type { Tenant } from '../tenants/tenants';
import type { AutowiredPageInfo } from '../tenants/tenant-cache';
import { listPages } from '../pages/resolve-page';

/** The tenant's Autowired pages, from its cache (cleared whenever a page definition changes). */
export async function autowiredPages(tenant: Tenant): Promise<AutowiredPageInfo[]> {
  return (await loadAutowiredPages(tenant)).pages;
}

/** The pages whose public twin is found by name (pages/page-kind.ts fills the list with every page it reads). */
async function loadAutowiredPages(tenant: Tenant): Promise<{ pages: AutowiredPageInfo[]; byName: ReadonlyMap<string, AutowiredPageInfo> }> {
  if (!tenant.cache.autowired || !tenant.cache.autowiredByName) await listPages(tenant);
  return { pages: tenant.cache.autowired ?? [], byName: tenant.cache.autowiredByName ?? new Map() };
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
