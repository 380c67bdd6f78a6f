import type { Page } from '../pages/page-kind';

/**
 * Views of public pages counted in this instance's memory (docs/design.md §31), per UTC day, until a flush writes them
 * (every 10 s, visits.service.ts): on the hot path a view is a few numbers added to a log (ViewLog), never a database
 * write and never a hash. What identifies a browser (its address and user agent) stays here for those seconds only: the flush turns it
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
   * string), each the first of the browsers on it.
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
/** Views kept one by one between flushes (28 bytes each): past them a flood's views count per page only. */
const MOST_VIEWS = 1_000_000;
/** Distinct user agents, other addresses (not IPv4), referrers and campaigns kept apart between flushes. */
const MOST_NAMES = 100_000;
/** Distinct referrers (whole addresses, the site's own pages among them) and campaigns kept per browser in one flush. */
const MOST_SOURCES = 50;
/** Hashes remembered as written in a day (scope and hash): past them the memory starts again (the database decides). */
const MOST_WRITTEN = 300_000;
const NONE: ReadonlyMap<string, ReadonlySet<string>> = new Map();
/** Flushes that failed kept for the next try (ten minutes' worth): past them the oldest are dropped. */
const MOST_WAITING = 60;
/** An IPv4 address is a number below 2³²; any other address is this plus its place among `otherAddresses`. */
const OTHER_ADDRESS = 2 ** 32;
/** Numbers of a ViewLog's array to begin with (32 KB). */
const FIRST_SIZE = 4096;
/** Numbers a view takes in a ViewLog. */
const STRIDE = 4;
/** Two places (of MOST_NAMES at most) share one number of a view: the first times PLACES plus the second. */
const PLACES = 2 ** 17;

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

const add = (counts: Map<string, number>, key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);

/** Adds a view of `page` under `source` (a referrer, a campaign), up to MOST_SOURCES sources. */
function addSource(sources: Map<string, Map<string, number>>, source: string, page: string): void {
  const pages = sources.get(source);
  if (pages) add(pages, page);
  else if (sources.size < MOST_SOURCES) sources.set(source, new Map([[page, 1]]));
}

/** Strings kept once each, by their place in the order they came (a user agent, a referrer, a page's key). */
class Names<T = string> {
  readonly list: T[] = [];
  private readonly places = new Map<string, number>();
  private lastKey: string | undefined;
  private lastPlace = -1;

  /** The place of `key` (its value `value` the first time), or -1 once MOST_NAMES are kept. */
  placeOf(key: string, value: T): number {
    // Most views repeat the last one's user agent and host: a comparison, no look-up.
    if (key === this.lastKey) return this.lastPlace;
    let place = this.places.get(key);
    if (place === undefined) {
      if (this.list.length >= MOST_NAMES) return -1;
      place = this.list.push(value) - 1;
      this.places.set(key, place);
    }
    this.lastKey = key;
    this.lastPlace = place;
    return place;
  }
}

/**
 * One day's views as they came, one after another, until a flush (or the day's end) sums them into a DayViews: on
 * the hot path a view is four numbers written at the end of one array and a comparison (or a look-up) of its page,
 * user agent and host, nothing allocated per browser; the summing is done a flush at a time, in one loop
 * (docs/benchmarks.md, issue 47: 160–190 ns a view on the hot path and 50–70 ns at the flush, in a microbenchmark).
 */
class ViewLog {
  readonly pages = new Names<Page>();
  readonly agents = new Names();
  readonly otherAddresses = new Names();
  readonly sources = new Names();
  readonly hosts = new Names();
  /** Views past MOST_VIEWS, by page key. */
  readonly unnamed = new Map<string, number>();
  length = 0;
  /**
   * STRIDE numbers a view, in one array (it doubles as it fills; one array, so that a view writes one or two of the
   * processor's cache lines): its address (OTHER_ADDRESS onwards for one that is not IPv4); its user agent's place
   * times PLACES plus its Host header's; its page's place times 2, plus 1 with `Sec-GPC: 1`; its referrer's place
   * plus 1 times PLACES plus its campaign's plus 1 (0 for none), both among `sources`.
   */
  log: Float64Array;

  /** `log`: the array of the day's ViewLog before, once summed (a flush allocates nothing for the next views). */
  constructor(
    readonly day: string,
    log?: Float64Array,
  ) {
    this.log = log ?? new Float64Array(FIRST_SIZE);
  }

  push(view: View): void {
    const page = this.pages.placeOf(view.page.cacheKey, view.page);
    const agent = this.agents.placeOf(view.userAgent, view.userAgent);
    const key = addressKey(view.address);
    const other = typeof key === 'number' ? 0 : this.otherAddresses.placeOf(key, key);
    const host = this.hosts.placeOf(view.host, view.host);
    if (this.length >= MOST_VIEWS || page < 0 || agent < 0 || other < 0 || host < 0) {
      add(this.unnamed, view.page.cacheKey);
      return;
    }
    const at = this.length * STRIDE;
    if (at === this.log.length) this.grow();
    this.length += 1;
    const log = this.log;
    log[at] = typeof key === 'number' ? key : OTHER_ADDRESS + other;
    log[at + 1] = agent * PLACES + host;
    log[at + 2] = page * 2 + (view.gpc ? 1 : 0);
    const referrer = view.referrer === undefined ? -1 : this.sources.placeOf(view.referrer, view.referrer);
    const campaign = view.campaign === null ? -1 : this.sources.placeOf(view.campaign, view.campaign);
    log[at + 3] = (referrer + 1) * PLACES + campaign + 1;
  }

