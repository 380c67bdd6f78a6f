/**
 * Local drafts: an editor's working copy is kept in localStorage on every change until it is saved or
 * discarded, so that a closed tab, an expired session or a crash loses no typing. The draft remembers the
 * revision it was based on, so that saving it later is refused (409) if a colleague saved in between.
 */

export interface Draft<T> {
  /** The revision of the server copy the edits started from. */
  revision: number;
  savedAt: string;
  document: T;
}

export const draftKey = (routing: string) => `folio-draft:${routing}`;

export function readDraft<T>(routing: string): Draft<T> | null {
  try {
    const raw = localStorage.getItem(draftKey(routing));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft<T>> | null;
    if (!draft || typeof draft.revision !== 'number' || !draft.document || typeof draft.document !== 'object')
      return null;
    return { revision: draft.revision, savedAt: String(draft.savedAt ?? ''), document: draft.document };
  } catch {
    return null;
  }
}

export function writeDraft<T>(routing: string, revision: number, document: T): void {
  try {
    const draft: Draft<T> = { revision, savedAt: new Date().toISOString(), document };
    localStorage.setItem(draftKey(routing), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the edits still live in the page until it is closed.
  }
}

export function removeDraft(routing: string): void {
  try {
    localStorage.removeItem(draftKey(routing));
  } catch {
    // See writeDraft.
  }
}

/**
 * What an entry form holds, typed but not added (docs/design.md §34): its inputs, and the entry it edits (0-based) or null
 * for a new entry.
 */
export interface HeldEntry {
  inputs: Record<string, string>;
  editing: number | null;
}

export const heldEntriesKey = (routing: string) => `folio-entry-forms:${routing}`;

function isHeldEntry(value: unknown): value is HeldEntry {
  if (!value || typeof value !== 'object') return false;
  const { inputs, editing } = value as Partial<HeldEntry>;
  const rowOk = editing === null || (typeof editing === 'number' && Number.isInteger(editing) && editing >= 0);
  return (
    rowOk && !!inputs && typeof inputs === 'object' && Object.values(inputs).every((text) => typeof text === 'string')
  );
}

/**
 * The entry forms of one editor with something typed but not added, by form (its id prefix): kept in localStorage
 * beside the draft, so that leaving or reloading loses them no more than any other unsaved edit (docs/design.md §34). A
 * form takes its entry back when it mounts; a form gone from the screen for good (not the editor leaving) lets go.
 */
export class HeldEntries {
  private readonly held: Map<string, HeldEntry>;
  /** How many mounted forms use each id (a remount in React's strict mode counts up before the old one lets go). */
  private readonly mounted = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  /** The editor is on screen: a form unmounting then is gone for good, not leaving with the editor. */
  private open = false;
  /** Some entry was held from an earlier visit when the editor opened. */
  readonly restored: boolean;

  constructor(private readonly routing: string) {
    this.held = new Map(Object.entries(readHeld(routing)));
    this.restored = this.held.size > 0;
  }

  /** Whether any form holds an entry now. */
  readonly holding = (): boolean => this.held.size > 0;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The entry a form held when it last had one (on a remount, or from an earlier visit). */
  entryOf(id: string): HeldEntry | null {
    return this.held.get(id) ?? null;
  }

  /** A form's entry now: null when it holds nothing. */
  keep(id: string, entry: HeldEntry | null): void {
    const before = this.held.get(id);
    if (entry === null ? before === undefined : JSON.stringify(before) === JSON.stringify(entry)) return;
    if (entry === null) this.held.delete(id);
    else this.held.set(id, entry);
    this.store();
  }

  /** Every form lets go (a reload of the saved copy, a discard): the forms remount empty. */
  clear(): void {
    if (this.held.size === 0) return;
    this.held.clear();
    this.store();
  }

  /** The editor is on screen (true) or has gone (false): called from its effect. */
  setOpen(open: boolean): void {
    this.open = open;
  }

  /** A form mounts: returns its unmount, which lets its entry go only if the form is gone while the editor stays. */
  mount(id: string): () => void {
    this.mounted.set(id, (this.mounted.get(id) ?? 0) + 1);
    return () => {
      const left = (this.mounted.get(id) ?? 1) - 1;
      this.mounted.set(id, left);
      // After the commit: an editor leaving the screen closes in the same commit, and then keeps everything.
      queueMicrotask(() => {
        if (this.open && (this.mounted.get(id) ?? 0) === 0) this.keep(id, null);
      });
    };
  }

  private store(): void {
    try {
      if (this.held.size === 0) localStorage.removeItem(heldEntriesKey(this.routing));
      else localStorage.setItem(heldEntriesKey(this.routing), JSON.stringify(Object.fromEntries(this.held)));
    } catch {
      // See writeDraft.
    }
    for (const listener of this.listeners) listener();
  }
}

function readHeld(routing: string): Record<string, HeldEntry> {
  try {
    const raw = localStorage.getItem(heldEntriesKey(routing));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((pair): pair is [string, HeldEntry] => isHeldEntry(pair[1])),
    );
  } catch {
    return {};
  }
}
