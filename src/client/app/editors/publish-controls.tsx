import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { Scheduled } from '../../../core/schemas/revision';
import { formatDateTime } from '../lib/date-time';
import { useSession } from '../lib/api';
import { notify } from '../toasts';
import { useConfirm } from '../components/confirm-dialog';
import { useUnsentEntries } from './entry-forms';
import type { EditableDocument, PublishingAction, RevisedDocument } from './page-document';
import { describeState, publishQuestion, reviewQuestion, waitingSchedule } from './publishing-state';
import type { PublishingState } from './publishing-state';
import { PUBLISH_TOASTS } from './save-messages';
// The schedule dialog is a chunk of its own, loaded when Schedule… is pressed.
const ScheduleDialog = lazy(() => import('./schedule-dialog').then((module) => ({ default: module.ScheduleDialog })));

export interface PublishControlsProps<T extends RevisedDocument> {
  editor: EditableDocument<T>;
  /** The publish button's words: the spec's 'Save' or 'Save All' (spec 000 §2), so that its users find it. */
  saveLabel: string;
  /** The page's preview address (`/preview/Home1`), or null when it has no public page to preview. */
  previewHref: string | null;
  /** More buttons after the publishing ones (View Page, History). */
  children?: ReactNode;
}

/**
 * The publishing part of an editor's action bar (docs/design.md §19): where the page stands, and Save draft, Preview,
 * Publish (under the spec's Save label), Schedule… and Unschedule. Publishing and unscheduling ask first,
 * saying what will happen; the schedule dialog asks for the moment. Each of them first asks about an entry
 * typed into a list's form but not added (Add it / Discard it / Stay, docs/design.md §24), so none is dropped unseen.
 */
