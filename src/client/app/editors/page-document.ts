import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentPageKey } from '../../../core/pages';
import type { RevisionStatus, Scheduled } from '../../../core/schemas/revision';
import { ApiError, api, errorMessage, refusedField } from '../lib/api';
import { notify } from '../toasts';
import { HeldEntries, readDraft, removeDraft, writeDraft } from './drafts';
import {
  PUBLISH_TOASTS,
  SAVE_MESSAGES,
  saveAnswerMessage,
  saveFailureMessage,
  type SaveRefusal,
} from './save-messages';
import { useConfirm } from '../components/confirm-dialog';
import {
  NO_SEO_DEFAULTS,
  readScheduled,
  stateAfterSave,
  stateAfterUnschedule,
  waitingSchedule,
} from './publishing-state';
import type { LoadedDocument, PublishingState, SeoDefaults } from './publishing-state';
import * as pagesApi from '../../../core/api/page-editing';

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
  /** Where the page stands with its revisions (the saved copy's status, what visitors see, a schedule). */
  state: PublishingState;
  seoDefaults: SeoDefaults;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const pageDocumentKey = (key: ContentPageKey) => ['page-document', key] as const;

/** A content document as the editors handle it: whatever its shape, it carries the revision it was saved at. */
export interface RevisedDocument {
  revision: number;
}

/** What a save answers: the spec's message, and on success the new revision, its status and a cancelled schedule. */
export type SaveAnswer = {
  message?: unknown;
  revision?: unknown;
  status?: unknown;
  publishAt?: unknown;
  unscheduled?: unknown;
} | null;

/** A save's `publish` (docs/design.md §19): "now", "draft", or the UTC ISO 8601 moment to publish at. */
export type Publish = 'now' | 'draft' | (string & {});

/**
 * Where an editor's document comes from and goes to: `GET /api/master/edit/:routing` and the twelve pages'
 * own save calls, or an Autowired page's savepagecontent. Keep the object stable (useMemo): its functions
 * are effect dependencies.
 */
export interface DocumentSource<T extends RevisedDocument> {
  /** The react-query key of the server copy. */
  queryKey: readonly unknown[];
  /** The page's routing name: its draft is kept under it. */
  draftName: string;
  /** The page's routing name in the edit, unschedule and preview calls. */
  routing: string;
  /** The newest revision (a draft or scheduled one if newer than the published), with where the page stands. */
  load: () => Promise<LoadedDocument<T>>;
  save: (doc: T, publish: Publish) => Promise<SaveAnswer>;
  /**
   * What a save sends, made from the working copy (an Autowired page drops the values of parameters it no
   * longer has); the saved copy is this. Without it the working copy is sent as it is.
   */
  prepare?: (doc: T) => T;
  /** Cancels the waiting schedule of `revision`; by default the page's unschedule call (a translation has its own). */
  unschedule?: (revision: number) => Promise<{ message?: unknown } | null>;
}

export interface DocumentOptions<T> {
  /** A reason not to save (shown as an 'Oops' toast), or null: checked on what would be sent. */
  beforeSave?: (doc: T) => string | null;
}

/** The editor's read of a page: its newest revision of any status (docs/design.md §19), in the shape the editor knows it by. */
export const loadEdited = async <T extends RevisedDocument>(routing: string) =>
  (await api(pagesApi.editDocument, { params: { routing } })) as unknown as T;

/** Cancels a page's waiting schedule: that revision becomes a draft (docs/design.md §19). */
function unscheduleCall(routing: string, revision: number) {
  return api(pagesApi.unschedule, { params: { routing }, body: { revision } });
}

const STATUSES: readonly RevisionStatus[] = ['published', 'draft', 'scheduled', 'in_review'];

/** The status a save answered, or the one its `publish` asked for when the answer does not say. */
function answeredStatus(answer: SaveAnswer, publish: Publish): RevisionStatus {
  const status = answer?.status;
  if (typeof status === 'string' && (STATUSES as readonly string[]).includes(status)) return status as RevisionStatus;
  return publish === 'now' ? 'published' : publish === 'draft' ? 'draft' : 'scheduled';
}

/** Which publishing action is on its way. */
export type PublishingAction = 'now' | 'draft' | 'schedule' | 'unschedule';

/** How a save ended: saved, or not (with the server's sentence when it refused the request as bad, 400). */
export type SaveOutcome = { saved: true } | { saved: false; refusal: string | null };

/** Sets the working copy (as `useState` gives it): the save and reset hooks change it beside the editor. */
type SetWorking<T> = Dispatch<SetStateAction<Working<T> | null>>;

/**
 * What a successful save answered, read against what was sent: the new revision, the saved copy, a schedule the
 * save cancelled, and where the page stands after it (from `before`, where it stood when the answer came).
 */
