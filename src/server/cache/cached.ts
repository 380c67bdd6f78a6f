/**
 * Caches are declared (docs/design.md §29). Each domain declares its cached reads beside its service,
 * `cached({ name, tags, load })`, and a change invalidates by tag: `invalidate(tenant, ['page:Home'])` drops every
 * value whose tags include `page:Home`, here and (through the tenant's cache sync, tenants/cache-sync.ts) on every
 * other instance. Nothing here knows a domain: this module imports nothing.
 *
 * The guard against a read that began before a change is written once, here: each tag has a counter, bumped by
 * every invalidation of it; a load notes the counters of its tags when it starts and keeps nothing if any of them
 * moved before it ended (it may have read what changed). Loads of one key at the same time share one read
 * (single flight), unless a change came in between: a read asked for after a change never joins one from before.
 *
 * A value at hand is returned as it is, without a promise: the public pages' hot path (ssr/hot-path.ts) reads
 * the cache without awaiting anything.
 */

/** A tag names what a cached value was read from: `page:Home`, `page:Home:de`, `menus`, `company`… */
export type Tag = string;

/** Whatever holds a tenant's store (a Tenant). */
export interface HasCache {
  readonly cache: CacheStore;
}

/** What a cache store tells its listeners: the tags invalidated, or null for everything (a `clear`). */
export type Invalidation = readonly Tag[] | null;

/** A cached read, as declared: `get` answers from the tenant's store, or loads once. */
export interface Cached<T extends HasCache, I, V> {
  readonly name: string;
  /** The value at once when kept; else the load's promise (shared by everyone asking for the same key meanwhile). */
  get(tenant: T, input: I): V | Promise<V>;
  /** The value when kept, else undefined: never loads. */
  peek(tenant: T, input: I): V | undefined;
}

interface Declaration<T extends HasCache, I, V> {
  /** Unique among the declarations: what the cache is of, in logs and tests. */
  name: string;
  /** What the value is read from; given the input when it depends on it (`page:${routing}`). */
  tags: readonly Tag[] | ((input: I) => readonly Tag[]);
  /** The key the value is kept under (the tags must depend on nothing the key leaves out). Default: the input as a string, '' for none. */
  key?: (input: I) => string;
  /** Reads the value. It is kept unless a tag of it was invalidated while it ran. */
  load: (tenant: T, input: I) => Promise<V>;
}

let declared = 0;
const names = new Set<string>();

/**
 * Declares a cached read. `V` must not include undefined (a value of undefined is "not kept"); null is a value.
 * Declared once, at module level: each declaration has its own table in every tenant's store.
 */
export function cached<T extends HasCache, V extends NonNullable<unknown> | null, I = void>(
  declaration: Declaration<T, I, V>,
): Cached<T, I, V> {
  if (names.has(declaration.name)) throw new Error(`A cache named ${declaration.name} is declared twice.`);
  names.add(declaration.name);
  const slot = declared;
  declared += 1;
  const keyOf = declaration.key ?? ((input: I) => (input === undefined ? '' : String(input)));
  const tagsOf = typeof declaration.tags === 'function' ? declaration.tags : () => declaration.tags as readonly Tag[];
  return {
    name: declaration.name,
    get(tenant, input) {
      const key = keyOf(input);
      const kept = tenant.cache.table(slot).get(key) as V | undefined;
      if (kept !== undefined) return kept;
      return tenant.cache.load(slot, key, tagsOf(input), () => declaration.load(tenant, input)) as Promise<V>;
    },
    peek(tenant, input) {
      return tenant.cache.table(slot).get(keyOf(input)) as V | undefined;
    },
  };
}

/** Drops every value tagged with any of `tags` in the tenant's store, here and on every other instance (after the commit). */
export function invalidate(tenant: HasCache, tags: readonly Tag[]): void {
  tenant.cache.invalidate(tags);
}

/**
 * One tenant's cached values, of every declaration, with the counters of their tags. Changes come through
 * `invalidate` (made here: told to the other instances too), `applyRemote` (made on another instance) and
 * `clear` (everything: after the sync missed notices, or a test that wrote to the database itself).
 */
