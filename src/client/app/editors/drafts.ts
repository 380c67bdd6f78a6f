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
    if (!draft || typeof draft.revision !== 'number' || !draft.document || typeof draft.document !== 'object') return null;
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
