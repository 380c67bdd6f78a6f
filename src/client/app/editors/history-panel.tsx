import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/date-time';
import { notify } from '../toasts';
import { LoadFailure, LoadingStatus } from '../components/screen';
import { Field } from '../../components/field';
import { Refusal, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { saveFailureMessage } from './save-messages';
import { useConfirm } from '../components/confirm-dialog';
import { CompareView } from './compare-view';
import type { HistoryCalls, PageRevision } from './history-calls';

export type { HistoryCalls, PageHistory, PageRevision } from './history-calls';

/** A revision's status in words: published (and whether visitors see it now), a draft, or scheduled for a time. */
export function revisionStatusText(
  entry: Pick<PageRevision, 'revision' | 'status' | 'publishAt'>,
  published: number | null,
): string {
  switch (entry.status) {
    case 'published':
      return entry.revision === published ? 'Published, live now' : 'Published';
    case 'draft':
      return 'Draft';
    case 'scheduled':
      return entry.publishAt ? `Scheduled for ${formatDateTime(entry.publishAt)}` : 'Scheduled';
    case 'in_review':
      return 'Waiting for review';
    case 'failed':
      return 'Could not be published as scheduled';
    default:
      return '';
  }
}

interface RevisionPair {
  from: number;
  to: number;
}

/** The comparison of two revisions, loaded when shown; its heading takes the focus. */
function ComparisonSection({ calls, pair, onClose }: { calls: HistoryCalls; pair: RevisionPair; onClose: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const comparison = useQuery({
    queryKey: [...calls.key, 'compare', pair.from, pair.to],
    queryFn: () => calls.compare(pair.from, pair.to),
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => headingRef.current?.focus(), [pair.from, pair.to]);

  return (
    <section className="compare-panel" aria-labelledby={headingId}>
      <div className="compare-panel__head">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="compare-panel__title">
          Changes from revision {pair.from} to revision {pair.to}
        </h3>
        <button type="button" className="button button--outline" onClick={onClose}>
          Close comparison
        </button>
      </div>
      {comparison.isPending ? (
        <LoadingStatus inline label="Comparing the revisions…" />
      ) : comparison.isError ? (
        <LoadFailure inline message={errorMessage(comparison.error)} onRetry={() => void comparison.refetch()} />
      ) : (
        <CompareView comparison={comparison.data} labels={calls.labels} />
      )}
    </section>
  );
}

/** The two revisions of the comparison, as their selects hold them. */
interface PairValues {
  from: string;
  to: string;
}

/** One of the picker's selects: every revision listed, newest first. */
function RevisionSelect({
  id,
  name,
  label,
  revisions,
  error,
}: {
  id: string;
  name: keyof PairValues;
  label: string;
  revisions: PageRevision[];
  error?: string | undefined;
}) {
  const { register } = useFormContext<PairValues>();
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} className="field__input" {...register(name)}>
          {revisions.map((entry) => (
            <option key={entry.revision} value={entry.revision}>
              Revision {entry.revision}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The choice of any two revisions to compare: from one, to another. */
function ComparePicker({
  revisions,
  onCompare,
}: {
  revisions: PageRevision[];
  onCompare: (pair: RevisionPair) => void;
}) {
  const baseId = useId();
  const known = (value: string) => revisions.some((entry) => String(entry.revision) === value);
  const form = useStaffForm<PairValues>({
    // Newest first: by default the newest against the one before it.
    defaultValues: { from: String(revisions[1]?.revision ?? ''), to: String(revisions[0]?.revision ?? '') },
    submit: async ({ from, to }) => {
      // A pair that cannot be compared is said at To until the next Compare, whatever is chosen meanwhile.
      if (!known(from) || !known(to)) throw new Refusal('Choose two of the revisions listed.');
      if (from === to) throw new Refusal('Choose two different revisions: a revision has no changes from itself.');
      onCompare({ from: Number(from), to: Number(to) });
    },
  });

  return (
    // No look of its own (the fieldset has the picker's).
    <StaffForm form={form} className="">
      <fieldset className="compare-picker">
        <legend className="compare-picker__legend">Compare two revisions</legend>
        <RevisionSelect id={`${baseId}-from`} name="from" label="From revision" revisions={revisions} />
        <RevisionSelect
          id={`${baseId}-to`}
          name="to"
          label="To revision"
          revisions={revisions}
          error={form.refusal ?? undefined}
        />
        <SubmitButton busy={form.busy} className="button button--outline">
          Compare
        </SubmitButton>
      </fieldset>
    </StaffForm>
  );
}

/**
 * The page's saved revisions, newest first, with who saved each and when and its status (docs/design.md §6, §19).
 * Restoring one saves it again as a new revision; the editor then reloads the saved copy. Compare shows a
 * revision's changes from the one before it, or from any revision chosen to any other.
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
  const [pair, setPair] = useState<RevisionPair | null>(null);
  const opener = useRef<HTMLElement | null>(null);
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

  const openComparison = (next: RevisionPair) => {
    // Closing the comparison gives the focus back to what opened it.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPair(next);
  };
  const closeComparison = () => {
    setPair(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    else headingRef.current?.focus();
  };

  const revisions = history.data?.revisions ?? [];
  const published = history.data?.published ?? null;
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
        <>
          <ol className="history-list">
            {revisions.map((entry, index) => {
              const status = revisionStatusText(entry, published);
              const previous = revisions[index + 1];
              return (
                <li key={entry.revision} className="history-list__item">
                  <div className="history-list__text">
                    <span>
                      <strong>Revision {entry.revision}</strong>
                      {entry.revision === currentRevision ? (
                        <span className="history-list__current"> (current)</span>
                      ) : null}
                      {status ? (
                        <>
                          {' · '}
                          <span
                            className={`history-list__status history-list__status--${entry.revision === published ? 'live' : entry.status}`}
                          >
                            {status}
                          </span>
                        </>
                      ) : null}
                    </span>
                    <span className="history-list__meta">
                      saved by {entry.savedBy || 'unknown'} on{' '}
                      <time dateTime={entry.savedAt}>{formatDateTime(entry.savedAt)}</time>
                    </span>
                  </div>
                  <div className="history-list__actions">
                    {previous ? (
                      <button
                        type="button"
                        className="button button--outline"
                        aria-label={`Compare revision ${entry.revision} with revision ${previous.revision}`}
                        onClick={() => openComparison({ from: previous.revision, to: entry.revision })}
                      >
                        Compare
                      </button>
                    ) : null}
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
                  </div>
                </li>
              );
            })}
          </ol>
          {revisions.length > 1 ? <ComparePicker revisions={revisions} onCompare={openComparison} /> : null}
          {pair ? (
            <ComparisonSection key={`${pair.from}-${pair.to}`} calls={calls} pair={pair} onClose={closeComparison} />
          ) : null}
        </>
      )}
      {dialog}
    </section>
  );
}
