import type { Page } from '../pages/page-kind';

/**
 * Views of public pages counted in this instance's memory (docs/design.md §31), per UTC day, until a flush writes them
 * (every 10 s, visits.service.ts): on the hot path a view is a few Map updates, never a database write and never a
 * hash. What identifies a browser (its address and user agent) stays here for those seconds only: the flush turns it
 * into a keyed hash of the day, or into nothing at all for a bot or a browser that asked not to be tracked.
 */

/** What one browser (an address with a user agent) viewed since the last flush. */
export interface BrowserViews {
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
  /** By address, then by user agent. */
  readonly browsers: Map<string, Map<string, BrowserViews>>;
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
/** Flushes that failed kept for the next try (ten minutes' worth): past them the oldest are dropped. */
const MOST_WAITING = 60;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
    let agents = day.browsers.get(view.address);
    let browser = agents?.get(view.userAgent);
    if (!browser) {
      if (this.browserCount >= MOST_BROWSERS) {
        add(day.unnamed, key);
        return;
      }
      this.browserCount += 1;
      browser = { views: new Map(), gpc: false, host: view.host };
      if (!agents) day.browsers.set(view.address, (agents = new Map()));
      agents.set(view.userAgent, browser);
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

  private nextDay(now: number): void {
    if (this.current.pages.size > 0) this.waiting.push(this.current);
    this.current = emptyDay(dayOf(now));
    this.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    this.browserCount = 0;
  }
}
