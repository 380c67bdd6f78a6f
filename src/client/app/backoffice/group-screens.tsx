import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { GROUP_MESSAGES, type GroupSaveAnswer, type UserGroupRow } from '../../../core/schemas/group';
import { api, errorMessage } from '../lib/api';
import { Field } from '../../components/field';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { notify } from '../toasts';

const GROUPS_KEY = ['groups'] as const;
const PAGE_SIZE = 10;

/** newGrouphome: the user groups, 10 a page (spec 001 §2). */
export function GroupListScreen() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const groups = useQuery({ queryKey: GROUPS_KEY, queryFn: () => api<UserGroupRow[]>('/api/menu/getAllgroup', {}) });

  const remove = async (group: UserGroupRow) => {
    if (!window.confirm(GROUP_MESSAGES.confirmDelete)) return;
    try {
      await api<GroupSaveAnswer>('/api/menu/deletegroup', { id: group.id });
      notify.success(GROUP_MESSAGES.deleted);
      await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const rows = groups.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Screen title="Create User Group">
      <p>
        <Link className="button" to="/newGroup">
          Create New Group
        </Link>{' '}
        <Link className="button button--outline" to="/Home">
          Back To Home
        </Link>
      </p>
      {groups.isPending ? (
        <LoadingStatus inline />
      ) : groups.isError ? (
        <LoadFailure inline message={errorMessage(groups.error)} onRetry={() => void groups.refetch()} />
      ) : (
        <>
          <table className="entry-table">
            <thead>
              <tr>
                <th scope="col">srno</th>
                <th scope="col">Group</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((group) => (
                <tr key={group.id}>
                  <td>{group.srno}</td>
                  <td>{group.groupname}</td>
                  <td>
                    <Link to={`/bmstree?id=${group.id}&from=group`} aria-label={`Edit the menu of ${group.groupname}`}>
                      Edit
                    </Link>{' '}
                    <button type="button" className="button button--outline" onClick={() => void remove(group)} aria-label={`Delete ${group.groupname}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Pages of groups">
            <button type="button" className="button button--outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>{' '}
            Page {page} of {pages}{' '}
            <button type="button" className="button button--outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </Screen>
  );
}

/** newGroup: one User Group field, Cancel and Save; no client validation (spec 001 §5). */
export function GroupFormScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await api<GroupSaveAnswer>('/api/menu/SaveUserGroup', { groupname: name });
      notify.success(GROUP_MESSAGES.saved);
      await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      void navigate('/newGrouphome');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Screen title="User Group" narrow>
      <form className="app-form app-panel" onSubmit={(event) => void save(event)}>
        <Field id="groupname" label="User Group">
          {(control) => <input {...control} name="groupname" className="field__input" value={name} onChange={(event) => setName(event.target.value)} maxLength={50} />}
        </Field>
        <p>
          <Link className="button button--outline" to="/newGrouphome">
            Cancel
          </Link>{' '}
          <button type="submit" className="button" disabled={saving}>
            Save
          </button>
        </p>
      </form>
    </Screen>
  );
}
