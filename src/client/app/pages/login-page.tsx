import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_MESSAGES } from '../../../core/schemas/auth';
import { ApiError, SESSION_KEY, api, errorMessage, useSession } from '../lib/api';
import { clearProfile } from '../lib/profile';
import { TWO_STEP_PATH, needsSecondStep, useCompleteSignIn } from '../account/complete-sign-in';
import { Field } from '../../components/field';
import { Screen } from '../components/screen';
import { notify } from '../toasts';
import { inPlainWords } from '../lib/screen-words';
import * as authApi from '../../../core/api/auth';
import { signOut } from '../../../core/api/session';

/** Ends the session on the server and forgets everything cached for it. Never fails. */
async function endSession(): Promise<void> {
  try {
    await api(signOut, { body: {} });
  } catch {
    // No session, or the server unreachable: the login that follows will tell.
  }
  clearProfile();
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
  const [busy, setBusy] = useState(false);
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (username === '' || password === '') {
      notify.warning(inPlainWords(LOGIN_MESSAGES.mandatory));
      return;
    }
    setBusy(true);
    try {
      await signOut.current;
      const answer = await api(authApi.signIn, { body: { username, password } });
      // The password was right; no session yet: the code of the second step opens it.
      if (needsSecondStep(answer)) await navigate(TWO_STEP_PATH, { replace: true });
      else await completeSignIn(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        notify.error(inPlainWords(LOGIN_MESSAGES.invalid), 'Error');
      else notify.error(errorMessage(error));
      setBusy(false);
    }
  };

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
      <form className="app-form app-panel" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field id="login-username" label="Username" required>
          {(control) => (
            <input
              {...control}
              name="username"
              className="field__input"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={100}
            />
          )}
        </Field>
        <Field id="login-password" label="Password" required>
          {(control) => (
            <input
              {...control}
              name="password"
              className="field__input"
              type="password"
              autoComplete="current-password"
              maxLength={200}
            />
          )}
        </Field>
        <div className="app-actions">
          <button type="submit" className="button app-actions__wide" disabled={busy} aria-busy={busy || undefined}>
            Log In
          </button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </form>
    </Screen>
  );
}
