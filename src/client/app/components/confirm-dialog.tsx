import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import '../../styles/data-table.css';

export interface ConfirmOptions {
  /** The heading of the dialog; the question is its text. */
  title?: string;
  /** The button that says yes, in the action's words ("Delete", "Deactivate"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive yes gets the danger colour. */
  danger?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  question: string;
  /** Called once, when the dialog has closed: true for the yes button, false for Cancel or Escape. */
  onClose: (confirmed: boolean) => void;
}

const CONFIRMED = 'confirm';

/**
 * A modal confirmation on the native `<dialog>` opened with showModal(): the browser keeps the focus inside
 * it and makes the rest of the page inert; Escape cancels. The focus starts on Cancel, the answer that
 * changes nothing. It is open while it is mounted.
 */
export function ConfirmDialog({ question, title = 'Please confirm', confirmLabel = 'OK', cancelLabel = 'Cancel', danger = false, onClose }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const questionId = useId();
  const closed = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const finish = (confirmed: boolean) => {
    const dialog = ref.current;
    if (dialog?.open) dialog.close(confirmed ? CONFIRMED : '');
    if (closed.current) return;
    closed.current = true;
    onClose(confirmed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // The browser cancels on Escape too; answering here keeps one path (and works where it does not).
    if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={questionId}
      onKeyDown={onKeyDown}
      // Closed another way (the browser's own cancel): that is a no.
      onCancel={(event) => {
        event.preventDefault();
        finish(false);
      }}
      onClose={() => finish(ref.current?.returnValue === CONFIRMED)}
    >
      <h2 className="confirm-dialog__title" id={titleId}>
        {title}
      </h2>
      <p className="confirm-dialog__question" id={questionId}>
        {question}
      </p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--outline confirm-dialog__button" onClick={() => finish(false)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button confirm-dialog__button confirm-dialog__button--danger' : 'button confirm-dialog__button'}
          onClick={() => finish(true)}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

interface Pending {
  id: number;
  question: string;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
  /** Where the focus was when the question was asked: it goes back there. */
  opener: HTMLElement | null;
}

/**
 * `const { confirm, dialog } = useConfirm()`: `await confirm(question)` opens a modal dialog and resolves
 * true (the yes button) or false (Cancel, Escape); render `dialog` anywhere in the component. The focus goes
 * back to what had it (the button that asked) when the dialog closes.
 */
export function useConfirm(): { confirm: (question: string, options?: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const questions = useRef(0);

  const confirm = useCallback(
    (question: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        // One question at a time: a new one answers an open one with no.
        current.current?.resolve(false);
        const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
        questions.current += 1;
        const next = { id: questions.current, question, options, resolve, opener };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const answer = useCallback((asked: Pending, confirmed: boolean) => {
    if (current.current !== asked) return;
    current.current = null;
    setPending(null);
    // The dialog is closed by now, so the page is no longer inert and can take the focus back.
    if (asked.opener?.isConnected) asked.opener.focus();
    asked.resolve(confirmed);
  }, []);

  // A screen that goes away while asking answers no.
  useEffect(
    () => () => {
      current.current?.resolve(false);
      current.current = null;
    },
    [],
  );

  const dialog = pending ? <ConfirmDialog key={pending.id} question={pending.question} {...pending.options} onClose={(confirmed) => answer(pending, confirmed)} /> : null;
  return { confirm, dialog };
}
