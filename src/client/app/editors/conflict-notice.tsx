import { useConfirm } from '../components/confirm-dialog';

const RELOAD_QUESTION = 'Reload the page as it is saved now? Your unsaved edits will be discarded.';

/**
 * A save refused because someone else saved the page in between (409): the server's sentence, and Reload, which asks
 * first and then loads the saved copy, discarding the edits. A chunk of its own, loaded when a save is refused: an
 * editor's first screen (docs/design.md §26, ≤ 200 KB) does not carry what it shows only after a refusal.
 */
export default function ConflictNotice({
  conflict,
  reloading,
  reload,
}: {
  /** The refused save's message. */
  conflict: string;
  reloading: boolean;
  reload: () => Promise<void>;
}) {
  const { confirm, dialog } = useConfirm();
  const askReload = async () => {
    if (await confirm(RELOAD_QUESTION, { title: 'Reload the saved copy?', confirmLabel: 'Reload', danger: true }))
      await reload();
  };
  return (
    <>
      <div className="app-notice editor-notice editor-notice--conflict" role="alert">
        <p>
          <strong>{conflict}</strong>
        </p>
        <p>Your edits were not saved. Reload loads the saved copy and discards them.</p>
        <div className="app-actions">
          <button type="button" className="button" onClick={() => void askReload()} aria-busy={reloading || undefined}>
            Reload
          </button>
        </div>
      </div>
      {/* Outside the alert: the question is a dialog of its own, not more of what the alert reads out. */}
      {dialog}
    </>
  );
}
