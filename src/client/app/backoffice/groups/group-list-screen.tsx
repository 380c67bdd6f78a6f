import { useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { ListTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { GROUP_MESSAGES, type UserGroupRow } from '../../../../core/schemas/group';
import { ASKED_ON_SCREEN } from '../../lib/screen-words';
import { errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton, IconLink } from '../../components/icon-button';
import { OptionalCell } from '../../components/optional-cell';
import { useConfirm } from '../../components/confirm-dialog';
import { BackToHomeLink, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { GROUP_PAGE_SIZE, useDeleteGroup, useGroups } from './api';

const column = createColumnHelper<UserGroupRow>();

const COLUMNS: DataColumn<UserGroupRow>[] = [
  column.accessor('srno', { header: 'Sr.No', meta: { align: 'end', width: '5.5rem' } }),
  column.accessor('groupname', { header: 'Group' }),
  // docs/design.md §21: its users must turn two-step sign-in on before anything else.
  column.accessor('requireTwoFactor', {
    header: 'Two-step sign-in',
    cell: (info) => <OptionalCell text={info.getValue() ? 'Required' : null} />,
  }),
];

/** newGrouphome: the user groups, 10 a page, with the menu tree and delete of each (spec 001 §2). */
export function GroupListScreen() {
  const [page, setPage] = useState(1);
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  const { confirm, dialog } = useConfirm();

  const remove = async (group: UserGroupRow) => {
    if (deleteGroup.isPending) return;
    if (
      !(await confirm(ASKED_ON_SCREEN.deleteGroup, {
        title: `Delete ${group.groupname}?`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      await deleteGroup.mutateAsync(group.id);
      notify.success(GROUP_MESSAGES.deleted);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const rows = groups.data ?? [];
  // The last page may have gone (its last group deleted): show the new last page.
  const pageCount = Math.max(1, Math.ceil(rows.length / GROUP_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const shown = rows.slice((shownPage - 1) * GROUP_PAGE_SIZE, shownPage * GROUP_PAGE_SIZE);

  return (
    <Screen
      title="Create User Group"
      actions={
        <div className="screen-actions">
          <Link className="button" to="/newGroup">
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Create New Group
          </Link>
          <BackToHomeLink />
        </div>
      }
    >
      <DataTable
        caption="User groups"
        columns={COLUMNS}
        rows={shown}
        getRowId={(group) => String(group.id)}
        status={groups.status}
        errorMessage={groups.isError ? errorMessage(groups.error) : undefined}
        onRetry={() => void groups.refetch()}
        loadingLabel="Loading groups…"
        emptyMessage="No groups yet"
        paging={{ page: shownPage, pageSize: GROUP_PAGE_SIZE, totalItems: rows.length, onPageChange: setPage }}
        rowActions={(group) => (
          <>
            <IconLink
              icon={Pencil}
              label={`Edit ${group.groupname}`}
              to={`/newGroup?id=${group.id}`}
              tooltipAlign="end"
            />
            <IconLink
              icon={ListTree}
              label={`Edit the menu of ${group.groupname}`}
              to={`/bmstree?id=${group.id}&from=group`}
              tooltipAlign="end"
            />
            <IconButton
              icon={Trash2}
              label={`Delete ${group.groupname}`}
              tone="danger"
              tooltipAlign="end"
              onClick={() => void remove(group)}
            />
          </>
        )}
      />
      {dialog}
    </Screen>
  );
}
