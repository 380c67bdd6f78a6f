import type { FieldRule } from '../../core/field-rules/field-rule';
import type { AnyContent } from '../../core/schemas/page-content';
import type { LocaleSettings } from '../../core/schemas/locale';
import type { MenuEntry } from '../../core/schemas/menu';
import type { ImageDetails, SiteCompany } from '../../core/public-page';
import type { Page } from '../pages/page-kind';
import type { MediaUses } from '../media/media-uses';
import type { ServedRedirects } from '../redirects/served-redirects';
import type { FirmIcons } from '../company/firm-icons';
import { UPLOADS_PATH } from '../../core/media/image-names';
import { VisitCounts } from '../redirects/visit-counts';

/** The encodings a rendered page is kept in. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** A public page rendered once and kept ready to send, in each encoding, with its headers. */
export interface RenderedPage {
  status: number;
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  /** The answer's headers per encoding (and for 304), computed once with the page. */
  headers: Record<PageEncoding | 'notModified', Readonly<Record<string, string>>>;
}

/**
 * The rendered public pages of one tenant (docs/design.md §10). However many visitors ask for a page that is not
 * rendered, it renders once (single flight). After a change, the first visitor waits for the new page while
 * everyone arriving during that render gets the previous copy (stale while revalidate), so a save never makes
 * a crowd of visitors render and compress the same page each.
 */
export class RenderedPages {
  private readonly entries = new Map<string, { page: RenderedPage; generation: number; version: number; renderedAt: number }>();
  /** The render under way for each page, with the data version it reads. */
  private readonly rendering = new Map<string, { promise: Promise<RenderedPage>; generation: number; version: number }>();
  /** Bumped by a change of everything (menus, company); each page's own changes count in `versions`. */
  private generation = 0;
  private readonly versions = new Map<string, number>();

  /** The times of each page's latest changes (at most `busy.changes` of them), oldest first. */
  private readonly changes = new Map<string, number[]>();

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
    for (const other of new Set([...this.entries.keys(), ...this.rendering.keys()])) if (other.startsWith(prefix)) this.invalidateOne(other, now);
    this.invalidateOne(key, now);
  }

  /**
   * Every page in another language that answered with a redirect, or is rendering (its answer may be one), is out
   * of date: a publication may be its language's first, after which such pages are shown (docs/design.md §34). Not counted
   * as their changes: a redirect renders in no time, and publishing other pages never makes it busy.
   */
  invalidateRedirectsInLanguages(): void {
    const redirects = [...this.entries].filter(([key, entry]) => key.includes('@') && entry.page.status === 302).map(([key]) => key);
    for (const key of [...redirects, ...[...this.rendering.keys()].filter((key) => key.includes('@'))]) this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
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
   */
  get(key: string, render: () => Promise<RenderedPage>, options: { fresh?: boolean; now?: number } = {}): RenderedPage | Promise<RenderedPage> {
    const { fresh = false, now = Date.now() } = options;
    const entry = this.entries.get(key);
    const version = this.versions.get(key) ?? 0;
    const generation = this.generation;
    if (entry && entry.generation === generation && entry.version === version) return entry.page;
    const running = this.rendering.get(key);
    if (running) {
      if (entry && !fresh) return entry.page;
      if (!fresh || (running.generation === generation && running.version === version)) return running.promise;
      // That render reads data older than the latest change: once it ends, ask again (the current data renders once).
      const askAgain = () => this.get(key, render, { fresh });
      return running.promise.then(askAgain, askAgain);
    }
    const times = this.changes.get(key);
    const busy = times !== undefined && times.length >= this.busy.changes && now - times[0]! < this.busy.intervalMs;
    const wait = entry && busy ? entry.renderedAt + this.busy.intervalMs - now : 0;
    const started = wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait).unref()).then(render) : render();
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

/** A change of a tenant's cache that every instance on the same database must hear of (decision 013). */
export type CacheChange =
  | { kind: 'clear' }
  | { kind: 'page'; pageId: number; cacheKey: string }
  /** A page's draft or schedule changed: what visitors see did not, where images are used may have. */
  | { kind: 'revisions'; pageId: number }
  | { kind: 'images'; folder: string; names: string[] };

/**
 * Everything Folio keeps in memory for one tenant. Reads fill it; anything that changes content, menus or
 * company details calls `clear` (a content save, `pageSaved`): data is read again, and public pages render
 * again on their next visit. On PostgreSQL each change is also published to the other instances, which apply
 * it with `applyRemote` (decision 013); on SQLite there is nobody to tell.
 */