export function PublishControls<T extends RevisedDocument>({
  editor,
  saveLabel,
  previewHref,
  children,
}: PublishControlsProps<T>) {
  const { confirm, dialog } = useConfirm();
  const { settleUnsentEntries, dialog: unsentDialog } = useUnsentEntries();
  const [scheduling, setScheduling] = useState(false);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const publishHintId = useId();
  // A member of a group that publishes through review asks for it instead (docs/design.md §32; the server decides).
  const review = useSession().data?.user?.publishesByReview === true;
  const state = editor.publishing;
  const newest = editor.revision;
  if (state === null || newest === null) return null;

  const { headline, details } = describeState(state, newest, editor.dirty);
  const waiting = waitingSchedule(state, newest);
  const busy = editor.saving;

  // While a save is on its way the buttons stay (a disabled button would drop the focus) but do nothing.
  const saveDraft = async () => {
    if (busy) return;
    if (!(await settleUnsentEntries())) return;
    if (!editor.isDirty()) {
      notify.success(PUBLISH_TOASTS.nothingToSave, 'Nothing to save');
      return;
    }
    await editor.saveDraft();
  };

  const publish = async () => {
    if (busy) return;
    if (!(await settleUnsentEntries())) return;
    const question = publishQuestion(state, newest, editor.isDirty());
    if (question === null) {
      notify.success(PUBLISH_TOASTS.nothingToPublish(state.published), 'Nothing to publish');
      return;
    }
    if (!editor.checkBeforeSave()) return;
    const asked = review
      ? confirm(reviewQuestion(state, editor.isDirty()), { title: 'Ask for review?', confirmLabel: 'Ask for review' })
      : confirm(question, { title: 'Publish now?', confirmLabel: 'Publish' });
    if (!(await asked)) return;
    await editor.publish();
  };

  const openPreview = async () => {
    if (!previewHref || busy) return;
    if (!(await settleUnsentEntries())) return;
    await previewAfterSaving(editor, previewHref);
  };

  const openSchedule = async () => {
    if (busy) return;
    if (!(await settleUnsentEntries())) return;
    if (!editor.isDirty() && state.status === 'published') {
      notify.success(PUBLISH_TOASTS.nothingToSchedule(state.published), 'Nothing to schedule');
      return;
    }
    if (!editor.checkBeforeSave()) return;
    setScheduling(true);
  };

  const unschedule = async () => {
    if (!waiting || busy) return;
    if (
      !(await confirm(unscheduleQuestion(state, waiting), {
        title: 'Cancel the schedule?',
        confirmLabel: 'Unschedule',
        cancelLabel: 'Keep the schedule',
      }))
    )
      return;
    await editor.unschedule();
  };

  return (
    <>
      <PublishState headline={headline} details={details} />
      <PublishButtons
        action={editor.action}
        saveLabel={review ? 'Ask for review' : saveLabel}
        review={review}
        publishHintId={publishHintId}
        scheduleButton={scheduleButton}
        onSaveDraft={() => void saveDraft()}
        onPreview={previewHref ? () => void openPreview() : null}
        onPublish={() => void publish()}
        onSchedule={() => void openSchedule()}
        onUnschedule={waiting ? () => void unschedule() : null}
      >
        {children}
      </PublishButtons>
      {scheduling ? (
        <Suspense fallback={null}>
          <ScheduleDialog
            waiting={waiting}
            dirty={editor.dirty}
            onSchedule={editor.schedule}
            onClose={() => {
              setScheduling(false);
              scheduleButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {dialog}
      {unsentDialog}
    </>
  );
}

/**
 * Opens the page's preview in a new tab. Unsaved edits are saved as a draft first, since the preview shows the
 * newest saved revision; if that save fails, no preview opens.
 */
async function previewAfterSaving<T extends RevisedDocument>(editor: EditableDocument<T>, previewHref: string) {
  if (!editor.isDirty()) {
    window.open(previewHref, '_blank', 'noopener');
    return;
  }
  // The tab is opened now, while the click still counts as the user's (a tab opened after the save's answer
  // would meet the popup blocker), and sent to the preview once the draft is saved.
  const tab = window.open('about:blank', '_blank');
  const outcome = await editor.saveDraft();
  if (!outcome.saved) {
    tab?.close();
    return;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = previewHref;
  } else {
    window.open(previewHref, '_blank', 'noopener');
  }
}

/** What Unschedule asks: the waiting revision stays a draft, and what visitors see meanwhile. */
function unscheduleQuestion(state: PublishingState, waiting: Scheduled): string {
  const stays =
    state.published === null
      ? 'Nothing is published until you publish again.'
      : `Visitors keep seeing revision ${state.published}.`;
  return `Revision ${waiting.revision} will not be published on ${formatDateTime(waiting.publishAt)}: it stays saved as a draft. ${stays}`;
}

/** Where the page stands, in a headline and its details; a status, so that a change is announced. */
function PublishState({ headline, details }: { headline: string; details: readonly string[] }) {
  return (
    <p className="editor-actions__state publish-state" role="status">
      <strong className="publish-state__headline">{headline}</strong>
      {details.map((detail) => (
        <span key={detail} className="publish-state__detail">
          {detail}
        </span>
      ))}
    </p>
  );
}

/**
 * The publishing buttons: Save draft, Preview (when the page has one), Publish under the spec's Save label,
 * Schedule… and Unschedule (when a schedule waits), then the editor's own buttons. The one on its way is busy.
 */
function PublishButtons({
  action,
  saveLabel,
  review,
  publishHintId,
  scheduleButton,
  onSaveDraft,
  onPreview,
  onPublish,
  onSchedule,
  onUnschedule,
  children,
}: {
  action: PublishingAction | null;
  saveLabel: string;
  /** Publish and Schedule ask for review (docs/design.md §32). */
  review: boolean;
  publishHintId: string;
  /** Schedule…, which takes the focus back when the schedule dialog closes. */
  scheduleButton: RefObject<HTMLButtonElement | null>;
  onSaveDraft: () => void;
  /** Null: the page has no preview, and no Preview button. */
  onPreview: (() => void) | null;
  onPublish: () => void;
  onSchedule: () => void;
  /** Null: no schedule waits, and no Unschedule button. */
  onUnschedule: (() => void) | null;
  children?: ReactNode;
}) {
  return (
    <div className="editor-actions__buttons">
      <button
        type="button"
        className="button button--outline"
        onClick={onSaveDraft}
        aria-busy={action === 'draft' || undefined}
      >
        Save draft
      </button>
      {onPreview ? (
        <button type="button" className="button button--outline" onClick={onPreview}>
          Preview<span className="visually-hidden"> (opens in a new tab)</span>
        </button>
      ) : null}
      <button
        type="button"
        className="button"
        onClick={onPublish}
        aria-describedby={publishHintId}
        aria-busy={action === 'now' || undefined}
      >
        {saveLabel}
      </button>
      <span id={publishHintId} className="visually-hidden">
        {review
          ? 'Someone else who may publish the page approves it first.'
          : 'Publishes the page: visitors see it at once.'}
      </span>
      <button
        ref={scheduleButton}
        type="button"
        className="button button--outline"
        onClick={onSchedule}
        aria-haspopup="dialog"
        aria-busy={action === 'schedule' || undefined}
      >
        {review ? 'Ask for review at a time…' : 'Schedule…'}
      </button>
      {onUnschedule ? (
        <button
          type="button"
          className="button button--outline"
          onClick={onUnschedule}
          aria-busy={action === 'unschedule' || undefined}
        >
          Unschedule
        </button>
      ) : null}
      {children}
    </div>
  );
}