export class CacheStore {
  /** Each declaration's values by key, by the declaration's slot. */
  private readonly tables: Array<Map<string, unknown>> = [];
  /** Loads under way, by `slot:key`. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** The `slot:key` of the values (and loads) carrying each tag. */
  private readonly tagged = new Map<Tag, Set<string>>();
  /** Bumped by each invalidation of a tag. */
  private readonly counters = new Map<Tag, number>();
  /** Bumped by `clear`. */
  private generation = 0;
  private readonly listeners: Array<(invalidation: Invalidation) => void> = [];

  /** @param publish Tells the other instances of an invalidation made here (called after the change committed). */
  constructor(private readonly publish: (tags: readonly Tag[]) => void = () => {}) {}

  /** A declaration's values (created at its first use in this store). */
  table(slot: number): Map<string, unknown> {
    let table = this.tables[slot];
    if (!table) {
      table = new Map();
      this.tables[slot] = table;
    }
    return table;
  }

  /** Loads a value not kept: once for everyone asking meanwhile; kept only if none of its tags moved while it ran. */
  load<V>(slot: number, key: string, tags: readonly Tag[], read: () => Promise<V>): Promise<V> {
    const ref = `${slot}:${key}`;
    const running = this.loading.get(ref);
    if (running) return running as Promise<V>;
    // The counters of its tags as the read begins: should any move before it ends, what it read is not kept.
    const generation = this.generation;
    const counts = tags.map((tag) => this.counters.get(tag) ?? 0);
    const unchanged = () =>
      generation === this.generation && tags.every((tag, i) => (this.counters.get(tag) ?? 0) === counts[i]);
    for (const tag of tags) this.index(tag, ref);
    const promise: Promise<V> = new Promise<V>((resolve) => resolve(read()))
      .then((value) => {
        if (value !== undefined && unchanged()) this.table(slot).set(key, value);
        return value;
      })
      .finally(() => {
        // A failed read is not kept either: the next ask reads again.
        if (this.loading.get(ref) === promise) this.loading.delete(ref);
      });
    this.loading.set(ref, promise);
    return promise;
  }

  private index(tag: Tag, ref: string): void {
    let refs = this.tagged.get(tag);
    if (!refs) {
      refs = new Set();
      this.tagged.set(tag, refs);
    }
    refs.add(ref);
  }

  /** Calls `listener` with every invalidation applied here (made here or on another instance) and with every clear. */
  onInvalidate(listener: (invalidation: Invalidation) => void): void {
    this.listeners.push(listener);
  }

  /** Drops what carries any of `tags`, here and on every other instance. */
  invalidate(tags: readonly Tag[]): void {
    if (tags.length === 0) return;
    this.apply(tags);
    this.publish(tags);
  }

  /** An invalidation another instance made: applied here only, never published again. */
  applyRemote(tags: readonly Tag[]): void {
    this.apply(tags);
  }

  /**
   * Drops everything, here only: after the cache sync missed notices (anything may have changed), or after a
   * test or an operator wrote to the database without the services. No domain calls it: a change names its tags.
   */
  clear(): void {
    this.generation += 1;
    for (const table of this.tables) table?.clear();
    this.loading.clear();
    this.tagged.clear();
    for (const listener of this.listeners) listener(null);
  }

  /** The number of invalidations of a tag so far (tests). */
  count(tag: Tag): number {
    return this.counters.get(tag) ?? 0;
  }

  private apply(tags: readonly Tag[]): void {
    for (const tag of tags) {
      this.counters.set(tag, (this.counters.get(tag) ?? 0) + 1);
      const refs = this.tagged.get(tag);
      if (!refs) continue;
      this.tagged.delete(tag);
      for (const ref of refs) {
        const at = ref.indexOf(':');
        this.tables[Number(ref.slice(0, at))]?.delete(ref.slice(at + 1));
        // A load under way read before this change: whoever asks from now on starts a new one.
        this.loading.delete(ref);
      }
    }
    for (const listener of this.listeners) listener(tags);
  }
}
