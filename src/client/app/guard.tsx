import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { errorMessage, useSession } from './lib/api';
import { LoadFailure, LoadingStatus, Screen } from './components/screen';

/** Where a visitor who fails the guard goes (spec 001 §2). */
export const GUARD_REDIRECT = '/Home1';

/**
 * The own account: where a user whose group requires two-step sign-in stays until it is on (docs/design.md §21), and
 * one who signed in with a one-time password until they choose their own (§22).
 */
export const ACCOUNT_PATH = '/account';

/** The screen shown to a logged-in user whose menu lacks the screen asked for. */
export function NotAllowed({ landpage }: { landpage: string }) {
  return (
    <Screen title="Not allowed">
      <p className="lead-text">
        Your menu does not include this screen. Ask an administrator to add it to your menu or your group's menu.
      </p>
      <p className="app-actions">
        <Link className="button" to={landpage || '/Blankpage'}>
          Go to your start page
        </Link>
      </p>
    </Screen>
  );
}

/**
 * The route guard (spec 001 §2, docs/design.md §5): visitors without a session go to the public site; a logged-in
 * user sees the screen only if their menu grants it (`screen` is its routing name; without one, a session
 * is enough). A user whose group requires two-step sign-in and who has not turned it on, or who signed in with
 * a one-time password, goes to /account from every other screen. The server checks every call again: this
 * only spares the user a screen they cannot use.
 */
export function RequireScreen({ screen, children }: { screen?: string; children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const user = session.data?.authenticated ? session.data.user : null;
  const signedOut = session.data !== undefined && user === null;

  useEffect(() => {
    if (signedOut) window.location.replace(GUARD_REDIRECT);
  }, [signedOut]);

  if (session.data === undefined) {
    if (session.isError)
      return <LoadFailure message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
    return <LoadingStatus />;
  }
  if (user === null) return <LoadingStatus label="Redirecting to the public site…" />;
  if ((user.twoFactorRequired || user.passwordChangeRequired) && pathname.toLowerCase() !== ACCOUNT_PATH)
    return <Navigate to={ACCOUNT_PATH} replace />;
  if (screen !== undefined) {
    const wanted = screen.toLowerCase();
    if (!user.screens.some((granted) => granted.toLowerCase() === wanted))
      return <NotAllowed landpage={user.landpage} />;
  }
  return <>{children}</>;
}
