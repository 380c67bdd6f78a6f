import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useQuestion, type Question } from '../components/question-dialog';
import type { HeldEntries, HeldEntry } from './drafts';

/**
 * The entry forms of an editor (every list editor's Add form), so that a save can ask about an entry typed
 * into one but not added (docs/design.md §24: nothing typed is lost silently).
 */

/** What a form holds that is not in its list yet. */
export interface UnsentEntry {
  /** What one entry is called ('news entry'). */
  entryName: string;
  /** The entry the form edits (1-based), or null for a new entry. */
  editing: number | null;
}

/** One entry form, as a save sees it. Its functions read the form's state at the moment they are called. */
export interface EntryForm {
  /** The form's element: forms are asked about in the order they stand on the screen. */
  element: () => HTMLElement | null;
  /** What the form holds that is not in its list, or null when it holds nothing (or only the row it edits). */
  unsent: () => UnsentEntry | null;
  /** Add: runs the field rules as the Add button does; false (the problem shown at its field) when refused. */
  add: () => boolean;
  /** Clears the form (and leaves editing a row). */
  discard: () => void;
  /** Moves the focus into the form. */
  focus: () => void;
}

type Registry = Set<EntryForm>;

interface EntryForms {
  registry: Registry;
  /** Where the forms keep what they hold typed but not added (docs/design.md §34); none outside an editor. */
  held: HeldEntries | null;
}

const EntryFormsContext = createContext<EntryForms | null>(null);

/** Holds the entry forms of the editor inside it (the editor frame provides it), and where they keep their typing. */
export function EntryFormsProvider({ held = null, children }: { held?: HeldEntries | null; children: ReactNode }) {
  const [registry] = useState<Registry>(() => new Set());
  const value = useMemo(() => ({ registry, held }), [registry, held]);
  return <EntryFormsContext.Provider value={value}>{children}</EntryFormsContext.Provider>;
}

/**
 * An entry form's typing kept beside the editor's draft (docs/design.md §34: an entry typed but not added survives leaving
 * and reloading): `initial` is what the form held when it was last on screen, `keep` says what it holds now
 * (null: nothing). `id` is the form's, unique on the screen.
 */
export function useHeldEntry(id: string): { initial: HeldEntry | null; keep: (entry: HeldEntry | null) => void } {
  const held = useContext(EntryFormsContext)?.held ?? null;
  const [initial] = useState(() => held?.entryOf(id) ?? null);
  useEffect(() => held?.mount(id), [held, id]);
  const keep = useCallback((entry: HeldEntry | null) => held?.keep(id, entry), [held, id]);
  return { initial, keep };
}

/**
 * Registers an entry form for as long as it is on screen. `form` may change on every render; the registry
 * always calls the latest one.
 */
export function useEntryForm(form: EntryForm): void {
  const registry = useContext(EntryFormsContext)?.registry ?? null;
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    if (!registry) return;
    const entry: EntryForm = {
      element: () => latest.current.element(),
      unsent: () => latest.current.unsent(),
      add: () => latest.current.add(),
      discard: () => latest.current.discard(),
      focus: () => latest.current.focus(),
    };
    registry.add(entry);
    return () => {
      registry.delete(entry);
    };
  }, [registry]);
}

/** The answers to the question about an unsent entry. */
export type UnsentAnswer = 'add' | 'discard' | 'stay';

function inScreenOrder(forms: Iterable<EntryForm>): EntryForm[] {
  return [...forms].sort((a, b) => {
    const first = a.element();
    const second = b.element();
    if (!first || !second) return 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** The question, in words: which form holds what. */
export function unsentQuestion({ entryName, editing }: UnsentEntry): string {
  return editing === null
    ? `You typed a new ${entryName} but did not add it to the list. Add it before saving, or discard it?`
    : `You changed ${entryName} ${editing} in its form but did not add the changes to the list. Add them before saving (they replace the entry), or discard them?`;
}

/** The question about an unsent entry, for the one dialog hook: Stay first (the answer that changes nothing), Escape is Stay. */
function unsentEntryQuestion(unsent: UnsentEntry): Question<UnsentAnswer> {
  return {
    title:
      unsent.editing === null
        ? 'Add the entry you typed?'
        : `Add your changes to ${unsent.entryName} ${unsent.editing}?`,
    question: unsentQuestion(unsent),
    answers: [
      { value: 'stay', label: 'Stay', look: 'outline' },
      { value: 'discard', label: 'Discard it', look: 'outline' },
      { value: 'add', label: 'Add it' },
    ],
    dismissed: 'stay',
    className: 'unsent-entry-dialog',
    // The answer moves the focus (the form, or back to the button that saved).
    returnFocus: false,
  };
}

/**
 * Before an editor stores its document: `await settleUnsentEntries()` asks about each entry form that holds an
 * entry not added (Add it / Discard it / Stay), in screen order, and does what was answered. True when the
 * save may go on: every such entry was added (its field rules passed) or discarded. Render `dialog`.
 */
export function useUnsentEntries(): { settleUnsentEntries: () => Promise<boolean>; dialog: ReactNode } {
  const registry = useContext(EntryFormsContext)?.registry ?? null;
  const { ask, dialog } = useQuestion();

  const settleUnsentEntries = useCallback(async (): Promise<boolean> => {
    if (!registry) return true;
    for (const form of inScreenOrder(registry)) {
      const unsent = form.unsent();
      if (!unsent) continue;
      const opener =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null;
      // A screen that goes away while asking: the answer is Stay (nothing is saved, nothing is lost).
      const answer = await ask(unsentEntryQuestion(unsent));
      if (answer === 'stay') {
        form.focus();
        return false;
      }
      // Synchronously, so that the save that follows sends the list with the entry added (or the form cleared).
      let added = true;
      flushSync(() => {
        if (answer === 'add') added = form.add();
        else form.discard();
      });
      // A refused entry: its field shows why and has the focus (add moved it there).
      if (!added) return false;
      if (opener?.isConnected) opener.focus();
    }
    return true;
  }, [registry, ask]);

  return { settleUnsentEntries, dialog };
}