function readSaveAnswer<T extends RevisedDocument>(
  answer: SaveAnswer,
  publish: Publish,
  sent: T,
  before: PublishingState,
) {
  const revision = typeof answer?.revision === 'number' ? answer.revision : sent.revision;
  const saved = { ...sent, revision } as T;
  const unscheduled = readScheduled(answer?.unscheduled);
  const answered = {
    revision,
    status: answeredStatus(answer, publish),
    publishAt:
      typeof answer?.publishAt === 'string'
        ? answer.publishAt
        : publish !== 'now' && publish !== 'draft'
          ? publish
          : null,
    unscheduled,
  };
  const state = stateAfterSave(before, answered, new Date());
  return { revision, saved, unscheduled, state };
}

/** The toast that says what a save did: published (and a schedule it cancelled), stored as a draft, or scheduled. */
function notifySaved(state: PublishingState, unscheduled: Scheduled | null): void {
  if (state.status === 'published') notify.success(PUBLISH_TOASTS.published(unscheduled));
  else if (state.status === 'draft') notify.success(PUBLISH_TOASTS.draftSaved(state.published), 'Draft saved');
  else if (state.status === 'in_review') notify.success(PUBLISH_TOASTS.inReview, 'Sent for review');
  else notify.success(PUBLISH_TOASTS.scheduled(state.publishAt ?? ''), 'Scheduled');
}

/**
 * Takes a save that failed: someone else saved in between (409) keeps the edits and offers to reload; a schedule's
 * 400 goes back to its dialog to show; anything else is a toast, and a refusal about one field marks that field.
 */
function takeSaveFailure<T>(
  error: unknown,
  kind: PublishingAction,
  setWorking: SetWorking<T>,
  setRefusal: (refusal: SaveRefusal) => void,
): SaveOutcome {
  if (error instanceof ApiError && error.status === 409) {
    notify.error(error.message);
    setWorking((now) => (now ? { ...now, conflict: error.message } : now));
  } else if (error instanceof ApiError && error.status === 400 && kind === 'schedule') {
    return { saved: false, refusal: error.message };
  } else {
    notify.error(saveFailureMessage(error));
    // A refusal about one field: the editor marks it (the server names it, no sentence is compared).
    const path = refusedField(error);
    if (path !== null && error instanceof ApiError) setRefusal({ path, message: error.message, at: Date.now() });
  }
  return { saved: false, refusal: null };
}

/**
 * Replaces the working copy with the server's current copy (reload), back to it after asking (Clear), or back to
 * the copy loaded on this visit (discarding a restored draft): the ways an editor drops its unsaved edits.
 */
function useDocumentReset<T extends RevisedDocument>(
  source: DocumentSource<T>,
  heldEntries: HeldEntries,
  dirty: boolean,
  setWorking: SetWorking<T>,
  setEntriesRestored: (restored: boolean) => void,
) {
  const { queryKey, draftName } = source;
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);

  /** Replaces the working copy with the server's current copy (no question asked: callers ask first). */
  const reload = useCallback(async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ queryKey, queryFn: source.load, staleTime: 0 });
      removeDraft(draftName);
      heldEntries.clear();
      setEntriesRestored(false);
      setWorking((current) => ({
        base: fresh.document,
        doc: fresh.document,
        restored: false,
        conflict: null,
        generation: (current?.generation ?? 0) + 1,
        state: fresh.state,
        seoDefaults: fresh.seoDefaults,
      }));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  }, [queryClient, queryKey, source.load, draftName, heldEntries, setEntriesRestored, setWorking]);

  /** Clear (spec 000 §2): back to the saved copy, after asking if there are unsaved edits. */
  const { confirm, dialog: confirmDialog } = useConfirm();
  const clear = useCallback(() => {
    void (async () => {
      if (
        dirty &&
        !(await confirm(SAVE_MESSAGES.discardEdits, {
          title: 'Discard your edits?',
          confirmLabel: 'Discard edits',
          danger: true,
        }))
      )
        return;
      await reload();
    })();
  }, [confirm, dirty, reload]);

  /** The restored draft is thrown away: back to the server copy loaded on this visit. */
  const discardDraft = useCallback(() => {
    removeDraft(draftName);
    heldEntries.clear();
    setEntriesRestored(false);
    setWorking((current) =>
      current ? { ...current, doc: current.base, restored: false, generation: current.generation + 1 } : current,
    );
  }, [draftName, heldEntries, setEntriesRestored, setWorking]);

  return { reloading, reload, clear, discardDraft, confirmDialog };
}

/**
 * Cancels the page's waiting schedule (the question is the caller's): that revision stays as a draft. It shares
 * `action` with the saves, so that only one of them is on its way at a time.
 */
