import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contentPageByKey } from '../../../core/pages';
import type { ContentPageKey } from '../../../core/pages';
import type { ContentByKey } from '../../../core/schemas/page-content';
import { ApiError, api, errorMessage } from '../lib/api';
import { notify } from '../toasts';
import { readDraft, removeDraft, writeDraft } from './drafts';
import { SAVE_MESSAGES, saveAnswerMessage, saveFailureMessage } from './save-messages';
import { useConfirm } from '../components/confirm-dialog';

interface Working<T> {
  /** The server copy the edits started from (its revision is what a save names). */
  base: T;
  /** The local working copy (spec 000 §4: changes are made to a local copy until Save). */
  doc: T;
  /** The working copy came from a draft of an earlier visit. */
  restored: boolean;
  /** A save was refused because someone else saved in between: their message. */
  conflict: string | null;
  /** Counts reloads and discards: the screen remounts its entry forms on a change, which clears them. */
  generation: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const pageDocumentKey = (key: ContentPageKey) => ['page-document', key] as const;

/** A content document as the editors handle it: whatever its shape, it carries the revision it was saved at. */
export interface RevisedDocument {
  revision: number;
}

/** What a save answers: the spec's message, and the new revision on success. */
export type SaveAnswer = { message?: unknown; revision?: unknown } | null;

/**
 * Where an editor's document comes from and goes to: the twelve pages' own calls, or an Autowired page's
 * getpagecontent / savepagecontent. Keep the object stable (useMemo): its functions are effect dependencies.
 */
export interface DocumentSource<T extends RevisedDocument> {
  /** The react-query key of the server copy. */
  queryKey: readonly unknown[];
  /** The page's routing name: its draft is kept under it. */
  draftName: string;
  load: () => Promise<T>;
  save: (doc: T) => Promise<SaveAnswer>;
  /**
   * What a save sends, made from the working copy (an Autowired page drops the values of parameters it no
   * longer has); the saved copy is this. Without it the working copy is sent as it is.
   */
  prepare?: (doc: T) => T;
}

export interface DocumentOptions<T> {
  /** A reason not to save (shown as an 'Oops' toast), or null: checked on what would be sent. */
  beforeSave?: (doc: T) => string | null;
}

/** The source of one of the twelve content pages: its spec calls (spec 000 §7). */
export function contentPageSource<K extends ContentPageKey>(pageKey: K): DocumentSource<ContentByKey[K]> {
  type T = ContentByKey[K];
  const page = contentPageByKey(pageKey);
  return {
    queryKey: pageDocumentKey(pageKey),
    draftName: page.routing,
    load: () => api<T>(`/api/master/${page.getCall}`, { commonrouting: page.routing, menupageid: page.id }),
    save: (doc) => api<SaveAnswer>(`/api/master/${page.saveCall}`, doc),
  };
}

/**
 * A page's content document in an editor: loaded once per visit, edited as a local working copy, kept as a
 * draft in localStorage until saved or discarded, and saved with the spec's messages (spec 000 §8). A save
 * that finds the page changed since it was loaded (409) keeps the edits and offers to reload the saved copy.
 */
export function useEditableDocument<T extends RevisedDocument>(source: DocumentSource<T>, options: DocumentOptions<T> = {}) {
  const { queryKey, draftName } = source;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: source.load,
    // Loaded fresh on each visit and never refetched under the user's edits.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const [working, setWorking] = useState<Working<T> | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);

  // The first copy from the server becomes the working copy, or the draft of an earlier visit if there is one.
  if (working === null && query.data) {
    const server = query.data;
    const draft = readDraft<T>(draftName);
    const useDraft = draft !== null && !same(draft.document, server);
    const doc = useDraft ? ({ ...draft.document, revision: draft.revision } as T) : server;
    setWorking({ base: server, doc, restored: useDraft, conflict: null, generation: 0 });
  }

  const dirty = useMemo(() => (working ? !same(working.base, working.doc) : false), [working]);
  const latest = useRef(working);
  latest.current = working;

  // The draft follows every change; a working copy equal to the server copy needs none.
  useEffect(() => {
    if (!working) return;
    if (dirty) writeDraft(draftName, working.doc.revision, working.doc);
    else removeDraft(draftName);
  }, [working, dirty, draftName]);

  const update = useCallback((recipe: (doc: T) => T) => {
    setWorking((current) => (current ? { ...current, doc: recipe(current.doc) } : current));
  }, []);

  /** Replaces the working copy with the server's current copy (no question asked: callers ask first). */
  const reload = useCallback(async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ queryKey, queryFn: source.load, staleTime: 0 });
      removeDraft(draftName);
      setWorking((current) => ({ base: fresh, doc: fresh, restored: false, conflict: null, generation: (current?.generation ?? 0) + 1 }));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  }, [queryClient, queryKey, source.load, draftName]);

  /** Clear (spec 000 §2): back to the saved copy, after asking if there are unsaved edits. */
  const { confirm, dialog: confirmDialog } = useConfirm();
  const clear = useCallback(() => {
    void (async () => {
      if (dirty && !(await confirm(SAVE_MESSAGES.discardEdits, { title: 'Discard your edits?', confirmLabel: 'Discard edits', danger: true }))) return;
      await reload();
    })();
  }, [confirm, dirty, reload]);

  /** The restored draft is thrown away: back to the server copy loaded on this visit. */
  const discardDraft = useCallback(() => {
    removeDraft(draftName);
    setWorking((current) => (current ? { ...current, doc: current.base, restored: false, generation: current.generation + 1 } : current));
  }, [draftName]);

  const { prepare } = source;
  const save = useCallback(async () => {
    const current = latest.current;
    if (!current || saving) return;
    const sent = prepare ? prepare(current.doc) : current.doc;
    const problem = options.beforeSave?.(sent) ?? null;
    if (problem) {
      notify.error(problem, 'Oops');
      return;
    }
    setSaving(true);
    try {
      const answer = await source.save(sent);
      const message = typeof answer?.message === 'string' ? answer.message : '';
      if (message !== 'Success') {
        notify.error(saveAnswerMessage(message));
        return;
      }
      const revision = typeof answer?.revision === 'number' ? answer.revision : sent.revision;
      const saved = { ...sent, revision } as T;
      queryClient.setQueryData(queryKey, saved);
      // Edits made while the save was on its way stay, now based on the new revision.
      setWorking((now) => {
        if (!now) return now;
        const kept = prepare ? prepare(now.doc) : now.doc;
        return { ...now, base: saved, doc: { ...kept, revision } as T, restored: false, conflict: null };
      });
      notify.success(SAVE_MESSAGES.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        notify.error(error.message);
        setWorking((now) => (now ? { ...now, conflict: error.message } : now));
      } else {
        notify.error(saveFailureMessage(error));
      }
    } finally {
      setSaving(false);
    }
  }, [saving, options, prepare, source, queryClient, queryKey]);

  return {
    status: working ? ('ready' as const) : query.isError ? ('error' as const) : ('loading' as const),
    loadError: query.isError ? errorMessage(query.error) : null,
    /** The failed load's error itself (its status tells a missing page from a refused one). */
    error: query.isError ? (query.error as unknown) : null,
    retryLoad: () => void query.refetch(),
    doc: working?.doc ?? null,
    /** The saved copy the working copy is based on. */
    base: working?.base ?? null,
    revision: working?.base.revision ?? null,
    generation: working?.generation ?? 0,
    dirty,
    saving,
    reloading,
    restoredDraft: working?.restored ?? false,
    conflict: working?.conflict ?? null,
    update,
    save,
    reload,
    clear,
    discardDraft,
    /** Clear's question: render it in the editor. */
    confirmDialog,
  };
}

export type EditableDocument<T extends RevisedDocument> = ReturnType<typeof useEditableDocument<T>>;

/** One of the twelve content pages' documents in its editor (useEditableDocument with the page's own calls). */
export function usePageDocument<K extends ContentPageKey>(pageKey: K, options: DocumentOptions<ContentByKey[K]> = {}) {
  const [source] = useState(() => contentPageSource(pageKey));
  const editor = useEditableDocument(source, options);
  return { ...editor, page: contentPageByKey(pageKey) };
}

export type PageDocument<K extends ContentPageKey> = ReturnType<typeof usePageDocument<K>>;
