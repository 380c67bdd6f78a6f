import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useModalDialog } from './modal-dialog';
import '../../styles/data-table.css';

/** One button of a question: the answer it gives and its words. */
export interface QuestionAnswer<A extends string> {
  value: A;
  label: string;
  /** 'outline' for answers that change nothing or little, 'primary' for the yes, 'danger' for a destructive yes. */
  look?: 'outline' | 'primary' | 'danger';
}

/** A question asked in a modal dialog. */
export interface Question<A extends string> {
  title: string;
  question: string;
  /**
   * What goes with the yes, between the question and the buttons (a choice the caller reads once answered,
   * such as where a deactivated page's visitors go). It keeps its own state; nothing of it is the answer.
   */
  details?: ReactNode;
  /** The buttons in screen order. The first has the focus: put the answer that changes nothing first. */
  answers: readonly QuestionAnswer<A>[];
  /** The answer of Escape, the browser's cancel, a newer question, and the screen going away. */
  dismissed: A;
  /** Extra class of the dialog (its own look). */
  className?: string;
  /**
   * Whether the focus goes back to what had it when the question was asked (the button that asked), once the
   * dialog has closed; true unless said. The caller moves it itself otherwise.
   */
  returnFocus?: boolean;
}

const BUTTON_CLASS = {
  outline: 'button button--outline confirm-dialog__button',
  primary: 'button confirm-dialog__button',
  danger: 'button confirm-dialog__button confirm-dialog__button--danger',
} as const;

/**
 * A question as a modal `<dialog>` (showModal: the browser keeps the focus inside and makes the page inert),
 * an alert dialog named by its title and described by its question. `onAnswer` is called once.
 */
export function QuestionDialog<A extends string>({
  title,
  question,
  details,
  answers,
  dismissed,
  className,
  onAnswer,
}: Question<A> & { onAnswer: (answer: A) => void }) {
  const answered = useRef(false);
  const titleId = useId();
  const questionId = useId();
  const answer = (value: A) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(value);
  };
  const { firstFocus, dialogProps } = useModalDialog(() => answer(dismissed));
  return (
    <dialog
      {...dialogProps}
      className={className ? `confirm-dialog ${className}` : 'confirm-dialog'}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={questionId}
      // Closed another way than by a button: that is the dismissal.
      onClose={() => answer(dismissed)}
    >
      <h2 className="confirm-dialog__title" id={titleId}>
        {title}
      </h2>
      <p className="confirm-dialog__question" id={questionId}>
        {question}
      </p>
      {details ? <div className="confirm-dialog__details">{details}</div> : null}
      <div className="confirm-dialog__actions">
        {answers.map((choice, index) => (
          <button
            key={choice.value}
            ref={index === 0 ? firstFocus : undefined}
            type="button"
            className={BUTTON_CLASS[choice.look ?? 'primary']}
            onClick={() => answer(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}

interface Pending {
  id: number;
  question: Question<string>;
  resolve: (answer: string) => void;
  /** Where the focus was when the question was asked. */
  opener: HTMLElement | null;
}

const focused = (): HTMLElement | null =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;

/**
 * The one dialog hook of the staff app: `const { ask, dialog } = useQuestion()`; `await ask(question)` opens a
 * modal dialog and resolves with the answer given; render `dialog` anywhere in the component. One question at a
 * time: a new one answers an open one with its dismissal, and so does the screen going away. When the answer
 * comes, the dialog has closed (the page is no longer inert) and the focus is back where it was.
 */
export function useQuestion(): { ask: <A extends string>(question: Question<A>) => Promise<A>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const questions = useRef(0);

  const ask = useCallback(
    <A extends string>(question: Question<A>) =>
      new Promise<A>((resolve) => {
        const open = current.current;
        if (open) open.resolve(open.question.dismissed);
        questions.current += 1;
        const next: Pending = {
          id: questions.current,
          question,
          resolve: resolve as (answer: string) => void,
          opener: focused(),
        };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const answer = useCallback((asked: Pending, value: string) => {
    if (current.current !== asked) return;
    current.current = null;
    // Closed at once: the page is inert while the dialog is open, and what follows the answer moves the focus.
    flushSync(() => setPending(null));
    if (asked.question.returnFocus !== false && asked.opener?.isConnected) asked.opener.focus();
    asked.resolve(value);
  }, []);

  useEffect(
    () => () => {
      const open = current.current;
      current.current = null;
      open?.resolve(open.question.dismissed);
    },
    [],
  );

  const dialog = pending ? (
    <QuestionDialog key={pending.id} {...pending.question} onAnswer={(value) => answer(pending, value)} />
  ) : null;
  return { ask, dialog };
}