function useUnschedule<T extends RevisedDocument>(
  source: DocumentSource<T>,
  latest: RefObject<Working<T> | null>,
  action: PublishingAction | null,
  setAction: (action: PublishingAction | null) => void,
  setWorking: SetWorking<T>,
) {
  return useCallback(async (): Promise<boolean> => {
    const current = latest.current;
    const waiting = current ? waitingSchedule(current.state, current.base.revision) : null;
    if (!current || !waiting || action) return false;
    setAction('unschedule');
    try {
      const answer = await (source.unschedule ?? ((revision: number) => unscheduleCall(source.routing, revision)))(
        waiting.revision,
      );
      if (answer?.message !== 'Success') {
        notify.error(saveAnswerMessage(typeof answer?.message === 'string' ? answer.message : ''));
        return false;
      }
      setWorking((now) =>
        now ? { ...now, state: stateAfterUnschedule(now.state, now.base.revision, waiting.revision) } : now,
      );
      notify.success(PUBLISH_TOASTS.unscheduled(waiting), 'Schedule cancelled');
      return true;
    } catch (error) {
      notify.error(saveFailureMessage(error));
      return false;
    } finally {
      setAction(null);
    }
  }, [action, source, latest, setAction, setWorking]);
}

/**
 * Publish, Save draft, Schedule and Unschedule: each sends the working copy (or cancels the schedule) and takes the
 * answer into the saved copy, where the page stands and a toast. One at a time: `action` says which is on its way.
 * A save refused about one field leaves it in `refusal`; `pointTo` marks a field the same way, with no sentence.
 */
function useDocumentSaving<T extends RevisedDocument>(
  source: DocumentSource<T>,
  options: DocumentOptions<T>,
  latest: RefObject<Working<T> | null>,
  setWorking: SetWorking<T>,
  setEntriesRestored: (restored: boolean) => void,
) {
  const { queryKey, prepare } = source;
  const queryClient = useQueryClient();
  const [action, setAction] = useState<PublishingAction | null>(null);
  /** The field the last save was refused about, marked in the editor until the next save. */
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);

  /** Whether the working copy may be saved: false (with an 'Oops' toast) when a field rule refuses it. */
  const checkBeforeSave = useCallback((): boolean => {
    const current = latest.current;
    if (!current) return false;
    const problem = options.beforeSave?.(prepare ? prepare(current.doc) : current.doc) ?? null;
    if (problem) notify.error(problem, 'Oops');
    return problem === null;
  }, [options, prepare, latest]);

  /**
   * Sends the working copy with `publish` and takes the answer: the saved copy, the page's new state and the
   * toast that says what happened. A 400 is given back to the caller to show (the schedule dialog does).
   */
  const send = useCallback(
    async (publish: Publish, kind: PublishingAction): Promise<SaveOutcome> => {
      const current = latest.current;
      if (!current || action) return { saved: false, refusal: null };
      if (!checkBeforeSave()) return { saved: false, refusal: null };
      const sent = prepare ? prepare(current.doc) : current.doc;
      setAction(kind);
      setRefusal(null);
      try {
        const answer = await source.save(sent, publish);
        const message = typeof answer?.message === 'string' ? answer.message : '';
        if (message !== 'Success') {
          notify.error(saveAnswerMessage(message));
          return { saved: false, refusal: null };
        }
        const before = latest.current?.state ?? current.state;
        const { revision, saved, unscheduled, state } = readSaveAnswer(answer, publish, sent, before);
        queryClient.setQueryData(queryKey, { document: saved, state, seoDefaults: current.seoDefaults });
        setEntriesRestored(false);
        // Edits made while the save was on its way stay, now based on the new revision.
        setWorking((now) => {
          if (!now) return now;
          const kept = prepare ? prepare(now.doc) : now.doc;
          return { ...now, base: saved, doc: { ...kept, revision } as T, restored: false, conflict: null, state };
        });
        notifySaved(state, unscheduled);
        return { saved: true };
      } catch (error) {
        return takeSaveFailure(error, kind, setWorking, setRefusal);
      } finally {
        setAction(null);
      }
    },
    [action, checkBeforeSave, prepare, source, queryClient, queryKey, latest, setEntriesRestored, setWorking],
  );

  /** Publish (the spec's Save): the working copy goes live at once; a waiting schedule is cancelled. */
  const publish = useCallback(() => send('now', 'now'), [send]);
  /** Save draft: stored as the newest revision, nothing public changes. */
  const saveDraft = useCallback(() => send('draft', 'draft'), [send]);
  /** Schedule: the working copy goes live at `publishAt` (UTC ISO 8601). */
  const schedule = useCallback((publishAt: string) => send(publishAt, 'schedule'), [send]);
  const unschedule = useUnschedule(source, latest, action, setAction, setWorking);
  const pointTo = useCallback((path: string) => setRefusal({ path, message: '', at: Date.now() }), []);

  return { action, refusal, checkBeforeSave, publish, saveDraft, schedule, unschedule, pointTo };
}

