/**
 * What visitors of one tenant asked for since the last flush, counted in this instance's memory (docs/design.md §27):
 * how often each redirect was followed, and which addresses got the 404 page. Counting is a Map update, never a
 * database write; `take` hands the counts to the flush (redirects.service.ts) and starts again from zero.
 */
export interface PendingNotFound {
  hits: number;
  /** Milliseconds since the epoch, as Date.now() (a number: no Date is made per visit). */
  lastSeen: number;
  referrer: string | null;
}

export interface PendingVisits {
  redirects: Map<number, { hits: number; lastHit: number }>;
  notFound: Map<string, PendingNotFound>;
}

/** Distinct 404 addresses held between two flushes: a bot trying 100,000 addresses in ten seconds costs no more. */
const MOST_PENDING_NOT_FOUND = 2000;

export class VisitCounts {
  private pending: PendingVisits = { redirects: new Map(), notFound: new Map() };

  /** A visitor followed the redirect `id` at `at` (Date.now()). */
  redirectFollowed(id: number, at: number): void {
    const counted = this.pending.redirects.get(id);
    if (counted) {
      counted.hits += 1;
      counted.lastHit = at;
    } else this.pending.redirects.set(id, { hits: 1, lastHit: at });
  }

  /** A visitor got the 404 page at `path`, linked from `referrer` (null: no referrer). */
  notFound(path: string, referrer: string | null, at: number): void {
    const counted = this.pending.notFound.get(path);
    if (counted) {
      counted.hits += 1;
      counted.lastSeen = at;
      if (referrer !== null) counted.referrer = referrer;
    } else if (this.pending.notFound.size < MOST_PENDING_NOT_FOUND)
      this.pending.notFound.set(path, { hits: 1, lastSeen: at, referrer });
  }

  /** Whether anything was counted since the last `take`. */
  get empty(): boolean {
    return this.pending.redirects.size === 0 && this.pending.notFound.size === 0;
  }

  /** The counts so far, handed over; counting starts again from zero. */
  take(): PendingVisits {
    const taken = this.pending;
    this.pending = { redirects: new Map(), notFound: new Map() };
    return taken;
  }

  /** Counts whose flush failed come back, added to what was counted meanwhile (the next flush tries again). */
  giveBack(taken: PendingVisits): void {
    for (const [id, counted] of taken.redirects) {
      const now = this.pending.redirects.get(id);
      this.pending.redirects.set(id, now ? { hits: now.hits + counted.hits, lastHit: now.lastHit } : counted);
    }
    for (const [path, counted] of taken.notFound) {
      const now = this.pending.notFound.get(path);
      if (now)
        this.pending.notFound.set(path, {
          hits: now.hits + counted.hits,
          lastSeen: now.lastSeen,
          referrer: now.referrer ?? counted.referrer,
        });
      else if (this.pending.notFound.size < MOST_PENDING_NOT_FOUND) this.pending.notFound.set(path, counted);
    }
  }
}
