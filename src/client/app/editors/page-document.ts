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

/**
 * A page's content document in an editor: loaded once per visit, edited as a local working copy, kept as a
 * draft in localStorage until saved or discarded, and saved with the spec's messages (spec 000 §8). A save
 * that finds the page changed since it was loaded (409) keeps the edits and offers to reload the saved copy.
 */
export function usePageDocument<K extends ContentPageKey>(pageKey: K, options: { beforeSave?: (doc: ContentByKey[K]) => string | null } = {}) {
  type T = ContentByKey[K];
  const page = contentPageByKey(pageKey);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: pageDocumentKey(pageKey),
    queryFn: () => api<T>(`/api/master/${page.getCall}`, { commonrouting: page.routing, menupageid: page.id }),
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
    const draft = readDraft<T>(page.routing);
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
    if (dirty) writeDraft(page.routing, working.doc.revision, working.doc);
    else removeDraft(page.routing);
  }, [working, dirty, page.routing]);

  const update = useCallback((recipe: (doc: T) => T) => {
    setWorking((current) => (current ? { ...current, doc: recipe(current.doc) } : current));
  }, []);

  /** Replaces the working copy with the server's current copy (no question asked: callers ask first). */
  const reload = useCallback(async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ queryKey: pageDocumentKey(pageKey), queryFn: () => api<T>(`/api/master/${page.getCall}`, { commonrouting: page.routing, menupageid: page.id }), staleTime: 0 });
      removeDraft(page.routing);
      setWorking((current) => ({ base: fresh, doc: fresh, restored: false, conflict: null, generation: (current?.generation ?? 0) + 1 }));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  }, [queryClient, pageKey, page]);

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
    removeDraft(page.routing);
    setWorking((current) => (current ? { ...current, doc: current.base, restored: false, generation: current.generation + 1 } : current));
  }, [page.routing]);

  const save = useCallback(async () => {
    const current = latest.current;
    if (!current || saving) return;
    const sent = current.doc;
    const problem = options.beforeSave?.(sent) ?? null;
    if (problem) {
      notify.error(problem, 'Oops');
      return;
    }
    setSaving(true);
    try {
      const answer = await api<{ message?: unknown; revision?: unknown } | null>(`/api/master/${page.saveCall}`, sent);
      const message = typeof answer?.message === 'string' ? answer.message : '';
      if (message !== 'Success') {
        notify.error(saveAnswerMessage(message));
        return;
      }
      const revision = typeof answer?.revision === 'number' ? answer.revision : sent.revision;
      const saved = { ...sent, revision } as T;
      queryClient.setQueryData(pageDocumentKey(pageKey), saved);
      // Edits made while the save was on its way stay, now based on the new revision.
      setWorking((now) => (now ? { ...now, base: saved, doc: { ...now.doc, revision } as T, restored: false, conflict: null } : now));
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
  }, [saving, options, page.saveCall, queryClient, pageKey]);

  return {
    page,
    status: working ? ('ready' as const) : query.isError ? ('error' as const) : ('loading' as const),
    loadError: query.isError ? errorMessage(query.error) : null,
    retryLoad: () => void query.refetch(),
    doc: working?.doc ?? null,
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

export type PageDocument<K extends ContentPageKey> = ReturnType<typeof usePageDocument<K>>;
