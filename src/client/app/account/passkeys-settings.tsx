import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, PasskeyNameSchema, type Passkey } from '../../../core/schemas/passkey';
import { ApiError, api, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/date-time';
import { useConfirm } from '../components/confirm-dialog';
import { FormField } from '../components/form-field';
import { LoadFailure, LoadingStatus } from '../components/screen';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { notify } from '../toasts';
import { useRefreshSession } from './account-parts';
import { createPasskey, passkeysSupported } from './passkey-ceremony';
import * as passkeysApi from '../../../core/api/passkeys';
import '../../styles/passkeys.css';

export const PASSKEYS_KEY = ['passkeys'] as const;

/** The notice of a group that requires a passkey, while the user has none (the guard keeps the user on /account). */
export const PASSKEY_REQUIRED_NOTICE = PASSKEY_MESSAGES.requiredNotice;

const NameFormSchema = z.object({ name: PasskeyNameSchema });
type NameInput = z.input<typeof NameFormSchema>;
type NameOutput = z.output<typeof NameFormSchema>;

/**
 * The own account's passkeys (docs/design.md §33): each with its name, when it was added and last used, and Remove
 * (asked first); Add a passkey asks a name, then the browser makes the passkey (a fingerprint, a face, a PIN, a
 * phone), and the server keeps it. A passkey signs in alone and counts as two-step sign-in.
 */
export function PasskeySettings() {
  const passkeys = useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => (await api(passkeysApi.listPasskeys)).items,
  });
  return (
    <>
      <p>
        A passkey signs you in without your password, with your fingerprint, face or screen lock on this device or your
        phone. It also counts as two-step sign-in.
      </p>
      {passkeys.isPending ? (
        <LoadingStatus inline />
      ) : passkeys.isError ? (
        <LoadFailure message={errorMessage(passkeys.error)} onRetry={() => void passkeys.refetch()} inline />
      ) : (
        <PasskeyList items={passkeys.data} />
      )}
      <AddPasskeyForm names={passkeys.data?.map((passkey) => passkey.name) ?? []} />
    </>
  );
}

/** After a change: the list, and the session (a group's requirement may hold or free the user). */
function useAfterChange(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }), refreshSession()]);
}

function PasskeyList({ items }: { items: Passkey[] }) {
  const { confirm, dialog } = useConfirm();
  const afterChange = useAfterChange();

  const remove = async (passkey: Passkey) => {
    const question = `You can no longer sign in with the passkey ${passkey.name}. Your device may still offer it: remove it there too.`;
    if (!(await confirm(question, { title: 'Remove this passkey?', confirmLabel: 'Remove', danger: true }))) return;
    try {
      const answer = await api(passkeysApi.removePasskey, { params: { id: passkey.id }, body: {} });
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
    await afterChange();
  };

  if (items.length === 0) return <p className="passkey-none">You have no passkey yet.</p>;
  return (
    <>
      <ul className="passkey-list" aria-label="Your passkeys">
        {items.map((passkey) => (
          <li key={passkey.id} className="passkey-list__item">
            <KeyRound className="passkey-list__icon" aria-hidden="true" focusable="false" />
            <div className="passkey-list__text">
              <strong className="passkey-list__name">{passkey.name}</strong>
              <span>
                Added {formatDateTime(passkey.createdAt)} · Last used{' '}
                {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
              </span>
            </div>
            <button
              type="button"
              className="button button--outline button--danger"
              aria-label={`Remove the passkey ${passkey.name}`}
              onClick={() => void remove(passkey)}
            >
              <Trash2 className="button__icon" aria-hidden="true" focusable="false" />
              Remove
            </button>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}

/** A name, then the browser's part, then the server's: what goes wrong is said in the form's box or at the name. */
function AddPasskeyForm({ names }: { names: string[] }) {
  const afterChange = useAfterChange();
  const form = useStaffForm<NameInput, NameOutput>({
    schema: NameFormSchema,
    defaultValues: { name: '' },
    submit: async ({ name }) => {
      // Said before the browser asks for a fingerprint: a name the server would refuse.
      if (names.some((taken) => taken.toLowerCase() === name.toLowerCase()))
        throw new ApiError(400, PASSKEY_MESSAGES.nameTaken, 'name');
      const options = await api(passkeysApi.passkeyOptions, { body: {} });
      const response = await createPasskey(options);
      const answer = await api(passkeysApi.addPasskey, { body: { name, response } });
      notify.success(answer.message);
      form.methods.reset();
      await afterChange();
    },
  });

  if (!passkeysSupported()) return <p className="passkey-none">{PASSKEY_MESSAGES.unsupported}</p>;
  return (
    <StaffForm form={form} className="app-form account-subform" aria-labelledby="add-passkey-title">
      <h3 className="account-subform__title" id="add-passkey-title">
        Add a passkey
      </h3>
      <FormField
        name="name"
        id="passkey-name"
        label="Name of the passkey"
        hint="A name that tells you where it is, such as Work laptop or Phone."
        maxLength={PASSKEY_NAME_MAX}
      />
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={KeyRound}>
          Add a passkey
        </SubmitButton>
      </div>
    </StaffForm>
  );
}
