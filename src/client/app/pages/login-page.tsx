import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_MESSAGES } from '../../../core/schemas/auth';
import { ApiError, SESSION_KEY, api, useSession } from '../lib/api';
import { clearProfile } from '../lib/profile';
import { TWO_STEP_PATH, needsSecondStep, useCompleteSignIn } from '../account/complete-sign-in';
import { PasskeySignIn } from '../account/passkey-sign-in';
import { FormField } from '../components/form-field';
import { StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { Screen } from '../components/screen';
import { notify } from '../toasts';
import { inPlainWords } from '../lib/screen-words';
import * as authApi from '../../../core/api/auth';
import { signOut } from '../../../core/api/session';
import { SingleSignOnChoice } from './single-sign-on-choice';

/** Ends the session on the server and forgets everything cached for it. Never fails. */
async function endSession(): Promise<void> {
  try {
    await api(signOut, { body: {} });
  } catch {
    // No session, or the server unreachable: the login that follows will tell.
  }
  clearProfile();
}

interface LoginValues {
  username: string;
  password: string;
}

/**
 * The login screen (spec 001 §2): opening it logs out; success goes to the user's landing page, or to the
 * second step when the user has two-step sign-in on (docs/design.md §21; that screen does not log out).
 */
export default function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const session = useSession();
  // The sign-out that opening the screen starts; a login waits for it so that it cannot end the new session.
  const signOut = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    signOut.current = signOut.current.then(endSession).then(async () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] && query.queryKey[0] !== 'menu',
      });
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    });
  }, [queryClient]);

  // No rules at the fields (spec 001 §2): an empty one is said as the spec's warning, a refusal as its toast.
  const form = useStaffForm<LoginValues>({
    defaultValues: { username: '', password: '' },
    submit: async (values) => {
      const username = values.username.trim();
      if (username === '' || values.password === '') {
        notify.warning(inPlainWords(LOGIN_MESSAGES.mandatory));
        return;
      }
      await signOut.current;
      let answer;
      try {
        answer = await api(authApi.signIn, { body: { username, password: values.password } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        notify.error(inPlainWords(LOGIN_MESSAGES.invalid), 'Error');
        return;
      }
      // The password was right; no session yet: the code of the second step opens it.
      // Whether the second step may be a passkey goes with it (docs/design.md §33).
      if (needsSecondStep(answer)) await navigate(TWO_STEP_PATH, { replace: true, state: { ways: answer.ways } });
      else await completeSignIn(answer);
    },
    onRefused: (message) => notify.error(message),
  });

  return (
    <Screen title="Log in" narrow>
      {session.data?.setupPending ? (
        <div className="app-notice" role="note">
          <p>
            Folio has no administrator yet. Set it up first: enter the company details and create the first
            administrator.
          </p>
          <p>
            <Link to="/companyForm">Set up Folio</Link>
          </p>
        </div>
      ) : null}
      <StaffForm form={form}>
        <SingleSignOnChoice />
        <FormField
          name="username"
          id="login-username"
          label="Username"
          required
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
        />
        <FormField
          name="password"
          id="login-password"
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          maxLength={200}
        />
        <div className="app-actions">
          <SubmitButton busy={form.busy} className="button app-actions__wide">
            Log In
          </SubmitButton>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </StaffForm>
      <PasskeySignIn before={() => signOut.current} />
    </Screen>
  );
}
