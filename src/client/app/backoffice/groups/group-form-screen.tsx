import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Save } from 'lucide-react';
import { GROUP_MESSAGES, type UserGroupRow } from '../../../../core/schemas/group';
import { errorMessage } from '../../lib/api';
import { Field } from '../../../components/field';
import { CheckboxField } from '../../components/checkbox-field';
import { LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { useGroups, useSaveGroup } from './api';

/** The group a `?id=` names (the list's Edit), read from the list the server sends. */
function useGroupToEdit(): { id: number | undefined; groups: ReturnType<typeof useGroups> } {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id') ?? '';
  const groups = useGroups();
  return { id: /^[1-9]\d*$/.test(raw) ? Number(raw) : undefined, groups };
}

/**
 * newGroup: one User Group field, Cancel and Save; no client validation (spec 001 §5). `newGroup?id=…` edits
 * a group (renames it); both set whether its users must turn two-step sign-in on (docs/design.md §21).
 */
export function GroupFormScreen() {
  const { id, groups } = useGroupToEdit();
  if (id === undefined) return <GroupForm group={undefined} />;
  const group = groups.data?.find((row) => row.id === id);
  return groups.isPending ? (
    <LoadingStatus />
  ) : groups.isError ? (
    <LoadFailure message={errorMessage(groups.error)} onRetry={() => void groups.refetch()} />
  ) : group ? (
    <GroupForm key={group.id} group={group} />
  ) : (
    <Screen title="User Group" narrow>
      <p className="lead-text">{GROUP_MESSAGES.notFound}</p>
      <p className="app-actions">
        <Link className="button button--outline" to="/newGrouphome">
          Back to the groups
        </Link>
      </p>
    </Screen>
  );
}

function GroupForm({ group }: { group: UserGroupRow | undefined }) {
  const navigate = useNavigate();
  const saveGroup = useSaveGroup();
  const [name, setName] = useState(group?.groupname ?? '');
  const [requireTwoFactor, setRequireTwoFactor] = useState(group?.requireTwoFactor ?? false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await saveGroup.mutateAsync(
        group ? { id: group.id, updategroupname: name, requireTwoFactor } : { groupname: name, requireTwoFactor },
      );
      notify.success(GROUP_MESSAGES.saved);
      void navigate('/newGrouphome');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Screen title="User Group" narrow>
      <form className="app-form app-panel" onSubmit={(event) => void save(event)}>
        <Field id="groupname" label="User Group">
          {(control) => (
            <input
              {...control}
              name="groupname"
              className="field__input"
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={50}
            />
          )}
        </Field>
        <div className="field">
          <CheckboxField
            id="requireTwoFactor"
            name="requireTwoFactor"
            label="Require two-step sign-in for this group's users"
            checked={requireTwoFactor}
            onChange={(event) => setRequireTwoFactor(event.target.checked)}
            aria-describedby="requireTwoFactor-hint"
          />
          <p className="field__hint" id="requireTwoFactor-hint">
            Its users who have not turned two-step sign-in on are taken to their account to do so before anything else.
          </p>
        </div>
        <div className="app-actions">
          <Link className="button button--outline" to="/newGrouphome">
            Cancel
          </Link>
          <button
            type="submit"
            className="button"
            disabled={saveGroup.isPending}
            aria-busy={saveGroup.isPending || undefined}
          >
            <Save className="button__icon" aria-hidden="true" focusable="false" />
            Save
          </button>
        </div>
      </form>
    </Screen>
  );
}
