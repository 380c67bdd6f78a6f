import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';

/**
 * The one way the staff app opens a modal <dialog> (a question, a record's detail, the schedule form): opened as
 * modal when mounted, the focus on `firstFocus` (the answer that changes nothing, a Close button, the first
 * input), Escape and the browser's cancel both close it through `onClose`. Spread `dialogProps` on the <dialog>.
 */
export function useModalDialog<F extends HTMLElement = HTMLButtonElement>(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const firstFocus = useRef<F>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    firstFocus.current?.focus();
  }, []);

  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  return {
    firstFocus,
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

/**
 * The record a list shows in its detail dialog, and the focus around it: opening remembers what had the focus
 * (the row's button), closing gives it back once the dialog has gone (while it is open the page behind is
 * inert), or to `fallback` (the list's start) when that element is gone or going (`openerGone`).
 */
export function useDetailDialog<T>(fallback: () => void) {
  const [detail, setDetail] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** Where the focus goes once the detail has closed (null: the fallback); undefined while nothing waits. */
  const focusAfter = useRef<HTMLElement | null | undefined>(undefined);

  // Stable, so that a screen may open a record from an effect (a link to it: use-record-link.ts).
  const openDetail = useCallback((record: T) => {
    opener.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null;
    setDetail(record);
  }, []);

  const closeDetail = useCallback((openerGone = false) => {
    focusAfter.current = openerGone ? null : opener.current;
    opener.current = null;
    setDetail(null);
  }, []);

  useEffect(() => {
    if (detail !== null || focusAfter.current === undefined) return;
    const target = focusAfter.current;
    focusAfter.current = undefined;
    if (target?.isConnected) target.focus();
    else fallback();
  }, [detail, fallback]);

  return { detail, setDetail, openDetail, closeDetail };
}