export class TenantCache {
  readonly content = new Map<number, AnyContent>();
  readonly menus = new Map<string, MenuEntry[]>();
  /** Each page's field rules, by page id: every save is checked against them. */
  readonly rules = new Map<number, FieldRule[]>();
  readonly pages = new RenderedPages();
  company: SiteCompany | undefined;
  /** The favicon's sizes made from the logo, and their version (company/firm-icons.ts, docs/design.md §34): every page's head asks. */
  firmIcons: Promise<FirmIcons> | undefined;
  /** The site's languages (locales/locales.service.ts): every public page asks. */
  locales: LocaleSettings | undefined;
  /**
   * Translated documents as visitors see them (the source's published one with a locale's published texts), by
   * `pageId@locale`; null for a locale not published yet (docs/design.md §28).
   */
  readonly translated = new Map<string, Record<string, unknown> | null>();
  /** Each language's translations of the site's own words (menu, footer, contact form), by key (locales/site-texts.service.ts). */
  readonly siteTexts = new Map<string, Readonly<Record<string, string>>>();
  /** The languages each page is published in besides the source (hreflang, the switcher, the sitemap). */
  publishedLocales: Promise<ReadonlyMap<number, readonly string[]>> | undefined;
  /** Every page with content, of either kind, by lower-cased routing name (pages/resolve-page.ts): each page call asks. */
  contentPages: ReadonlyMap<string, Page> | undefined;
  /** The same pages by the public address visitors reach them at, as spelled: every public page's visit asks. */
  publicPages: ReadonlyMap<string, Page> | undefined;
  /** The redirects as visitors get them (redirects/served-redirects.ts): every visit to an address without a page asks. */
  redirects: ServedRedirects | undefined;
  /** Bumped by every change of everything: a read that began before one is not kept (it may hold what changed). */
  epoch = 0;
  /** Redirects followed and 404s met since the last flush: counts, never cleared by a change (docs/design.md §27). */
  readonly visits = new VisitCounts();
  /** Where each image is used (media/media-uses.ts), read once from the live revisions and the company: the media list asks. */
  mediaUses: Promise<MediaUses> | undefined;
  /** The library's alt text and focal point of the images that have either (media-library.service.ts): every render asks. */
  imageDetails: Promise<ReadonlyMap<string, ImageDetails>> | undefined;

  /** Caches kept elsewhere (the served images, media/served-images.ts), told of every change applied here. */
  private readonly listeners: Array<(change: CacheChange) => void> = [];

  /** @param publish Tells the other instances of a change made here (called after the change committed). */
  constructor(private readonly publish: (change: CacheChange) => void = () => {}) {}

  /** Calls `listener` with every change applied here, made here or on another instance. */
  onChange(listener: (change: CacheChange) => void): void {
    this.listeners.push(listener);
  }

  /** Uploaded images were deleted (after the commit): no instance may serve them from memory any more. */
  imagesDeleted(folder: string, names: string[]): void {
    const change: CacheChange = { kind: 'images', folder, names };
    this.apply(change);
    this.publish(change);
  }

  /**
   * Uploaded images got new bytes under their names (a replace in the media library, after the commit): as for a
   * delete, no instance may serve the old bytes from memory any more; the next request reads the new ones.
   */
  imagesReplaced(folder: string, names: string[]): void {
    this.imagesDeleted(folder, names);
  }

  /** A page's draft or schedule was saved or cancelled (after the commit): here and on every other instance. */
  revisionsSaved(pageId: number): void {
    const change: CacheChange = { kind: 'revisions', pageId };
    this.apply(change);
    this.publish(change);
  }

  /** Everything is out of date, here and on every other instance. */
  clear(): void {
    this.apply({ kind: 'clear' });
    this.publish({ kind: 'clear' });
  }

  /** A page's content was saved: its document and rendered page are out of date, here and on every other instance. */
  pageSaved(pageId: number, cacheKey: string): void {
    const change: CacheChange = { kind: 'page', pageId, cacheKey };
    this.apply(change);
    this.publish(change);
  }

  /** A change another instance made: applied here only, never published again. */
  applyRemote(change: CacheChange): void {
    this.apply(change);
  }

  private apply(change: CacheChange): void {
    for (const listener of this.listeners) listener(change);
    if (change.kind === 'images') {
      // The logo's picture replaced in the media library (docs/design.md §34): the icons are made again, under a new
      // version in every page's head. (Pages are rendered only with the company and the icons read.)
      const logo = this.company?.logo;
      if (logo !== undefined && change.names.some((name) => logo === `${UPLOADS_PATH}${change.folder}/${name}`)) {
        this.firmIcons = undefined;
        this.pages.invalidateAll();
      }
      return;
    }
    this.mediaUses = undefined;
    if (change.kind === 'revisions') return;
    if (change.kind === 'page') {
      this.content.delete(change.pageId);
      for (const key of [...this.translated.keys()]) if (key.startsWith(`${change.pageId}@`)) this.translated.delete(key);
      this.publishedLocales = undefined;
      // The page in every language: a translation shows the source's numbers and images, and lists the others.
      this.pages.invalidate(change.cacheKey);
      this.pages.invalidateRedirectsInLanguages();
      return;
    }
    this.epoch += 1;
    this.content.clear();
    this.menus.clear();
    this.rules.clear();
    this.pages.invalidateAll();
    this.company = undefined;
    this.firmIcons = undefined;
    this.locales = undefined;
    this.siteTexts.clear();
    this.translated.clear();
    this.publishedLocales = undefined;
    this.contentPages = undefined;
    this.publicPages = undefined;
    this.redirects = undefined;
    this.imageDetails = undefined;
  }
}
