import { useCallback, useId, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Save, X } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { statusQuestion } from '../../components/status-badge';
import { notify } from '../../toasts';
import '../../../styles/masters.css';

/** The pieces both master-data screens share: the form panel, its buttons, the cells, the status question. */

/** The form of a master type or value, in a panel above the list (the list stays in view). */
export function MasterPanel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="app-panel masters-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="masters-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A press that keeps the focus where it is: leaving a field validates it (mode onTouched), and the error shown
 * under it would move the button away between the press and the release, losing the click.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Save and Cancel at the foot of a master form. */
export function MasterFormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="app-actions">
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined} onMouseDown={keepFocus}>
        <Save className="button__icon" aria-hidden="true" focusable="false" />
        Save
      </button>
      <button type="button" className="button button--outline" onMouseDown={keepFocus} onClick={onCancel}>
        <X className="button__icon" aria-hidden="true" focusable="false" />
        Cancel
      </button>
    </div>
  );
}

/**
 * Which record the panel edits (`id`), or a new one (`id` undefined); null while the panel is closed. The
 * focus goes back to what opened the panel (Create New…, the row's edit button) when it closes.
 */
export function useMasterPanel() {
  const [editing, setEditing] = useState<{ id: number | undefined } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((id?: number) => {
    opener.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null;
    setEditing({ id });
  }, []);
  const close = useCallback(() => {
    setEditing(null);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);
  return { editing, open, close };
}

/** What a status change does to a master type or value, said in the question before it (docs/design.md §24). */
const STATUS_CONSEQUENCES = {
  'master type': {
    deactivate: 'It is no longer offered for new parameters or new values; what uses it now keeps it.',
    activate: 'It is offered for new parameters and values again.',
  },
  'master value': {
    deactivate: 'It is no longer offered as a choice; content that chose it keeps showing it.',
    activate: 'It is offered as a choice again.',
  },
} as const;

/**
 * Activate or deactivate a row after asking "Deactivate this master value?" (either way: the list changes what
 * others may choose); the server's answer or its refusal in a toast.
 */
export function useStatusChange(
  record: keyof typeof STATUS_CONSEQUENCES,
  mutate: (input: { id: number; activeStatus: 'Y' | 'N' }) => Promise<{ message: string }>,
  busy: boolean,
) {
  const { confirm, dialog } = useConfirm();
  const change = async (row: { id: number; name: string; activeStatus: 'Y' | 'N' }) => {
    if (busy) return;
    const activate = row.activeStatus !== 'Y';
    const verb = activate ? 'Activate' : 'Deactivate';
    const question = statusQuestion(
      record,
      activate,
      STATUS_CONSEQUENCES[record][activate ? 'activate' : 'deactivate'],
    );
    if (!(await confirm(question, { title: `${verb} ${row.name}`, confirmLabel: verb, danger: !activate }))) return;
    try {
      const answer = await mutate({ id: row.id, activeStatus: activate ? 'Y' : 'N' });
      notify.success(answer.message || `${row.name} ${activate ? 'activated' : 'deactivated'}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return { change, dialog };
}
