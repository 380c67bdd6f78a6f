import { Link, useNavigate, useSearchParams } from 'react-router';
import { Save } from 'lucide-react';
import { GROUP_MESSAGES, type GroupPublishing, type UserGroupRow } from '../../../../core/schemas/group';
import { errorMessage } from '../../lib/api';
import { FormField } from '../../components/form-field';
import { StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
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

/**
 * The group form's values: its name, whether its users must turn two-step sign-in on, and whether their changes are
 * reviewed before they go live (docs/design.md §32).
 */
interface GroupValues {
  groupname: string;
  requireTwoFactor: boolean;
  requirePasskey: boolean;
  review: boolean;
}

function GroupForm({ group }: { group: UserGroupRow | undefined }) {
  const navigate = useNavigate();
  const saveGroup = useSaveGroup();
  // No client-side rules (spec 001 §5): the server's refusal comes back as a toast, or at the field it names.
  const form = useStaffForm<GroupValues>({
    defaultValues: {
      groupname: group?.groupname ?? '',
      requireTwoFactor: group?.requireTwoFactor ?? false,
      requirePasskey: group?.requirePasskey ?? false,
      review: group?.publishing === 'review',
    },
    submit: async ({ groupname, requireTwoFactor, requirePasskey, review }) => {
      // How the group publishes, and whether it requires a passkey, go only when they change (absent: unchanged; a new
      // group publishes directly and requires no passkey).
      const publishing: GroupPublishing = review ? 'review' : 'direct';
      const changed = {
        ...(publishing !== (group?.publishing ?? 'direct') ? { publishing } : {}),
        ...(requirePasskey !== (group?.requirePasskey ?? false) ? { requirePasskey } : {}),
      };
      await saveGroup.mutateAsync(
        group
          ? { id: group.id, updategroupname: groupname, requireTwoFactor, ...changed }
          : { groupname, requireTwoFactor, ...changed },
      );
      notify.success(GROUP_MESSAGES.saved);
      void navigate('/newGrouphome');
    },
    onRefused: (message) => notify.error(message),
  });
  const { register } = form.methods;

  return (
    <Screen title="User Group" narrow>
      <StaffForm form={form}>
        <FormField name="groupname" id="groupname" label="User Group" maxLength={50} />
        <div className="field">
          <CheckboxField
            id="requireTwoFactor"
            label="Require two-step sign-in for this group's users"
            aria-describedby="requireTwoFactor-hint"
            {...register('requireTwoFactor')}
          />
          <p className="field__hint" id="requireTwoFactor-hint">
            Its users who have not turned two-step sign-in on are taken to their account to do so before anything else.
            A passkey counts as two-step sign-in.
          </p>
        </div>
        <div className="field">
          <CheckboxField
            id="requirePasskey"
            label="Require a passkey for this group's users"
            aria-describedby="requirePasskey-hint"
            {...register('requirePasskey')}
          />
          <p className="field__hint" id="requirePasskey-hint">
            Its users without a passkey are taken to their account to add one before anything else; after their
            password, signing in asks for the passkey instead of a code.
          </p>
        </div>
        <div className="field">
          <CheckboxField
            id="review"
            label="Review this group's changes before they go live"
            aria-describedby="review-hint"
            {...register('review')}
          />
          <p className="field__hint" id="review-hint">
            Publish and Schedule ask for review instead: someone else who may publish the page approves the change or
            asks for changes. The Reviews screen lists what waits.
          </p>
        </div>
        <div className="app-actions">
          <Link className="button button--outline" to="/newGrouphome">
            Cancel
          </Link>
          <SubmitButton busy={form.busy} icon={Save}>
            Save
          </SubmitButton>
        </div>
      </StaffForm>
    </Screen>
  );
}
