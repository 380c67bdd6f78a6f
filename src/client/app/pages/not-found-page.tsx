import { Link } from 'react-router';
import { useSession } from '../lib/api';
import { Screen } from '../components/screen';

/** An address inside the app that matches no screen. */
export default function NotFoundPage() {
  const session = useSession();
  const landpage = session.data?.authenticated ? session.data.user?.landpage : undefined;
  return (
    <Screen title="Page not found">
      <p className="lead-text">The page you asked for does not exist or has moved.</p>
      <p className="app-actions">
        {landpage ? (
          <Link className="button" to={landpage}>
            Go to your start page
          </Link>
        ) : null}
        <a className={landpage ? 'button button--outline' : 'button'} href="/Home1">
          Go to the public website
        </a>
      </p>
    </Screen>
  );
}
