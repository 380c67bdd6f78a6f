import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, SESSION_KEY } from '../lib/api';
import '../../styles/account.css';

/**
 * After the account changes what the session allows (two-step sign-in on or off, a one-time password replaced),
 * the session (twoFactor, twoFactorRequired, passwordChangeRequired, the screens) and the menu change.
 */
export function useRefreshSession(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
        queryClient.invalidateQueries({ queryKey: ['menu'] }),
      ]),
    [queryClient],
  );
}

/** A refusal with this status (429: too many tries, 409: mail not set up …). */
export const refusedWith = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** The way back from the screens around the login. */
export function BackToLogIn() {
  return (
    <p className="account-back">
      <Link to="/login">Back to log in</Link>
    </p>
  );
}

/**
 * What a screen says in place of its form once it has answered (a link is on its way, the password is set):
 * the sentence takes the focus, as the button that was pressed has gone with the form.
 */
export function Outcome({
  message,
  children,
  takeFocus = false,
}: {
  message: string;
  children?: ReactNode;
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} className="app-panel account-outcome" tabIndex={-1}>
      <p>{message}</p>
      {children}
    </div>
  );
}

/** The user name beside a password field, for password managers (hidden: the screen already says whose account it is). */
export function HiddenUserName({ username }: { username: string }) {
  return <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />;
}