  /**
   * The log's array for the next ViewLog, once this one is summed, while the views fill a quarter of it or more; else
   * (fewer views since, or a burst is over) it is let go and the next one starts small: a busy site does not grow a
   * new array of megabytes by doubling every 10 s, and a quiet one does not keep a burst's.
   */
  spare(): Float64Array | undefined {
    return this.length * STRIDE * 4 >= this.log.length ? this.log : undefined;
  }

  private grow(): void {
    const grown = new Float64Array(this.log.length * 2);
    grown.set(this.log);
    this.log = grown;
  }

  /** The views summed per browser (an address with a user agent), as the flush writes them. */
  sum(): DayViews {
    const day: DayViews = { day: this.day, pages: new Map(), browsers: new Map(), unnamed: new Map(this.unnamed) };
    for (const page of this.pages.list) day.pages.set(page.cacheKey, { routing: page.routing, locale: page.locale });
    // By address and user agent as one number (below 2⁵³): found in one look-up, however many user agents an address
    // sends (walking an address's list instead would cost a flood from one address its square).
    const byBrowser = new Map<number, BrowserViews>();
    const log = this.log;
    for (let at = 0; at < this.length * STRIDE; at += STRIDE) {
      const page = this.pages.list[log[at + 2]! >> 1]!.cacheKey;
      const address = log[at]!;
      const agent = Math.floor(log[at + 1]! / PLACES);
      let browser = byBrowser.get(address * PLACES + agent);
      if (!browser) {
        if (byBrowser.size >= MOST_BROWSERS) {
          add(day.unnamed, page);
          continue;
        }
        const id = address < OTHER_ADDRESS ? address : this.otherAddresses.list[address - OTHER_ADDRESS]!;
        const host = this.hosts.list[log[at + 1]! % PLACES]!;
        browser = {
          userAgent: this.agents.list[agent]!,
          next: day.browsers.get(id),
          views: new Map(),
          gpc: false,
          host,
        };
        day.browsers.set(id, browser);
        byBrowser.set(address * PLACES + agent, browser);
      }
      add(browser.views, page);
      if ((log[at + 2]! & 1) === 1) browser.gpc = true;
      const referrer = Math.floor(log[at + 3]! / PLACES) - 1;
      if (referrer >= 0) addSource((browser.referrers ??= new Map()), this.sources.list[referrer]!, page);
      const campaign = (log[at + 3]! % PLACES) - 1;
      if (campaign >= 0) addSource((browser.campaigns ??= new Map()), this.sources.list[campaign]!, page);
    }
    return day;
  }
}

export class PageViews {
  private current: ViewLog;
  private dayEnds: number;
  /** Days ended since the last flush, and flushes that failed: written (again) by the next one. */
  private waiting: DayViews[] = [];
  /** The day whose hashes `writtenHashes` holds (by scope, those this instance has written): forgotten with it. */
  private writtenDay = '';
  private writtenHashes = new Map<string, Set<string>>();
  private writtenCount = 0;

  constructor(now = Date.now()) {
    this.current = new ViewLog(dayOf(now));
    this.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  }

  /** Counts a view at `now` (Date.now()). */
  count(view: View, now = Date.now()): void {
    if (now >= this.dayEnds) this.nextDay(now);
    this.current.push(view);
  }

  /** Whether nothing waits to be written. */
  get empty(): boolean {
    return this.waiting.length === 0 && this.current.pages.list.length === 0;
  }

  /** Everything counted so far, oldest day first, summed per browser and handed over; counting goes on from zero. */
  take(now = Date.now()): DayViews[] {
    if (now >= this.dayEnds) this.nextDay(now);
    const taken = this.current.pages.list.length > 0 ? [...this.waiting, this.current.sum()] : this.waiting;
    this.waiting = [];
    this.current = new ViewLog(this.current.day, this.current.spare());
    return taken;
  }

  /** Days whose flush failed come back, to be written by the next one (the oldest dropped past MOST_WAITING). */
  giveBack(taken: readonly DayViews[]): void {
    this.waiting = [...taken, ...this.waiting].slice(-MOST_WAITING);
  }

  /**
   * The hashes this instance has written for `day`, by scope (none for a day before the latest written): a look-up
   * of the scope, then of the hash, with no key put together per visitor (a flush asks once per browser and page).
   */
  written(day: string): ReadonlyMap<string, ReadonlySet<string>> {
    return day === this.writtenDay ? this.writtenHashes : NONE;
  }

  /** Remembers hashes written (committed) for `day`; a later day forgets the earlier one's. */
  noteWritten(day: string, hashes: ReadonlyArray<{ scope: string; hash: string }>): void {
    if (day < this.writtenDay) return;
    if (day > this.writtenDay || this.writtenCount + hashes.length > MOST_WRITTEN) {
      this.writtenDay = day;
      this.writtenHashes = new Map();
      this.writtenCount = 0;
    }
    for (const { scope, hash } of hashes) {
      let scoped = this.writtenHashes.get(scope);
      if (!scoped) this.writtenHashes.set(scope, (scoped = new Set()));
      if (!scoped.has(hash)) this.writtenCount += 1;
      scoped.add(hash);
    }
  }

  private nextDay(now: number): void {
    if (this.current.pages.list.length > 0) this.waiting.push(this.current.sum());
    this.current = new ViewLog(dayOf(now), this.current.spare());
    this.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  }
}
