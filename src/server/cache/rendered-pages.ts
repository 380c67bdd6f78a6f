import { EVERY_PAGE_READS, pageTag, TAGS } from './tags';

/** The encodings a rendered page is kept in. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** The page a rendered copy is of, in its language (a Page, pages/page-kind.ts). */
export interface RenderedFrom {
  routing: string;
  locale: string;
  inDefaultLanguage: boolean;
}

/** A public page rendered once and kept ready to send, in each encoding, with its headers. */
export interface RenderedPage {
  status: number;
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  /** The answer's headers per encoding (and for 304), computed once with the page. */
  headers: Record<PageEncoding | 'notModified', Readonly<Record<string, string>>>;
  /** Rendered again after this long, whatever changed (a page with a form: its time token, docs/design.md §30). */
  maxAgeMs?: number;
}

/**
 * The rendered public pages of one tenant (docs/design.md §10). However many visitors ask for a page that is not
 * rendered, it renders once (single flight). After a change, the first visitor waits for the new page while
 * everyone arriving during that render gets the previous copy (stale while revalidate), so a save never makes
 * a crowd of visitors render and compress the same page each.
 */
export class RenderedPages {
  private readonly entries = new Map<
    string,
    { page: RenderedPage; generation: number; version: number; renderedAt: number }
  >();
  /** The render under way for each page, with the data version it reads. */
  private readonly rendering = new Map<
    string,
    { promise: Promise<RenderedPage>; generation: number; version: number }
  >();
  /** Bumped by a change of everything (menus, company); each page's own changes count in `versions`. */
  private generation = 0;
  private readonly versions = new Map<string, number>();

  /** The times of each page's latest changes (at most `busy.changes` of them), oldest first. */
  private readonly changes = new Map<string, number[]>();
  /** The keys rendered (or rendering) from each page tag (`page:Home`: `home`, `home@de`; `page:Home:de`: `home@de`). */
  private readonly keysByTag = new Map<string, Set<string>>();

  /**
   * @param busy A page changed `changes` times or more within `intervalMs` is busy (someone saving in a loop, an
   *   import): it renders at most once per `intervalMs`, its visitors getting the previous copy in between. A
   *   page changed less often renders for the next visitor, who waits for it: a save shows at once.
   */
  constructor(private readonly busy = { changes: 3, intervalMs: 500 }) {}

  /** Every rendered page is out of date; each is kept to serve while its successor renders. */
  invalidateAll(): void {
    this.generation += 1;
  }

  /** One page is out of date, in every language (its copies in other languages are kept as `key@locale`). */
  invalidate(key: string, now = Date.now()): void {
    const prefix = `${key}@`;
    for (const other of new Set([...this.entries.keys(), ...this.rendering.keys()]))
      if (other.startsWith(prefix)) this.invalidateOne(other, now);
    this.invalidateOne(key, now);
  }

  /**
   * Every page in another language that answered with a redirect, or is rendering (its answer may be one), is out
   * of date: a publication may be its language's first, after which such pages are shown (docs/design.md §34). Not counted
   * as their changes: a redirect renders in no time, and publishing other pages never makes it busy.
   */
  invalidateRedirectsInLanguages(): void {
    const redirects = [...this.entries]
      .filter(([key, entry]) => key.includes('@') && entry.page.status === 302)
      .map(([key]) => key);
    for (const key of [...redirects, ...[...this.rendering.keys()].filter((key) => key.includes('@'))])
      this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  /**
   * The tags a change invalidated (docs/design.md §29, cache/cached.ts): a page's tag makes its copies out of date (in
   * every language, or in one); a tag every page reads (EVERY_PAGE_READS), every copy; the published languages,
   * the copies in other languages that were redirects.
   */
  invalidateTags(tags: readonly string[], now = Date.now()): void {
    const keys = new Set<string>();
    let all = false;
    for (const tag of tags) {
      if (EVERY_PAGE_READS.has(tag)) all = true;
      if (tag === TAGS.publishedLocales) this.invalidateRedirectsInLanguages();
      for (const key of this.keysByTag.get(tag) ?? []) keys.add(key);
    }
    for (const key of keys) this.invalidateOne(key, now);
    if (all) this.invalidateAll();
  }

  /** Notes which page `key` is a copy of, so that the page's tags reach it. */
  private nameKey(key: string, page: RenderedFrom): void {
    for (const tag of page.inDefaultLanguage
      ? [pageTag(page.routing)]
      : [pageTag(page.routing), pageTag(page.routing, page.locale)]) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  private invalidateOne(key: string, now: number): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
    const times = this.changes.get(key) ?? [];
    times.push(now);
    if (times.length > this.busy.changes) times.shift();
    this.changes.set(key, times);
  }

  /**
   * The page to send: the current copy at once; while a new copy renders, the previous one; otherwise the
   * render (started once, awaited by whoever asked first and by every visitor without a previous copy). A
   * busy page's next render waits for the end of its interval, with the previous copy served meanwhile.
   *
   * `fresh` (a signed-in member of staff, who may be checking a save): never the previous copy, but the render
   * of the data as it is now, waited for. It starts no render of its own beyond the one per change.
   *
   * `page` (the page rendered, in its language): its tags reach this copy (`invalidateTags`). A copy of no page
   * (the 404 page) changes with what every page reads only.
   */
  get(
    key: string,
    render: () => Promise<RenderedPage>,
    options: { fresh?: boolean; now?: number; page?: RenderedFrom } = {},
  ): RenderedPage | Promise<RenderedPage> {
    const { fresh = false, now = Date.now() } = options;
    const entry = this.entries.get(key);
    const version = this.versions.get(key) ?? 0;
    const generation = this.generation;
    if (
      entry &&
      entry.generation === generation &&
      entry.version === version &&
      (entry.page.maxAgeMs === undefined || now - entry.renderedAt < entry.page.maxAgeMs)
    )
      return entry.page;
    const running = this.rendering.get(key);
    if (running) {
      if (entry && !fresh) return entry.page;
      if (!fresh || (running.generation === generation && running.version === version)) return running.promise;
      // That render reads data older than the latest change: once it ends, ask again (the current data renders once).
      const askAgain = () => this.get(key, render, { fresh, page: options.page });
      return running.promise.then(askAgain, askAgain);
    }
    if (options.page) this.nameKey(key, options.page);
    const times = this.changes.get(key);
    const busy = times !== undefined && times.length >= this.busy.changes && now - times[0]! < this.busy.intervalMs;
    const wait = entry && busy ? entry.renderedAt + this.busy.intervalMs - now : 0;
    const started =
      wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait).unref()).then(render) : render();
    const next: Promise<RenderedPage> = started
      .then((page) => {
        // A change during the render leaves this copy out of date already: the next visitor renders again.
        this.entries.set(key, { page, generation, version, renderedAt: Date.now() });
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key)?.promise === next) this.rendering.delete(key);
      });
    this.rendering.set(key, { promise: next, generation, version });
    if (wait > 0 && entry && !fresh) {
      // Nobody waits for a delayed render: should it fail, the previous copy stays and a later visitor tries again.
      next.catch(() => undefined);
      return entry.page;
    }
    return next;
  }
}
