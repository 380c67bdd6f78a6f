import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { ChangePasswordSchema } from '../../../core/schemas/account';
import { api, useSession } from '../lib/api';
import { FormField, RequiredNote } from '../components/form-field';
import { LoadingStatus, Screen } from '../components/screen';
import { notify } from '../toasts';
import { HiddenUserName, Outcome, useRefreshSession } from './account-parts';
import { NEW_PASSWORD_HINT, REPEAT_RULE, samePasswords } from './new-password';
import { TwoStepSettings } from './two-step-settings';
import { ApiTokens } from './api-tokens';
import { PASSKEY_REQUIRED_NOTICE, PasskeySettings } from './passkeys-settings';
import * as authApi from '../../../core/api/auth';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';

const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  samePasswords,
  REPEAT_RULE,
);
type ChangePasswordInput = z.input<typeof ChangePasswordFormSchema>;
type ChangePasswordOutput = z.output<typeof ChangePasswordFormSchema>;

/** The notice of a group that requires two-step sign-in, while it is not on (the guard keeps the user here). */
export const REQUIRED_NOTICE =
  'Your group requires two-step sign-in. Turn it on below: the rest of the app opens once it is on.';

/** The notice of a sign-in with a one-time password from the shell (docs/design.md §22; the guard keeps the user here). */
export const ONE_TIME_NOTICE =
  'You signed in with a one-time password. Choose your own password now; until then only this page is open.';

/** What replaces that notice once the user's own password is set. */
export const OWN_PASSWORD_SET = 'Your own password is set, and the rest of the app is open again.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="app-panel account-section" aria-labelledby={id}>
      <h2 className="account-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notice({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div className="app-notice account-required" id={id}>
      <ShieldAlert className="account-required__icon" aria-hidden="true" focusable="false" />
      <p>
        <strong>{children}</strong>
      </p>
    </div>
  );
}

/**
 * /account (docs/design.md §21): every logged-in user's own account, not a menu screen. Their details, a new password,
 * and two-step sign-in. A user whose group requires two-step sign-in is kept here until it is on; one who signed
 * in with a one-time password (§22) until they choose their own, with that form first and focused.
 */
export default function AccountPage() {
  const session = useSession();
  const refreshSession = useRefreshSession();
  // Set once a one-time password is replaced here: the password form stays first (nothing moves under the
  // user's hand) and the notice gives way to the way on.
  const [replacedOneTime, setReplacedOneTime] = useState(false);
  const user = session.data?.user;
  if (!user) return <LoadingStatus />;
  const siteName = session.data?.companyName || 'Folio';
  const oneTime = user.passwordChangeRequired;
  const passwordFirst = oneTime || replacedOneTime;

  const details = (
    <Section id="account-details" title="Your details">
      <dl className="account-details">
        <div>
          <dt>Name</dt>
          <dd>{user.firstName.trim() || '—'}</dd>
        </div>
        <div>
          <dt>User name</dt>
          <dd>{user.username}</dd>
        </div>
      </dl>
    </Section>
  );
  const twoStep = (
    <Section id="account-two-step" title="Two-step sign-in">
      <TwoStepSettings account={{ username: user.username, siteName, twoFactor: user.twoFactor }} />
    </Section>
  );
  const passkeys = (
    <Section id="account-passkeys" title="Passkeys">
      <PasskeySettings />
    </Section>
  );
  // Not while the account is held to this page: a token would be a way around what it must do first.
  const tokens =
    oneTime || user.twoFactorRequired ? null : (
      <Section id="account-tokens" title="API tokens">
        <ApiTokens />
      </Section>
    );
  const password = (
    <Section id="account-password" title={passwordFirst ? 'Choose your password' : 'Change password'}>
      <ChangePasswordForm
        username={user.username}
        oneTime={oneTime}
        onChanged={async () => {
          if (!oneTime) return;
          setReplacedOneTime(true);
          await refreshSession();
        }}
      />
    </Section>
  );

  return (
    <Screen title="Your account">
      {oneTime ? <Notice id="account-one-time">{ONE_TIME_NOTICE}</Notice> : null}
      {replacedOneTime && !oneTime && !user.twoFactorRequired ? (
        <Outcome message={OWN_PASSWORD_SET} takeFocus>
          <p className="app-actions">
            <Link className="button" to={user.landpage || '/Blankpage'}>
              Go to your start page
            </Link>
          </p>
        </Outcome>
      ) : null}
      {user.twoFactorRequired ? (
        <Notice>{user.passkeyRequired ? PASSKEY_REQUIRED_NOTICE : REQUIRED_NOTICE}</Notice>
      ) : null}
      {passwordFirst ? (
        <>
          {password}
          {details}
          {twoStep}
          {passkeys}
          {tokens}
        </>
      ) : (
        <>
          {details}
          {twoStep}
          {passkeys}
          {password}
          {tokens}
        </>
      )}
    </Screen>
  );
}

/**
 * The current password and the new one twice; the server ends the user's other sessions. `oneTime`: the user
 * signed in with a one-time password, which is the current one here; the form takes the focus.
 */
function ChangePasswordForm({
  username,
  oneTime,
  onChanged,
}: {
  username: string;
  oneTime: boolean;
  onChanged: () => Promise<void>;
}) {
  // A wrong current password, or a new one that is the same: said at the field the server names.
  const form = useStaffForm<ChangePasswordInput, ChangePasswordOutput>({
    schema: ChangePasswordFormSchema,
    defaultValues: { current: '', password: '', confirmPassword: '' },
    submit: async ({ current, password }) => {
      const answer = await api(authApi.changePassword, { body: { current, password } });
      notify.success(answer.message);
      form.methods.reset();
      // The session says what the password allows now (a one-time password replaced opens the staff app).
      await onChanged();
    },
  });
  const { setFocus } = form.methods;

  // After the shell's own move of the focus to the new screen (a frame later), so that this one wins.
  useEffect(() => {
    if (!oneTime) return;
    const frame = requestAnimationFrame(() => setFocus('current'));
    return () => cancelAnimationFrame(frame);
  }, [oneTime, setFocus]);

  return (
    <StaffForm form={form} className="app-form" aria-describedby={oneTime ? 'account-one-time' : undefined}>
      <RequiredNote />
      <HiddenUserName username={username} />
      <FormField
        name="current"
        id="account-current-password"
        label={oneTime ? 'One-time password' : 'Current password'}
        type="password"
        required
        maxLength={200}
        autoComplete="current-password"
      />
      <div className="field-row">
        <FormField
          name="password"
          id="account-new-password"
          label="New password"
          type="password"
          required
          hint={NEW_PASSWORD_HINT}
          maxLength={200}
          autoComplete="new-password"
        />
        <FormField
          name="confirmPassword"
          id="account-confirm-password"
          label="Repeat the new password"
          type="password"
          required
          maxLength={200}
          autoComplete="new-password"
        />
      </div>
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={KeyRound}>
          Change password
        </SubmitButton>
      </div>
    </StaffForm>
  );
}
