import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import type { Release, ReleaseItem } from '../../../../core/schemas/release';
import { errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { useDetailDialog } from '../../components/modal-dialog';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import {
  namedPage,
  useDeleteRelease,
  useReleases,
  useRevertRelease,
  useSaveRelease,
  useUnscheduleRelease,
} from './api';
import { ReleaseEntry, type ReleaseAction, type ReleaseProblem } from './release-entry';
import type { PublishMode } from './publish-dialog';
import { pageKey, revertWords, sortReleases } from './release-words';
import '../../../styles/releases.css';

// The dialogs are their own chunks, loaded when first opened: the publish dialog brings the checks' protocol and the
// moment's fields, the form the pages' reads.
const ReleaseForm = lazy(() => import('./release-form').then((module) => ({ default: module.ReleaseForm })));
const PublishDialog = lazy(() => import('./publish-dialog').then((module) => ({ default: module.PublishDialog })));

/** What the screen says when there is no release. */
export const NO_RELEASES = 'No releases yet. New release puts pages that go live together in one.';

/** How many releases, in a sentence (the focus comes here once a dialog's release is gone from where it was). */
export const releasesSentence = (items: readonly Release[]) => {
  if (items.length === 0) return NO_RELEASES;
  const waiting = items.filter((item) => item.status !== 'published' && item.status !== 'reverted').length;
  const all = `${items.length} ${items.length === 1 ? 'release' : 'releases'}`;
  return waiting === 0 ? `${all}, each published or reverted.` : `${all}; ${waiting} not live yet, listed first.`;
};

type Dialog = { kind: 'form'; release: Release | null } | { kind: 'publish'; release: Release; mode: PublishMode };

/** Revert, Delete, Cancel schedule and Use newest: each asked first where it changes what visitors see or loses a release. */
function useReleaseActions(setProblem: (problem: ReleaseProblem | null) => void) {
  const { confirm, dialog } = useConfirm();
  const revert = useRevertRelease();
  const remove = useDeleteRelease();
  const unschedule = useUnscheduleRelease();
  const save = useSaveRelease();
  const busy = revert.isPending || remove.isPending || unschedule.isPending || save.isPending;

  const run = async (release: Release, call: () => Promise<{ message: string }>) => {
    try {
      notify.success((await call()).message);
      setProblem(null);
    } catch (error) {
      const page = namedPage(error);
      const message = errorMessage(error, 'The release could not be changed.');
      setProblem({ id: release.id, message, page: page ? pageKey(page) : null });
      notify.error(message);
    }
  };

  const act = async (release: Release, action: 'revert' | 'delete' | 'unschedule') => {
    if (action === 'revert') {
      const yes = await confirm(revertWords(release), {
        title: `Revert ${release.name}?`,
        confirmLabel: 'Revert',
        danger: true,
      });
      if (yes) await run(release, () => revert.mutateAsync(release.id));
    } else if (action === 'delete') {
      const yes = await confirm(`Delete the release ${release.name}? Its pages and their revisions stay as they are.`, {
        title: `Delete ${release.name}?`,
        confirmLabel: 'Delete',
        danger: true,
      });
      if (yes) await run(release, () => remove.mutateAsync(release.id));
    } else {
      await run(release, () => unschedule.mutateAsync(release.id));
    }
  };

  /** Saves the release again with the page's newest revision in place of the one it held. */
  const useNewest = (release: Release, item: ReleaseItem) =>
    run(release, () =>
      save.mutateAsync({
        id: release.id,
        name: release.name,
        items: release.items.map((other) => ({
          routing: other.routing,
          locale: other.locale,
          revision: other === item && other.newest !== null ? other.newest : other.revision,
        })),
      }),
    );

  return { act, useNewest, busy, dialog };
}

/**
 * releases (docs/design.md §32): named sets of page revisions (a page in a language each) that go live together, now or
 * at a time, all or none, and come back together with Revert. Open, failed and scheduled releases first; each with its
 * status, its time, its pages (a page changed since it was added marked, with Use newest) and what its status allows.
 */
export default function ReleasesScreen() {
  const releases = useReleases();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const focusSummary = useCallback(() => summaryRef.current?.focus(), []);
  const { detail: dialog, openDetail, closeDetail } = useDetailDialog<Dialog>(focusSummary);
  const [problem, setProblem] = useState<ReleaseProblem | null>(null);
  const actions = useReleaseActions(setProblem);

  const onAction = (release: Release, action: ReleaseAction) => {
    if (action === 'edit') openDetail({ kind: 'form', release });
    else if (action === 'publish') openDetail({ kind: 'publish', release, mode: 'now' });
    else if (action === 'schedule' || action === 'move') openDetail({ kind: 'publish', release, mode: action });
    else void actions.act(release, action);
  };

  const items = releases.data;
  return (
    <Screen
      title="Releases"
      lead="Pages that go live together: a release holds pages (and translations) at a revision each, published now or at a time, all of them or none. Revert puts back what visitors saw before."
      actions={
        <div className="screen-actions">
          <button type="button" className="button" onClick={() => openDetail({ kind: 'form', release: null })}>
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            New release
          </button>
          <BackToHomeLink />
        </div>
      }
    >
      {items === undefined ? (
        releases.isError ? (
          <LoadFailure
            inline
            message={errorMessage(releases.error, 'The releases could not be loaded.')}
            onRetry={() => void releases.refetch()}
          />
        ) : (
          <LoadingStatus inline label="Loading the releases…" />
        )
      ) : (
        <>
          <p ref={summaryRef} className="releases-summary" tabIndex={-1}>
            {releasesSentence(items)}
          </p>
          {items.length > 0 ? (
            <ul className="releases-list">
              {sortReleases(items).map((release) => (
                <ReleaseEntry
                  key={release.id}
                  release={release}
                  problem={problem?.id === release.id ? problem : null}
                  busy={actions.busy}
                  onAction={(action) => onAction(release, action)}
                  onUseNewest={(item) => void actions.useNewest(release, item)}
                />
              ))}
            </ul>
          ) : null}
        </>
      )}
      <Suspense fallback={<LoadingStatus inline label="Opening…" />}>
        {dialog?.kind === 'form' ? (
          <ReleaseForm
            release={dialog.release}
            onClose={() => closeDetail()}
            onSaved={() => {
              setProblem(null);
              closeDetail(dialog.release === null);
            }}
          />
        ) : null}
        {dialog?.kind === 'publish' ? (
          <PublishDialog
            release={dialog.release}
            mode={dialog.mode}
            onClose={() => closeDetail()}
            onDone={() => closeDetail(true)}
            onNamed={(refusal) =>
              setProblem(
                refusal ? { id: dialog.release.id, message: refusal.message, page: pageKey(refusal.page) } : null,
              )
            }
          />
        ) : null}
      </Suspense>
      {actions.dialog}
    </Screen>
  );
}
