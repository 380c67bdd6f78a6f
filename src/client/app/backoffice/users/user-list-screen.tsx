import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Plus, UserCheck, UserX } from 'lucide-react';
import { SEARCH_TYPES, USER_MESSAGES, USER_PAGE_SIZE, type UserListRow } from '../../../../core/schemas/user';
import { ApiError, errorMessage } from '../../lib/api';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton, IconLink } from '../../components/icon-button';
import { useConfirm } from '../../components/confirm-dialog';
import { StatusBadge, statusQuestion } from '../../components/status-badge';
import { BackToHomeLink, Screen } from '../../components/screen';
import { SearchToolbar, ToolbarSelect } from '../../components/search-toolbar';
import { usePageCursors } from '../../components/use-page-cursors';
import { notify } from '../../toasts';
import {
  USER_STATUS_CONSEQUENCES,
  USERS_KEY,
  useSetUserStatus,
  useUsers,
  type SearchType,
  type UserQuery,
} from './api';
import { inPlainWords } from '../../lib/screen-words';

const SEARCH_TYPE_OPTIONS = SEARCH_TYPES.map((option) => ({ value: option, label: option }));

const column = createColumnHelper<UserListRow>();

const COLUMNS: DataColumn<UserListRow>[] = [
  column.accessor('employeecode', { header: 'Code' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('activeStatus', {
    header: 'Status',
    cell: ({ getValue }) => <StatusBadge status={getValue()} />,
  }),
];

/** The empty list says what was searched. */
function emptyMessage(query: UserQuery): string {
  if (query.searchText === '') return 'No users yet';
  return query.type === 'All'
    ? `No users match '${query.searchText}'`
    : `No users match '${query.searchText}' (${query.type})`;
}

/** userHomepage: search (All / Code / Name), refresh, Add, a paged table of users (spec 001 §2). */
export function UserListScreen() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [type, setType] = useState<SearchType>('All');
  const [query, setQuery] = useState<UserQuery>({ searchText: '', type: 'All', pageno: 1 });
  const users = useUsers(query, usePageCursors());
  const setStatus = useSetUserStatus();
  const { confirm, dialog } = useConfirm();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ searchText: text.trim(), type, pageno: 1 });
  };

  const refresh = () => {
    setText('');
    setType('All');
    setQuery({ searchText: '', type: 'All', pageno: 1 });
    void queryClient.invalidateQueries({ queryKey: USERS_KEY });
  };

  const changeStatus = async (user: UserListRow) => {
    if (setStatus.isPending) return;
    const activate = user.activeStatus !== 'Y';
    const verb = activate ? 'Activate' : 'Deactivate';
    const question = statusQuestion(
      'user',
      activate,
      USER_STATUS_CONSEQUENCES[activate ? 'activate' : 'deactivate'](user.name),
    );
    if (!(await confirm(question, { title: `${verb} ${user.name}`, confirmLabel: verb, danger: !activate }))) return;
    try {
      await setStatus.mutateAsync({ id: user.id, activeStatus: activate ? 'Y' : 'N' });
      notify.success(activate ? 'User activated.' : 'User deactivated.');
    } catch (error) {
      // The catalogue's sentence, with the server's reason when it gave one (last administrator, gone user).
      const reason = error instanceof ApiError && error.status >= 400 && error.status !== 403 ? error.message : '';
      notify.error(
        reason ? `${inPlainWords(USER_MESSAGES.statusFailed)} ${reason}` : inPlainWords(USER_MESSAGES.statusFailed),
      );
    }
  };

  const rowActions = (user: UserListRow) => (
    <>
      <IconLink icon={Pencil} label={`Edit ${user.name}`} to={`/user/${user.id}`} tooltipAlign="end" />
      {/* One button whose action follows the state: it keeps the focus when the state changes. */}
      <IconButton
        icon={user.activeStatus === 'Y' ? UserX : UserCheck}
        label={user.activeStatus === 'Y' ? `Deactivate ${user.name}` : `Activate ${user.name}`}
        tone={user.activeStatus === 'Y' ? 'danger' : 'success'}
        tooltipAlign="end"
        onClick={() => void changeStatus(user)}
      />
    </>
  );

  const totalItems = users.data?.totalItems ?? 0;
  return (
    <Screen
      title="Users"
      actions={
        <div className="screen-actions">
          <Link className="button" to="/user">
            <Plus className="button__icon" aria-hidden="true" focusable="false" />
            Add
          </Link>
          <BackToHomeLink />
        </div>
      }
    >
      <SearchToolbar
        label="Search users"
        inputId="user-search-text"
        text={text}
        onTextChange={setText}
        onSearch={search}
        onRefresh={refresh}
      >
        <ToolbarSelect
          id="user-search-type"
          label="Search by"
          value={type}
          options={SEARCH_TYPE_OPTIONS}
          onChange={(value) => setType(value as SearchType)}
        />
      </SearchToolbar>
      <DataTable
        caption="Users"
        columns={COLUMNS}
        rows={users.data?.list ?? []}
        getRowId={(user) => String(user.id)}
        status={users.status}
        errorMessage={users.isError ? errorMessage(users.error) : undefined}
        onRetry={() => void users.refetch()}
        refreshing={users.isPlaceholderData}
        loadingLabel="Loading users…"
        emptyMessage={emptyMessage(query)}
        paging={{
          page: query.pageno,
          pageSize: USER_PAGE_SIZE,
          totalItems,
          totalCapped: users.data?.totalCapped,
          hasNext: users.data ? users.data.next !== null : undefined,
          onPageChange: (pageno) => setQuery({ ...query, pageno }),
        }}
        rowActions={rowActions}
      />
      {dialog}
    </Screen>
  );
}
