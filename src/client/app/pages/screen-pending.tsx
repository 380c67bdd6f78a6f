import type { ContentPage, ScreenPage } from '../../../core/pages';
import { Screen } from '../components/screen';

const PENDING_TEXT = 'This screen is not available in this version of Folio yet.';

/**
 * The stand-in for a screen that a later version brings (an editing twin or a back-office screen). The route
 * table guards it like the real one, so menus and permissions can be tried already.
 */
export function ScreenPending({
  page,
  screen,
}: { page: ContentPage; screen?: undefined } | { screen: ScreenPage; page?: undefined }) {
  return (
    <Screen title={page ? page.name : screen.name}>
      <p className="lead-text">{PENDING_TEXT}</p>
      {page ? (
        <p className="app-actions">
          <a className="button" href={page.publicPath}>
            View Page
          </a>
        </p>
      ) : null}
    </Screen>
  );
}
