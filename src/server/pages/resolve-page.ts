import { NotFoundError } from '../errors';
import { listContentPages } from '../page-defs/pages.repository';
import type { Tenant } from '../tenants/tenants';
import { builtInKind } from './built-in.kind';
import { pageBuilderKind } from './page-builder.kind';
import type { Page, PageKind } from './page-kind';

/** The two kinds of page (DESIGN §25): each row of a page with content is one kind's. */
const KINDS: readonly PageKind[] = [builtInKind, pageBuilderKind];

export const NO_PAGE = 'There is no page of that name.';

/** The tenant's pages with content, by lower-cased routing name, from its cache (cleared whenever a page definition changes). */
async function pagesByRouting(tenant: Tenant): Promise<ReadonlyMap<string, Page>> {
  const cached = tenant.cache.contentPages;
  if (cached) return cached;
  const pages = new Map<string, Page>();
  for (const row of await listContentPages(tenant.db)) {
    for (const kind of KINDS) {
      const page = kind.pageOf(row);
      if (page) pages.set(row.routing.toLowerCase(), { ...page, kind });
    }
  }
  tenant.cache.contentPages = pages;
  // The public routes look pages addressed by name up in a list of their own (the hot path reads it as it is): filled by the same read.
  const named = [...pages.values()].filter((page) => page.kind.addressedByName).map(({ id, routing, displayName, active, onWebsite }) => ({ id, routing, displayName, active, homepage: onWebsite }));
  tenant.cache.autowired = named;
  tenant.cache.autowiredByName = new Map(named.map((page) => [page.routing.toLowerCase(), page]));
  return pages;
}

/** The page with content of a routing name (any case), or null: a screen, an unknown name. */
export async function findPage(tenant: Tenant, routing: string): Promise<Page | null> {
  return (await pagesByRouting(tenant)).get(routing.toLowerCase()) ?? null;
}

/** The page with content of a routing name (any case), with its kind; 404 when there is none. */
export async function resolvePage(tenant: Tenant, routing: string): Promise<Page> {
  const page = await findPage(tenant, routing);
  if (!page) throw new NotFoundError(NO_PAGE);
  return page;
}

/** The page with content of an id, or null (the scheduled-publishing job). */
export async function findPageById(tenant: Tenant, id: number): Promise<Page | null> {
  for (const page of (await pagesByRouting(tenant)).values()) if (page.id === id) return page;
  return null;
}

/** Every page with content (administrators may edit them all). */
export async function listPages(tenant: Tenant): Promise<Page[]> {
  return [...(await pagesByRouting(tenant)).values()];
}