/**
 * A page's content document in an editor: loaded once per visit, edited as a local working copy, kept as a
 * draft in localStorage until saved or discarded, and saved with the spec's messages (spec 000 §8). A save
 * that finds the page changed since it was loaded (409) keeps the edits and offers to reload the saved copy.
 * A save publishes the working copy, stores it as a draft, or schedules it (docs/design.md §19); where the page
 * stands (`state`) follows each answer without a reload.
 */
export function useEditableDocument<T extends RevisedDocument>(
  source: DocumentSource<T>,
  options: DocumentOptions<T> = {},
) {
  const { queryKey, draftName } = source;
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
  /** What the list editors' entry forms hold typed but not added, kept beside the draft (docs/design.md §34). */
  const [heldEntries] = useState(() => new HeldEntries(draftName));
  const holdsEntries = useSyncExternalStore(heldEntries.subscribe, heldEntries.holding);
  /** Entries held from an earlier visit are on screen (the restored notice offers to discard them). */
  const [entriesRestored, setEntriesRestored] = useState(heldEntries.restored);
  useEffect(() => {
    heldEntries.setOpen(true);
    return () => heldEntries.setOpen(false);
  }, [heldEntries]);

  // The first copy from the server becomes the working copy, or the draft of an earlier visit if there is one.
  if (working === null && query.data) {
    const { document: server, state, seoDefaults } = query.data;
    const draft = readDraft<T>(draftName);
    const useDraft = draft !== null && !same(draft.document, server);
    const doc = useDraft ? ({ ...draft.document, revision: draft.revision } as T) : server;
    setWorking({ base: server, doc, restored: useDraft, conflict: null, generation: 0, state, seoDefaults });
  }

  const dirty = useMemo(() => (working ? !same(working.base, working.doc) : false), [working]);
  const latest = useRef(working);
  latest.current = working;
  /** Whether the working copy differs from the saved one now (after an entry was just added, before `dirty` caught up). */
  const isDirty = useCallback(() => (latest.current ? !same(latest.current.base, latest.current.doc) : false), []);

  // The draft follows every change; a working copy equal to the server copy needs none.
  useEffect(() => {
    if (!working) return;
    if (dirty) writeDraft(draftName, working.doc.revision, working.doc);
    else removeDraft(draftName);
  }, [working, dirty, draftName]);

  const update = useCallback((recipe: (doc: T) => T) => {
    setWorking((current) => (current ? { ...current, doc: recipe(current.doc) } : current));
  }, []);

  const { reloading, reload, clear, discardDraft, confirmDialog } = useDocumentReset(
    source,
    heldEntries,
    dirty,
    setWorking,
    setEntriesRestored,
  );
  const { action, refusal, checkBeforeSave, publish, saveDraft, schedule, unschedule, pointTo } = useDocumentSaving(
    source,
    options,
    latest,
    setWorking,
    setEntriesRestored,
  );
  const toSend = useCallback((doc: T) => (source.prepare ? source.prepare(doc) : doc), [source]);

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
    isDirty,
    /** The entry forms' typing not added yet, kept in this browser (the list editors take theirs back). */
    heldEntries,
    /** Some entry form holds an entry not added: leaving asks first, as for unsaved changes. */
    holdsEntries,
    /** A save or an unschedule is on its way. */
    saving: action !== null,
    /** Which one. */
    action,
    reloading,
    /** Unsaved edits of an earlier visit are on screen: the working copy, or an entry typed but not added. */
    restoredDraft: (working?.restored ?? false) || (entriesRestored && holdsEntries),
    conflict: working?.conflict ?? null,
    /** The field the last save was refused about ({message, field}), or null. */
    refusal,
    /** Where the page stands: the saved copy's status, the revision visitors see, a waiting schedule. */
    publishing: working?.state ?? null,
    /** What the page shows while its seo fields are empty, and its public address (docs/design.md §20). */
    seoDefaults: working?.seoDefaults ?? NO_SEO_DEFAULTS,
    /** The page's routing name (the unschedule and preview calls). */
    routing: source.routing,
    /** What a save would send of a working copy (the preview renders it). */
    toSend,
    /**
     * Points the editor at a field (a click in the preview, a check's finding): it is marked like a refusal with no
     * sentence, so the same field finds its input, opens its list entry and takes the focus.
     */
    pointTo,
    update,
    checkBeforeSave,
    publish,
    saveDraft,
    schedule,
    unschedule,
    reload,
    clear,
    discardDraft,
    /** Clear's question: render it in the editor. */
    confirmDialog,
  };
}

export type EditableDocument<T extends RevisedDocument> = ReturnType<typeof useEditableDocument<T>>;
