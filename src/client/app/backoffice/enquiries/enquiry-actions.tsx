import type { LucideIcon } from 'lucide-react';
import { CircleCheck, Eye, Send, ShieldAlert, ShieldCheck, Trash2, Undo2 } from 'lucide-react';
import type { EnquiryRow, EnquiryStatus } from '../../../../core/schemas/enquiries';
import { errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { IconButton, type IconTone } from '../../components/icon-button';
import { notify } from '../../toasts';
import { useChangeEnquiryStatus, useDeleteEnquiry, useResendEnquiry } from './api';
import { DELETE_QUESTION, enquiryActions } from './enquiry-list';

/** What can be done to an enquiry, in the list's row (icon buttons) and in its detail view (buttons with words). */
export type EnquiryActionKind = 'view' | 'handled' | 'new' | 'spam' | 'notSpam' | 'resend' | 'delete';

interface ActionLook {
  icon: LucideIcon;
  /** The button's words in the detail view, where the enquiry is already named. */
  word: string;
  /** The icon button's accessible name and tooltip in a row: the action and whose enquiry. */
  label: (name: string) => string;
  tone: IconTone;
}

export const ACTION_LOOKS: Record<EnquiryActionKind, ActionLook> = {
  view: { icon: Eye, word: 'View', label: (name) => `View enquiry from ${name}`, tone: 'default' },
  handled: {
    icon: CircleCheck,
    word: 'Mark handled',
    label: (name) => `Mark enquiry from ${name} handled`,
    tone: 'success',
  },
  new: { icon: Undo2, word: 'Mark new', label: (name) => `Mark enquiry from ${name} new`, tone: 'default' },
  spam: {
    icon: ShieldAlert,
    word: 'Mark as spam',
    label: (name) => `Mark enquiry from ${name} as spam`,
    tone: 'default',
  },
  notSpam: {
    icon: ShieldCheck,
    word: 'Not spam',
    label: (name) => `Mark enquiry from ${name} not spam`,
    tone: 'success',
  },
  resend: { icon: Send, word: 'Resend mail', label: (name) => `Resend mail of enquiry from ${name}`, tone: 'default' },
  delete: { icon: Trash2, word: 'Delete', label: (name) => `Delete enquiry from ${name}`, tone: 'danger' },
};

/**
 * The actions an enquiry offers, in fixed places. A row (icon buttons in a table that has to fit 1280 px with
 * the menu beside it): View, the status action (a gap for spam), Resend (or a gap), Delete; gaps keep each
 * icon in the same column on every row. The detail view: the status action, the spam action, Resend, Delete.
 */
export function actionSlots(
  row: Pick<EnquiryRow, 'status' | 'mail'>,
  place: 'row' | 'detail',
): Array<EnquiryActionKind | null> {
  const offered = enquiryActions(row);
  const status = offered.statusChange === null ? null : offered.statusChange === 'Handled' ? 'handled' : 'new';
  const resend = offered.resend ? 'resend' : null;
  if (place === 'row') return ['view', status, resend, 'delete'];
  return [status, offered.spamChange === 'Spam' ? 'spam' : 'notSpam', resend, 'delete'];
}

/** The status an action sets (the status and spam actions). */
export const STATUS_SET_BY: Partial<Record<EnquiryActionKind, EnquiryStatus>> = {
  handled: 'Handled',
  new: 'New',
  spam: 'Spam',
  notSpam: 'New',
};

/** What happened: nothing (refused, cancelled, busy), the status set, the mail queued again, the enquiry gone. */
export type ActionOutcome = { done: false } | { done: true; status?: EnquiryStatus; resent?: true; deleted?: true };

/**
 * The calls behind the actions, with their question (Delete) and their toast: the server's sentence, or its
 * refusal. One at a time: a second press while a call is out does nothing.
 */
export function useEnquiryActionCalls() {
  const changeStatus = useChangeEnquiryStatus();
  const resend = useResendEnquiry();
  const remove = useDeleteEnquiry();
  const { confirm, dialog } = useConfirm();
  const busy = changeStatus.isPending || resend.isPending || remove.isPending;

  const call = async (run: () => Promise<{ message: string }>, fallback: string): Promise<boolean> => {
    try {
      const answer = await run();
      notify.success(answer.message || fallback);
      return true;
    } catch (error) {
      notify.error(errorMessage(error));
      return false;
    }
  };

  const perform = async (kind: EnquiryActionKind, row: EnquiryRow): Promise<ActionOutcome> => {
    if (busy || kind === 'view') return { done: false };
    const status = STATUS_SET_BY[kind];
    if (status) {
      const done = await call(
        () => changeStatus.mutateAsync({ id: row.id, status }),
        `The enquiry is marked ${status}.`,
      );
      return done ? { done, status } : { done };
    }
    if (kind === 'resend') {
      const done = await call(() => resend.mutateAsync({ id: row.id }), 'The mail will be sent again now.');
      return done ? { done, resent: true } : { done };
    }
    const question = { title: `Delete the enquiry from ${row.name}?`, confirmLabel: 'Delete', danger: true };
    if (!(await confirm(DELETE_QUESTION, question))) return { done: false };
    const done = await call(() => remove.mutateAsync({ id: row.id }), 'The enquiry was deleted.');
    return done ? { done, deleted: true } : { done };
  };

  return { perform, busy, dialog };
}

/** A row's actions as icon buttons, each in its place. */
export function EnquiryRowActions({ row, onAction }: { row: EnquiryRow; onAction: (kind: EnquiryActionKind) => void }) {
  return (
    <>
      {actionSlots(row, 'row').map((kind, index) => {
        // A gap keeps the place of an action this row does not offer.
        if (kind === null) return <span key={`gap-${index}`} className="enquiry-action-gap" aria-hidden="true" />;
        const look = ACTION_LOOKS[kind];
        return (
          <IconButton
            key={index}
            icon={look.icon}
            label={look.label(row.name)}
            tone={look.tone}
            tooltipAlign="end"
            onClick={() => onAction(kind)}
          />
        );
      })}
    </>
  );
}

/** The actions with their words (the detail view). */
export function EnquiryActionButtons({
  row,
  busy,
  onAction,
}: {
  row: EnquiryRow;
  busy: boolean;
  onAction: (kind: EnquiryActionKind) => void;
}) {
  return (
    <>
      {actionSlots(row, 'detail').map((kind, index) => {
        if (kind === null) return null;
        const look = ACTION_LOOKS[kind];
        const Icon = look.icon;
        const className = kind === 'delete' ? 'button button--outline button--danger' : 'button button--outline';
        return (
          // Keyed by place: Mark handled turning into Mark new is the same button, and keeps the focus.
          <button
            key={index}
            type="button"
            className={className}
            aria-busy={busy || undefined}
            onClick={() => onAction(kind)}
          >
            <Icon className="button__icon" aria-hidden="true" focusable="false" />
            {look.word}
          </button>
        );
      })}
    </>
  );
}
