import { useCallback, useId, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Save, X } from 'lucide-react';
import { MASTER_MESSAGES } from '../../../../core/masters/master-data';
import { errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
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

/** Y or N, as the spec's activeStatus, on the shared badge. */
export function StatusCell({ status }: { status: 'Y' | 'N' }) {
  return <span className={status === 'Y' ? 'status-badge status-badge--on' : 'status-badge'}>{status}</span>;
}

/**
 * Which record the panel edits (`id`), or a new one (`id` undefined); null while the panel is closed. The
 * focus goes back to what opened the panel (Create New…, the row's edit button) when it closes.
 */
export function useMasterPanel() {
  const [editing, setEditing] = useState<{ id: number | undefined } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((id?: number) => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setEditing({ id });
  }, []);
  const close = useCallback(() => {
    setEditing(null);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);
  return { editing, open, close };
}

/**
 * Activate or deactivate a row after the spec's question (either way: the list changes what others may
 * choose); the server's answer or its refusal in a toast.
 */
export function useStatusChange(mutate: (input: { id: number; activeStatus: 'Y' | 'N' }) => Promise<{ message: string }>, busy: boolean) {
  const { confirm, dialog } = useConfirm();
  const change = async (row: { id: number; name: string; activeStatus: 'Y' | 'N' }) => {
    if (busy) return;
    const activate = row.activeStatus !== 'Y';
    const verb = activate ? 'Activate' : 'Deactivate';
    if (!(await confirm(MASTER_MESSAGES.confirmStatus, { title: `${verb} ${row.name}?`, confirmLabel: verb, danger: !activate }))) return;
    try {
      const answer = await mutate({ id: row.id, activeStatus: activate ? 'Y' : 'N' });
      notify.success(answer.message || `${row.name} ${activate ? 'activated' : 'deactivated'}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return { change, dialog };
}
