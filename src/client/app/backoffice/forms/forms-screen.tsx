import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ApiError, errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { BackToHomeLink, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { useDeleteForm, useForm, useForms } from './api';
import { FormEditor } from './form-editor';

/**
 * The forms screen (docs/design.md §30): every form with its fields, submissions and the pages that show it; New form
 * and Edit open the editor above the list; Delete asks first, and says which pages still show a form it may not
 * delete. A form goes on a page made without code through a parameter of the type Form.
 */

type Row = NonNullable<ReturnType<typeof useForms>['data']>[number];

const column = createColumnHelper<Row>();
const COLUMNS: DataColumn<Row>[] = [
  column.accessor('name', { header: 'Form' }),
  column.accessor('fields', { header: 'Fields', meta: { align: 'end' }, cell: ({ getValue }) => getValue().length }),
  column.accessor('submissions', { header: 'Submissions', meta: { align: 'end' } }),
  column.accessor('usedOn', {
    header: 'On pages',
    cell: ({ getValue }) =>
      getValue().length > 0
        ? getValue()
            .map((use: { name: string }) => use.name)
            .join(', ')
        : 'None yet',
  }),
];

export default function FormsScreen() {
  const forms = useForms();
  const remove = useDeleteForm();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<{ id: number | null; key: number } | null>(null);
  const open = (id: number | null) => setEditing({ id, key: Date.now() });

  const del = async (row: Row) => {
    if (
      !(await confirm(`Delete the form ${row.name} and its ${row.submissions} submissions?`, {
        confirmLabel: 'Delete',
      }))
    )
      return;
    try {
      await remove.mutateAsync(row.id);
      notify.success(`The form ${row.name} is deleted.`, 'Form deleted');
    } catch (error) {
      const pages =
        error instanceof ApiError
          ? (error.data as { usedOn?: Array<{ name: string }> } | undefined)?.usedOn
          : undefined;
      notify.error(
        pages?.length ? `${errorMessage(error)} (${pages.map((page) => page.name).join(', ')})` : errorMessage(error),
      );
    }
  };

  return (
    <Screen
      title="Forms"
      lead="Forms visitors fill in on the site: a job application, a quote request, a sign-up. Place one on a page made without code with a field of the type Form."
      actions={
        <div className="screen-actions">
          <button type="button" className="button" onClick={() => open(null)}>
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            New form
          </button>
          <BackToHomeLink />
        </div>
      }
    >
      {editing ? <OpenForm key={editing.key} id={editing.id} onDone={() => setEditing(null)} /> : null}
      <DataTable
        caption="Forms"
        columns={COLUMNS}
        rows={forms.data ?? []}
        getRowId={(row) => String(row.id)}
        status={forms.status}
        errorMessage={forms.status === 'error' ? errorMessage(forms.error) : undefined}
        onRetry={() => void forms.refetch()}
        emptyMessage="No forms yet."
        rowActions={(row) => (
          <>
            <IconButton icon={Pencil} label={`Edit the form ${row.name}`} onClick={() => open(row.id)} />
            {row.builtIn ? null : (
              <IconButton
                icon={Trash2}
                tone="danger"
                label={`Delete the form ${row.name}`}
                onClick={() => void del(row)}
              />
            )}
          </>
        )}
      />
      {dialog}
    </Screen>
  );
}

/** The editor of a saved form once it is read, or of a new one at once. */
function OpenForm({ id, onDone }: { id: number | null; onDone: () => void }) {
  const form = useForm(id);
  if (id === null) return <FormEditor saved={null} onDone={onDone} />;
  if (form.status === 'pending') return <p role="status">Opening the form…</p>;
  if (form.status === 'error') return <p role="alert">{errorMessage(form.error)}</p>;
  return <FormEditor saved={form.data} onDone={onDone} />;
}
