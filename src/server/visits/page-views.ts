import type { Page } from '../pages/page-kind';

/**
 * Views of public pages counted in this instance's memory (docs/design.md §31), per UTC day, until a flush writes them
 * (every 10 s, visits.service.ts): on the hot path a view is a few Map updates, never a database write and never a
 * hash. What identifies a browser (its address and user agent) stays here for those seconds only: the flush turns it
 * into a keyed hash of the day, or into nothing at all for a bot or a browser that asked not to be tracked.
 */

/** What one browser (an address with a user agent) viewed since the last flush. */
export interface BrowserViews {
  readonly userAgent: string;
  /** Another browser on the same address (most addresses have one). */
  readonly next: BrowserViews | undefined;
  /** Views by page in a language (the page's cache key). */
  readonly views: Map<string, number>;
  /** Whether it asked not to be tracked (`Sec-GPC: 1`) on any of them: its views count, it is never a visitor. */
  gpc: boolean;
  /** By Referer header, then page: its views that named where they came from (the site's own pages among them). */
  referrers?: Map<string, Map<string, number>>;
  /** By campaign (`source\tmedium\tcampaign`), then page. */
  campaigns?: Map<string, Map<string, number>>;
  /** The Host header it asked (a referrer from the same host is the site's own page). */
  host: string;
}

/** One day's views, handed to the flush. */
export interface DayViews {
  /** The UTC day, `2026-11-30`. */
  readonly day: string;
  /** The pages viewed, by cache key. */
  readonly pages: Map<string, { routing: string; locale: string }>;
  /**
   * By address (an IPv4 address as a number, `addressOf` reads it back: a number is a Map key found without hashing a
   * string, which costs a view about a microsecond otherwise), each the first of the browsers on it.
   */
  readonly browsers: Map<number | string, BrowserViews>;
  /** Views of browsers past MOST_BROWSERS in a flush (a flood): counted as views, with no visitor, device or source. */
  readonly unnamed: Map<string, number>;
}

/** A view as the hot path or a route saw it. */
export interface View {
  page: Page;
  address: string;
  userAgent: string;
  gpc: boolean;
  /** The Referer header, when it came with one. */
  referrer: string | undefined;
  /** The request's Host header (the site's own referrers are told by it). */
  host: string;
  /** `source\tmedium\tcampaign` from the address's query, when it had utm_ parameters. */
  campaign: string | null;
}

/** Browsers told apart in one flush: past them a flood costs no more memory. */
const MOST_BROWSERS = 50_000;
/** Distinct referrers (whole addresses, the site's own pages among them) and campaigns kept per browser in one flush. */
const MOST_SOURCES = 50;
/** Hashes remembered as written in a day (scope and hash): past them the memory starts again (the database decides). */
const MOST_WRITTEN = 300_000;
const NONE: ReadonlySet<string> = new Set();
/** Flushes that failed kept for the next try (ten minutes' worth): past them the oldest are dropped. */
const MOST_WAITING = 60;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An IPv4 address as a number (`10.0.0.1` → 167772161); any other address as it is. */
export function addressKey(address: string): number | string {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < address.length; i += 1) {
    const code = address.charCodeAt(i);
    if (code === 46 && digits > 0 && dots < 3) {
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57 && digits < 3) {
      part = part * 10 + code - 48;
      digits += 1;
      if (part > 255) return address;
    } else return address;
  }
  return dots === 3 && digits > 0 ? value * 256 + part : address;
}

/** The address a `browsers` key stands for. */
export const addressOf = (key: number | string): string =>
  typeof key === 'string'
    ? key
    : `${Math.floor(key / 16777216)}.${(key >>> 16) & 255}.${(key >>> 8) & 255}.${key & 255}`;

const emptyDay = (day: string): DayViews => ({
  day,
  pages: new Map(),
  browsers: new Map(),
  unnamed: new Map(),
});

const add = (counts: Map<string, number>, key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);

/** Adds a view of `page` under `source` (a referrer, a campaign), up to MOST_SOURCES sources. */
function addSource(sources: Map<string, Map<string, number>>, source: string, page: string): void {
  const pages = sources.get(source);
  if (pages) add(pages, page);
  else if (sources.size < MOST_SOURCES) sources.set(source, new Map([[page, 1]]));
}

export class PageViews {
  private current: DayViews;
  private dayEnds: number;
  private browserCount = 0;
  /** Days ended since the last flush, and flushes that failed: written (again) by the next one. */
  private waiting: DayViews[] = [];
  /** The day whose hashes `writtenHashes` holds (`scope\nhash`, those this instance has written): forgotten with it. */
  private writtenDay = '';
  private writtenHashes = new Set<string>();

  constructor(now = Date.now()) {
    this.current = emptyDay(dayOf(now));
    this.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  }

  /** Counts a view at `now` (Date.now()). */
  count(view: View, now = Date.now()): void {
    if (now >= this.dayEnds) this.nextDay(now);
    const day = this.current;
    const key = view.page.cacheKey;
    if (!day.pages.has(key)) day.pages.set(key, { routing: view.page.routing, locale: view.page.locale });
    const id = addressKey(view.address);
    const first = day.browsers.get(id);
    let browser = first;
    while (browser !== undefined && browser.userAgent !== view.userAgent) browser = browser.next;
    if (!browser) {
      if (this.browserCount >= MOST_BROWSERS) {
        add(day.unnamed, key);
        return;
      }
      this.browserCount += 1;
      browser = { userAgent: view.userAgent, next: first, views: new Map(), gpc: false, host: view.host };
      day.browsers.set(id, browser);
    }
    add(browser.views, key);
    if (view.gpc) browser.gpc = true;
    if (view.referrer !== undefined) addSource((browser.referrers ??= new Map()), view.referrer, key);
    if (view.campaign !== null) addSource((browser.campaigns ??= new Map()), view.campaign, key);
  }

  /** Whether nothing waits to be written. */
  get empty(): boolean {
    return this.waiting.length === 0 && this.current.pages.size === 0;
  }

  /** Everything counted so far, oldest day first, handed over; counting goes on from zero. */
  take(now = Date.now()): DayViews[] {
    if (now >= this.dayEnds) this.nextDay(now);
    const taken = this.current.pages.size > 0 ? [...this.waiting, this.current] : this.waiting;
    this.waiting = [];
    this.current = emptyDay(this.current.day);
    this.browserCount = 0;
    return taken;
  }

  /** Days whose flush failed come back, to be written by the next one (the oldest dropped past MOST_WAITING). */
  giveBack(taken: readonly DayViews[]): void {
    this.waiting = [...taken, ...this.waiting].slice(-MOST_WAITING);
  }

  /** The hashes (`scope\nhash`) this instance has written for `day` (none for a day before the latest written). */
  written(day: string): ReadonlySet<string> {
    return day === this.writtenDay ? this.writtenHashes : NONE;
  }

  /** Remembers hashes written (committed) for `day`; a later day forgets the earlier one's. */
  noteWritten(day: string, hashes: ReadonlyArray<{ scope: string; hash: string }>): void {
    if (day < this.writtenDay) return;
    if (day > this.writtenDay || this.writtenHashes.size + hashes.length > MOST_WRITTEN) {
      this.writtenDay = day;
      this.writtenHashes = new Set();
    }
    for (const { scope, hash } of hashes) this.writtenHashes.add(`${scope}\n${hash}`);
  }

  private nextDay(now: number): void {
    if (this.current.pages.size > 0) this.waiting.push(this.current);
    this.current = emptyDay(dayOf(now));
    this.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    this.browserCount = 0;
  }
}
