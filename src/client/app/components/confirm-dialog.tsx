import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useQuestion } from './question-dialog';

export interface ConfirmOptions {
  /** The heading of the dialog; the question is its text. */
  title?: string;
  /** The button that says yes, in the action's words ("Delete", "Deactivate"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive yes gets the danger colour. */
  danger?: boolean;
  /** What goes with the yes, under the question (Question's `details`). */
  details?: ReactNode;
}

/**
 * `const { confirm, dialog } = useConfirm()`: `await confirm(question)` asks a yes-or-no question with the one
 * dialog hook (useQuestion) and resolves true (the yes button) or false (Cancel, Escape, the screen going away);
 * render `dialog` anywhere in the component. Cancel comes first and has the focus: the answer that changes
 * nothing. The focus goes back to what had it (the button that asked) when the dialog closes.
 */
export function useConfirm(): {
  confirm: (question: string, options?: ConfirmOptions) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { ask, dialog } = useQuestion();
  const confirm = useCallback(
    async (
      question: string,
      {
        title = 'Please confirm',
        confirmLabel = 'OK',
        cancelLabel = 'Cancel',
        danger = false,
        details,
      }: ConfirmOptions = {},
    ) =>
      (await ask({
        title,
        question,
        details,
        answers: [
          { value: 'no', label: cancelLabel, look: 'outline' },
          { value: 'yes', label: confirmLabel, look: danger ? 'danger' : 'primary' },
        ],
        dismissed: 'no',
      })) === 'yes',
    [ask],
  );
  return { confirm, dialog };
}
