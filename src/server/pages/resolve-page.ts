import { cached } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { NotFoundError } from '../errors';
import { localeSettings, publicLocales } from '../locales/locales.service';
import { listContentPages } from './definitions/pages.repository';
import type { Tenant } from '../tenants/tenants';
import { builtInKind } from './built-in.kind';
import { pageBuilderKind } from './page-builder.kind';
import type { Page, PageKind } from './page-kind';

/** The two kinds of page (docs/design.md §25): each row of a page with content is one kind's. */
const KINDS: readonly PageKind[] = [builtInKind, pageBuilderKind];

export const NO_PAGE = 'There is no page of that name.';

/** The tenant's pages with content: by lower-cased routing name, and by the public address visitors reach them at. */
export interface PageIndex {
  byRouting: ReadonlyMap<string, Page>;
  /** As spelled (`/Home1`, `/de/Home1`): every public page's visit asks (ssr/hot-path.ts). */
  byAddress: ReadonlyMap<string, Page>;
}

/** Read once per change of the page definitions or of the languages. */
const pageIndex = cached({
  name: 'page-index',
  tags: [TAGS.pages, TAGS.locales],
  load: async (tenant: Tenant): Promise<PageIndex> => {
    // The default language's code, resolved here once (docs/design.md §29): every page in it carries the code.
    const [rows, { defaultLocale }] = await Promise.all([listContentPages(tenant.db), localeSettings(tenant)]);
    const pages = new Map<string, Page>();
    for (const row of rows) {
      for (const kind of KINDS) {
        const page = kind.pageOf(row);
        if (page)
          pages.set(row.routing.toLowerCase(), { ...page, kind, locale: defaultLocale, inDefaultLanguage: true });
      }
    }
    // In every other language visitors can read, each page has its address too (`/de/Home1`, docs/design.md §28): served
    // once published in it, redirected to the source's before.
    const locales = await publicLocales(tenant);
    const byAddress = new Map<string, Page>();
    for (const page of pages.values()) {
      const address = page.kind.publicAddress(page);
      if (address === null) continue;
      byAddress.set(address, page);
      for (const { code } of locales) byAddress.set(`/${code}${address}`, inLocale(page, code));
    }
    return { byRouting: pages, byAddress };
  },
});

/** The tenant's page index: at once when kept (the hot path reads it without awaiting), else once read. */
export function pageIndexOf(tenant: Tenant): PageIndex | Promise<PageIndex> {
  return pageIndex.get(tenant);
}

async function pagesByRouting(tenant: Tenant): Promise<ReadonlyMap<string, Page>> {
  return (await pageIndex.get(tenant)).byRouting;
}

/** The pages visitors reach at a public address, by that address exactly as it is spelled (`/Home1`, `/Careers1`). */
export async function publicPagesOf(tenant: Tenant): Promise<ReadonlyMap<string, Page>> {
  return (await pageIndex.get(tenant)).byAddress;
}

/**
 * What a one-segment address `/{name}` is among the pages whose twins are found by name (docs/design.md §13): `/{Name}`
 * the page's editing twin (the staff app), `/{Name}1` its public twin while it has one; another spelling of either
 * is not canonical (answered with a redirect). Null: neither.
 */
export type PageAddress = { twin: 'editing' | 'public'; page: Page; canonical: boolean };

export async function findPageAddress(tenant: Tenant, name: string): Promise<PageAddress | null> {
  const pages = await pagesByRouting(tenant);
  const editing = pages.get(name.toLowerCase());
  if (editing?.kind.addressedByName) return { twin: 'editing', page: editing, canonical: editing.routing === name };
  const page = name.endsWith('1') ? pages.get(name.slice(0, -1).toLowerCase()) : undefined;
  const address = page?.kind.addressedByName ? page.kind.publicAddress(page) : null;
  if (!page || address === null) return null;
  return { twin: 'public', page, canonical: address === `/${name}` };
}

/**
 * The page a staff preview names (`/preview/Home1`, `/preview/Careers`): by its public twin's name or its own,
 * in any case; null when there is none.
 */
export async function findPreviewedPage(tenant: Tenant, name: string): Promise<Page | null> {
  const pages = await pagesByRouting(tenant);
  const lower = name.toLowerCase();
  const twin = lower.endsWith('1') ? pages.get(lower.slice(0, -1)) : undefined;
  return (twin && twin.publicPath.toLowerCase() === `/${lower}` ? twin : undefined) ?? pages.get(lower) ?? null;
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

/**
 * The page in another language (docs/design.md §28): its address `/de/Home1` and its rendered copy's key `home@de`.
 * `stored`: the language as a document strategy stores it (`''`, the page's own, decision 026: the page itself).
 */
export function inLocale(page: Page, stored: string): Page {
  if (stored === '') return page;
  return {
    ...page,
    locale: stored,
    inDefaultLanguage: false,
    publicPath: `/${stored}${page.publicPath}`,
    cacheKey: `${page.cacheKey}@${stored}`,
  };
}
