import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage, refusedField } from '../lib/api';
import { FormField, RequiredNote } from '../components/form-field';
import { Screen } from '../components/screen';
import { BackToLogIn, Outcome } from './account-parts';
import {
  NEW_PASSWORD_HINT,
  NewPasswordFormSchema,
  type NewPasswordInput,
  type NewPasswordOutput,
} from './new-password';
import * as authApi from '../../../core/api/auth';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';

export const LINK_INCOMPLETE = 'This link is incomplete. Open the link in the mail again, or ask for a new one.';

/**
 * /reset-password?token=…(&db=…) (docs/design.md §21): the page a reset mail links to. The token is read once and taken
 * out of the address bar (and so out of the history, and of what a shared screen shows); `db` names a tenant
 * other than the default one, sent as the `dbname` header.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => ({
    token: searchParams.get('token')?.trim() ?? '',
    db: searchParams.get('db')?.trim() ?? '',
  }));
  const [outcome, setOutcome] = useState<{ message: string; invalid: boolean } | null>(null);
  const inAddress = searchParams.has('token') || searchParams.has('db');

  useEffect(() => {
    if (inAddress) void navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
  }, [inAddress, navigate, location.pathname, location.hash]);

  const askAgain = (
    <p>
      <Link to="/forgot-password">Ask for a new link</Link>
    </p>
  );
  return (
    <Screen title="Set a new password" narrow>
      {!link.token ? (
        <Outcome message={LINK_INCOMPLETE}>{askAgain}</Outcome>
      ) : outcome ? (
        <Outcome message={outcome.message} takeFocus>
          {outcome.invalid ? (
            askAgain
          ) : (
            <p>
              <Link className="button" to="/login">
                Log in
              </Link>
            </p>
          )}
        </Outcome>
      ) : (
        <ResetForm
          token={link.token}
          db={link.db}
          onAnswered={(message, invalid) => setOutcome({ message, invalid })}
        />
      )}
      {outcome && !outcome.invalid ? null : <BackToLogIn />}
    </Screen>
  );
}

function ResetForm({
  token,
  db,
  onAnswered,
}: {
  token: string;
  db: string;
  onAnswered: (message: string, invalid: boolean) => void;
}) {
  const form = useStaffForm<NewPasswordInput, NewPasswordOutput>({
    schema: NewPasswordFormSchema,
    defaultValues: { password: '', confirmPassword: '' },
    submit: async ({ password }) => {
      try {
        const answer = await api(authApi.resetPassword, {
          body: { token, password },
          ...(db ? { headers: { dbname: db } } : {}),
        });
        onAnswered(answer.message, false);
      } catch (error) {
        // A refusal about the link's token (expired, used, unknown): the link is no good, whatever the password.
        if (refusedField(error) !== 'token') throw error;
        onAnswered(errorMessage(error), true);
      }
    },
  });

  return (
    <StaffForm form={form}>
      <RequiredNote />
      <FormField
        name="password"
        id="reset-password"
        label="New password"
        type="password"
        required
        hint={NEW_PASSWORD_HINT}
        maxLength={200}
        autoComplete="new-password"
      />
      <FormField
        name="confirmPassword"
        id="reset-confirm-password"
        label="Repeat the new password"
        type="password"
        required
        maxLength={200}
        autoComplete="new-password"
      />
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} className="button app-actions__wide">
          Set password
        </SubmitButton>
      </div>
    </StaffForm>
  );
}
