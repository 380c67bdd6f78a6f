import { addressKey, REDIRECT_MESSAGES, type RedirectStatus } from '../../core/schemas/redirect';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { RedirectRow } from './redirects.repository';
import { byAge } from './served-redirects';

/**
 * The tenant's redirects in memory while a save or an import is worked out (docs/design.md §27, §34): every rule is
 * checked here, without a query per redirect, and what changed is written afterwards in a few statements
 * (redirects.service.ts). Addresses are compared by their key (`addressKey`: one spelling, any case).
 *
 * Stored redirects are always flat: no redirect's target is the address of another redirect (A→B plus B→C is
 * stored as A→C, and an existing X→A becomes X→C when A→C is made). So following a redirect takes one step, a
 * loop is found by looking one step ahead, and visitors are never sent along a chain. A target's query is part of
 * it, and a path target is followed through a redirect by its path.
 */

export interface BookEntry {
  /** null: new, not yet written. */
  id: number | null;
  from: string;
  to: string;
  status: RedirectStatus;
}

export interface Written {
  entry: BookEntry;
  /** How it was before (undefined: new). */
  before: Omit<BookEntry, 'id'> | undefined;
  /** Redirects that pointed at `from` and now point where it leads: `from → to` of each, as they are now. */
  repointed: Array<{ from: string; to: string }>;
}

/** `/a?x=1` → ['/a', '?x=1']; an https address has no path on this site. */
export function splitTarget(target: string): { path: string | null; query: string } {
  if (!target.startsWith('/')) return { path: null, query: '' };
  const at = target.indexOf('?');
  return at === -1 ? { path: target, query: '' } : { path: target.slice(0, at), query: target.slice(at) };
}

/** Where a target leads once the redirect at its path is followed, its own query kept unless the next has one. */
function followed(next: string, query: string): string {
  return query === '' || next.includes('?') ? next : `${next}${query}`;
}

const targetKey = (to: string): string | null => {
  const { path } = splitTarget(to);
  return path === null ? null : addressKey(path);
};

export class RedirectBook {
  private readonly byKey = new Map<string, BookEntry>();
  private readonly byId = new Map<number, BookEntry>();
  /** Redirects by the key of the path on this site they lead to. */
  private readonly byTarget = new Map<string, Set<BookEntry>>();
  /** Rows stored before addresses were compared by key whose key another row has: never answered, their spelling kept. */
  private readonly shadowed = new Set<string>();
  /** What changed since the book was read, to be written. */
  readonly changed = new Set<BookEntry>();
  /** The keys of the addresses a redirect now answers (the 404 log forgets them). */
  readonly answered = new Set<string>();

  constructor(rows: readonly RedirectRow[]) {
    for (const row of byAge(rows)) {
      const entry: BookEntry = {
        id: row.id,
        from: row.from_path,
        to: row.to_target,
        status: row.status === 302 ? 302 : 301,
      };
      this.byId.set(row.id, entry);
      if (this.byKey.has(addressKey(row.from_path))) this.shadowed.add(row.from_path);
      else this.byKey.set(addressKey(row.from_path), entry);
      this.indexTarget(entry);
    }
  }

  /** The redirect answering an address (any spelling). */
  find(address: string): BookEntry | undefined {
    return this.byKey.get(addressKey(address));
  }

  private forgetAddress(entry: BookEntry): void {
    if (this.byKey.get(addressKey(entry.from)) === entry) this.byKey.delete(addressKey(entry.from));
    else this.shadowed.delete(entry.from);
  }

  private indexTarget(entry: BookEntry): void {
    const key = targetKey(entry.to);
    if (key === null) return;
    const set = this.byTarget.get(key) ?? new Set();
    set.add(entry);
    this.byTarget.set(key, set);
  }

  private unindexTarget(entry: BookEntry): void {
    const key = targetKey(entry.to);
    if (key !== null) this.byTarget.get(key)?.delete(entry);
  }

  /** Forgets the redirect from an address (a page renamed to it answers there now); the one forgotten. */
  remove(address: string): BookEntry | undefined {
    const entry = this.find(address);
    if (!entry) return undefined;
    this.forgetAddress(entry);
    this.byId.delete(entry.id ?? -1);
    this.unindexTarget(entry);
    this.changed.delete(entry);
    return entry;
  }

  /**
   * Stores a redirect: a new one, the one of `id`, or (`id` 'by-from', the import and a rename) the one from the
   * same address if there is one, keeping its spelling. Every check comes before the first change, so a refused
   * redirect changes nothing. `from` and `to` come normalised (normalAddress).
   */
  store(input: { id?: number | 'by-from'; from: string; to: string; status: RedirectStatus }): Written {
    const fromKey = addressKey(input.from);
    const sameFrom = this.byKey.get(fromKey);
    let entry: BookEntry | undefined;
    if (input.id === 'by-from') entry = sameFrom;
    else if (input.id !== undefined) {
      entry = this.byId.get(input.id);
      if (!entry) throw new NotFoundError(REDIRECT_MESSAGES.notFound);
    }
    const from = input.id === 'by-from' && entry ? entry.from : input.from;
    if ((sameFrom && sameFrom !== entry) || (this.shadowed.has(from) && entry?.from !== from))
      throw new ConflictError(REDIRECT_MESSAGES.taken(sameFrom?.from ?? from));

    // The end of the chain: the target's path may be another redirect's address (one step at most: they are flat).
    let to = input.to;
    const target = splitTarget(to);
    if (target.path !== null && addressKey(target.path) === fromKey) {
      throw new ValidationError(
        target.query === '' ? REDIRECT_MESSAGES.same : REDIRECT_MESSAGES.loop(input.from, input.to),
        'to',
      );
    }
    const next = target.path === null ? undefined : this.find(target.path);
    if (next && next !== entry) {
      to = followed(next.to, target.query);
      if (targetKey(to) === fromKey) throw new ValidationError(REDIRECT_MESSAGES.loop(input.from, input.to), 'to');
    }

    const before = entry ? { from: entry.from, to: entry.to, status: entry.status } : undefined;
    if (entry) {
      this.forgetAddress(entry);
      this.unindexTarget(entry);
      Object.assign(entry, { from, to, status: input.status });
    } else {
      entry = { id: null, from, to, status: input.status };
    }
    this.byKey.set(fromKey, entry);
    this.indexTarget(entry);
    this.changed.add(entry);
    this.answered.add(fromKey);

    // Redirects that led here now lead where this one does (X→A becomes X→C).
    const repointed: Written['repointed'] = [];
    for (const row of [...(this.byTarget.get(fromKey) ?? [])]) {
      if (row === entry) continue;
      this.unindexTarget(row);
      row.to = followed(to, splitTarget(row.to).query);
      this.indexTarget(row);
      this.changed.add(row);
      repointed.push({ from: row.from, to: row.to });
    }
    return { entry, before, repointed };
  }
}
