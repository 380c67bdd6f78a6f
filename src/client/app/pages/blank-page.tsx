import { Screen } from '../components/screen';

/** Where a user with an empty menu lands after login (spec 001 §2). */
export default function BlankPage() {
  return (
    <Screen title="Your menu is empty">
      <p className="lead-text">
        No screens are assigned to you yet. Ask an administrator to give you a menu, or to add you to a group that has
        one.
      </p>
      <p className="app-actions">
        <a className="button" href="/Home1">
          Go to the public website
        </a>
      </p>
    </Screen>
  );
}
