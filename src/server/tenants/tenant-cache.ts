import { CacheStore, type Tag } from '../cache/cached';
import { RenderedPages } from '../cache/rendered-pages';
import { VisitCounts } from '../redirects/visit-counts';
import { PageViews } from '../visits/page-views';

/**
 * Everything Folio keeps in memory for one tenant: the values of the domains' declared cached reads (cache/cached.ts,
 * docs/design.md §29), dropped by the tags a change names; the rendered public pages, which hear the same tags; and
 * the visits counted since the last flush. On PostgreSQL each invalidation made here is also published to the other
 * instances, which apply it with `applyRemote` (decision 013, tenants/cache-sync.ts); on SQLite there is nobody to tell.
 */
export class TenantCache extends CacheStore {
  /** The rendered public pages (cache/rendered-pages.ts): single flight and the previous copy while one renders. */
  readonly pages = new RenderedPages();
  /** Redirects followed and 404s met since the last flush: counts, never dropped by a change (docs/design.md §27). */
  readonly visits = new VisitCounts();
  /** Views of public pages since the last flush (docs/design.md §31): counts, never dropped by a change. */
  readonly pageViews = new PageViews();

  /** @param publish Tells the other instances of an invalidation made here (called after the change committed). */
  constructor(publish?: (tags: readonly Tag[]) => void) {
    super(publish);
    this.onInvalidate((tags) => (tags === null ? this.pages.invalidateAll() : this.pages.invalidateTags(tags)));
  }
}
