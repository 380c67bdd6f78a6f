import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { ACCOUNT_MESSAGES, ChangePasswordSchema, type MessageAnswerSchema } from '../../../core/schemas/account';
import { api, errorMessage, useSession } from '../lib/api';
import { FormField, RequiredNote } from '../components/form-field';
import { LoadingStatus, Screen } from '../components/screen';
import { notify } from '../toasts';
import { FormAlert, HiddenUserName } from './account-parts';
import { NEW_PASSWORD_HINT, REPEAT_RULE, samePasswords } from './new-password';
import { TwoStepSettings } from './two-step-settings';

const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(samePasswords, REPEAT_RULE);
type ChangePasswordInput = z.input<typeof ChangePasswordFormSchema>;
type ChangePasswordOutput = z.output<typeof ChangePasswordFormSchema>;

/** The notice of a group that requires two-step sign-in, while it is not on (the guard keeps the user here). */
export const REQUIRED_NOTICE = 'Your group requires two-step sign-in. Turn it on below: the rest of the app opens once it is on.';

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

/**
 * /account (DESIGN §21): every logged-in user's own account, not a menu screen. Their details, a new password,
 * and two-step sign-in. A user whose group requires two-step sign-in is kept here until it is on.
 */
export default function AccountPage() {
  const session = useSession();
  const user = session.data?.user;
  if (!user) return <LoadingStatus />;
  const siteName = session.data?.companyName || 'Folio';
  return (
    <Screen title="Your account">
      {user.twoFactorRequired ? (
        <div className="app-notice account-required">
          <ShieldAlert className="account-required__icon" aria-hidden="true" focusable="false" />
          <p>
            <strong>{REQUIRED_NOTICE}</strong>
          </p>
        </div>
      ) : null}
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
      <Section id="account-two-step" title="Two-step sign-in">
        <TwoStepSettings account={{ username: user.username, siteName, twoFactor: user.twoFactor }} />
      </Section>
      <Section id="account-password" title="Change password">
        <ChangePasswordForm username={user.username} />
      </Section>
    </Screen>
  );
}

/** The current password and the new one twice; the server ends the user's other sessions. */
function ChangePasswordForm({ username }: { username: string }) {
  const [refused, setRefused] = useState<string | null>(null);
  const methods = useForm<ChangePasswordInput, unknown, ChangePasswordOutput>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { current: '', password: '', confirmPassword: '' },
  });
  const { isSubmitting } = methods.formState;

  const onValid = async ({ current, password }: ChangePasswordOutput) => {
    setRefused(null);
    try {
      const answer = await api<z.infer<typeof MessageAnswerSchema>>('/api/auth/password', { current, password });
      notify.success(answer.message);
      methods.reset();
    } catch (error) {
      const message = errorMessage(error);
      const field = message === ACCOUNT_MESSAGES.wrongCurrent ? 'current' : message === ACCOUNT_MESSAGES.samePassword ? 'password' : null;
      if (field) {
        methods.setError(field, { type: 'server', message });
        methods.setFocus(field, { shouldSelect: true });
      } else {
        setRefused(message);
      }
    }
  };

  return (
    <FormProvider {...methods}>
      <form className="app-form" noValidate onSubmit={(event) => void methods.handleSubmit(onValid)(event)}>
        <RequiredNote />
        <HiddenUserName username={username} />
        <FormField name="current" id="account-current-password" label="Current password" type="password" required maxLength={200} autoComplete="current-password" />
        <div className="field-row">
          <FormField name="password" id="account-new-password" label="New password" type="password" required hint={NEW_PASSWORD_HINT} maxLength={200} autoComplete="new-password" />
          <FormField name="confirmPassword" id="account-confirm-password" label="Repeat the new password" type="password" required maxLength={200} autoComplete="new-password" />
        </div>
        <FormAlert message={refused} />
        <div className="app-actions">
          <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            <KeyRound className="button__icon" aria-hidden="true" focusable="false" />
            Change password
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
