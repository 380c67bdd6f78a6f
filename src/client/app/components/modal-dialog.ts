import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';

/**
 * A detail shown in a modal <dialog> (an enquiry, an audit entry): opened as modal when mounted, focus on its
 * Close button, Escape and the browser's cancel both close it through `onClose`. Spread `dialogProps` on the
 * <dialog> and give `closeButton` to its Close button.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    closeButton.current?.focus();
  }, []);

  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  return {
    closeButton,
    dialogProps: {
      ref,
      // The browser cancels on Escape; answering the key here too keeps one path (and works where it does not).
      onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
        if (event.key === 'Escape') cancel(event);
      },
      onCancel: cancel,
    },
  };
}
