import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/date-time';
import { notify } from '../toasts';
import { LoadFailure, LoadingStatus } from '../components/screen';
import { saveFailureMessage } from './save-messages';
import { useConfirm } from '../components/confirm-dialog';

export interface PageRevision {
  revision: number;
  savedBy: string;
  savedAt: string;
}

/** How a page's history is read and a revision restored: the twelve pages' calls or an Autowired page's. */
export interface HistoryCalls {
  /** The react-query key of the list. */
  key: readonly unknown[];
  list: () => Promise<{ revisions?: PageRevision[] } | null>;
  restore: (revision: number) => Promise<{ message?: unknown } | null>;
}

/** The history calls of one of the twelve content pages (DESIGN §6). */
export function contentPageHistory(routing: string): HistoryCalls {
  return {
    key: ['page-history', routing],
    list: () => api<{ revisions?: PageRevision[] }>(`/api/master/history/${routing}`),
    restore: (revision) => api<{ message?: unknown } | null>(`/api/master/restore/${routing}`, { revision }),
  };
}


/**
 * The page's saved revisions, newest first, with who saved each and when (DESIGN §6). Restoring one saves it
 * again as a new revision; the editor then reloads the saved copy.
 */
export function HistoryPanel({
  calls,
  currentRevision,
  dirty,
  onRestored,
  onClose,
}: {
  calls: HistoryCalls;
  currentRevision: number | null;
  dirty: boolean;
  onRestored: () => Promise<void>;
  onClose: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const history = useQuery({
    queryKey: calls.key,
    queryFn: calls.list,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => headingRef.current?.focus(), []);

  const restore = async (revision: number) => {
    const question = dirty
      ? `Restore revision ${revision}? It becomes the page's newest revision, and your unsaved edits are discarded.`
      : `Restore revision ${revision}? It becomes the page's newest revision.`;
    if (!(await confirm(question, { title: `Restore revision ${revision}?`, confirmLabel: 'Restore' }))) return;
    setRestoring(revision);
    try {
      const answer = await calls.restore(revision);
      if (answer?.message !== 'Success') {
        notify.error(typeof answer?.message === 'string' && answer.message ? answer.message : 'Something went wrong');
        return;
      }
      notify.success(`Revision ${revision} restored.`);
      await onRestored();
      await history.refetch();
    } catch (error) {
      notify.error(saveFailureMessage(error));
    } finally {
      setRestoring(null);
    }
  };

  const revisions = history.data?.revisions ?? [];
  return (
    <section className="app-panel history-panel" aria-labelledby={headingId}>
      <div className="history-panel__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="editor-block__title">
          History
        </h2>
        <button type="button" className="button button--outline" onClick={onClose}>
          Close history
        </button>
      </div>
      {history.isPending ? (
        <LoadingStatus inline label="Loading the history…" />
      ) : history.isError ? (
        <LoadFailure inline message={errorMessage(history.error)} onRetry={() => void history.refetch()} />
      ) : revisions.length === 0 ? (
        <p>No saved revisions yet.</p>
      ) : (
        <ol className="history-list">
          {revisions.map((entry) => (
            <li key={entry.revision} className="history-list__item">
              <div className="history-list__text">
                <span>
                  <strong>Revision {entry.revision}</strong>
                  {entry.revision === currentRevision ? <span className="history-list__current"> (current)</span> : null}
                </span>
                <span className="history-list__meta">
                  saved by {entry.savedBy || 'unknown'} on <time dateTime={entry.savedAt}>{formatDateTime(entry.savedAt)}</time>
                </span>
              </div>
              {entry.revision !== currentRevision ? (
                <button
                  type="button"
                  className="button button--outline"
                  aria-label={`Restore revision ${entry.revision}`}
                  disabled={restoring !== null}
                  aria-busy={restoring === entry.revision || undefined}
                  onClick={() => void restore(entry.revision)}
                >
                  Restore
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {dialog}
    </section>
  );
}
